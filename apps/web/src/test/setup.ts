import { addCatalogues } from '../lib/i18n.ts';
import { resources } from '../lib/i18n-catalogues.ts';
import { configure } from '@testing-library/react';

// The whole suite shares two cores with the API tests and Chromium; a screen that loads its first lazy module there
// has been seen to take over 5 s (the Google captcha popup on a clean clone). Async queries wait up to 15 s.
configure({ asyncUtilTimeout: 15_000 });

// The app fetches one language's catalogues at start-up; tests have every language at hand.
addCatalogues(resources);

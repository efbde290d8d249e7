import { addCatalogues } from '../lib/i18n.ts';
import { resources } from '../lib/i18n-catalogues.ts';
import { configure } from '@testing-library/react';

// The whole suite shares two cores with the API and browser tests; give async queries room before they fail.
configure({ asyncUtilTimeout: 5000 });

// The app fetches one language's catalogues at start-up; tests have every language at hand.
addCatalogues(resources);

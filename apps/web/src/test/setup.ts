import { configure } from '@testing-library/react';

// The whole suite shares two cores with the API and browser tests; give async queries room before they fail.
configure({ asyncUtilTimeout: 5000 });

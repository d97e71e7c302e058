import { jestConfig } from '../../jest.base.js';

// forceExit: after the full e2e suite a handle (not reported by --detectOpenHandles, and not left by
// any single describe block run alone) keeps jest alive; see the API report. Remove once found.
export default jestConfig(new URL('.', import.meta.url).pathname, { forceExit: true });

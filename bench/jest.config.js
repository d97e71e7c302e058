import { jestConfig } from '../jest.base.js';

export default jestConfig(new URL('.', import.meta.url).pathname);

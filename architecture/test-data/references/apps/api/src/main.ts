// Why the answer is what it is: docs/guide.md#getting-started (and docs/guide.md#a-second-heading-with-code).
// Not a path: https://example.com/apps/api/src/gone.ts, nor '@frostline/api', nor apps/api/src/*.ts.
// See docs/guide.md#missing-anchor for the rest. // BROKEN
// The rest lives in apps/api/src/gone.ts. // BROKEN
export const answer = 42;

import type { IForbiddenRuleType } from 'dependency-cruiser';

/**
 * Test code: jest files, test folders, test-support helpers and the `testing` entry points that
 * expose them to other packages' tests (`@frostline/db/testing`, `@frostline/evaluator/testing/*`).
 */
const TEST_CODE = String.raw`(\.test\.ts$|(^|/)(test|test-support)/|(^|/)testing\.ts$)`;

/**
 * What ships: the sources of the packages and apps. bench/, e2e/, e2e-clients/ and docker/ exist to
 * exercise them and count as test code (the benchmark replays the evaluator's Aiken test cases on purpose).
 */
const SHIPPED_CODE = '^(packages|apps)/[^/]+/src/';

/** Our packages and apps, as files (`@frostline/*` imports resolve to their sources) or as unresolved names. */
const OUR_CODE = '^((apps|packages)/|@frostline/)';

/**
 * What packages/model may import besides our code (ruled separately). An allowlist rather than a list of
 * frameworks and I/O clients, so one nobody thought of cannot slip in: model is pure decoding.
 * Matches npm packages both as resolved (under node_modules/) and as unresolved names.
 */
const MODEL_MAY_IMPORT = [
  String.raw`^(node:)?(buffer|zlib)$`,
  String.raw`(^|/node_modules/)(@noble/hashes|bech32|bs58|cbor-x|@blockfrost/openapi)(/|$)`,
];

export const rules: IForbiddenRuleType[] = [
  {
    name: 'no-cycle',
    comment:
      'Modules that import each other, even only for types, cannot be read, tested or moved apart. ' +
      'Tests count too: a cycle through a test helper is as tangled as any other.',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'model-imports-nothing-of-ours',
    comment: 'packages/model is the vocabulary every other package shares: it depends on none of them.',
    severity: 'error',
    from: { path: '^packages/model/src/' },
    to: { path: OUR_CODE, pathNot: '^packages/model/' },
  },
  {
    name: 'model-is-pure',
    comment:
      'packages/model is pure decoding, publishable on its own: no framework, database, network or ' +
      'file access. Its tests may read fixtures.',
    severity: 'error',
    from: { path: '^packages/model/src/', pathNot: TEST_CODE },
    to: { pathNot: [OUR_CODE, ...MODEL_MAY_IMPORT] },
  },
  {
    name: 'packages-import-no-apps',
    comment:
      'Libraries serve the apps, never the other way round (tests included: it would make a build cycle).',
    severity: 'error',
    from: { path: '^packages/' },
    to: { path: '^apps/' },
  },
  {
    name: 'apps-are-independent',
    comment:
      'Each app is deployed on its own and shares code only through packages/. Tests may run one ' +
      'app against another.',
    severity: 'error',
    from: { path: '^apps/([^/]+)/', pathNot: TEST_CODE },
    to: { path: '^apps/', pathNot: '^apps/$1/' },
  },
  {
    name: 'no-test-code-in-shipped-code',
    comment: 'Test helpers and fixtures are not part of what a package or app ships.',
    severity: 'error',
    from: { path: SHIPPED_CODE, pathNot: TEST_CODE },
    to: { path: TEST_CODE },
  },
];

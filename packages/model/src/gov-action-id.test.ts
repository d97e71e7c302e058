import { BlockfrostError } from './errors.js';
import { govActionId, INVALID_GOV_ACTION_ID_MESSAGE, parseGovActionIdParam } from './gov-action-id.js';

// Pairs of @blockfrost/openapi's examples and blockfrost-tests' preprod proposal fixture.
const PREPROD_INFO = {
  id: 'gov_action14lefp8upwhhq92xph7t075txshf9huxxh9d2ey05ml2n5hqgvlxqqp92kfl',
  txHash: 'aff2909f8175ee02a8c1bf96ff516685d25bf0c6b95aac91f4dfd53a5c0867cc',
  index: 0,
};

describe('govActionId', () => {
  it("encodes Blockfrost's ids: the hash, then the index in its fewest bytes", () => {
    expect(govActionId(PREPROD_INFO.txHash, 0)).toBe(PREPROD_INFO.id);
    expect(parseGovActionIdParam(govActionId(PREPROD_INFO.txHash, 300))).toEqual({
      txHash: PREPROD_INFO.txHash,
      index: 300,
    });
  });
});

describe('parseGovActionIdParam', () => {
  it('reads the hash and index, an id of the hash alone as index 0', () => {
    expect(parseGovActionIdParam(PREPROD_INFO.id)).toEqual({ txHash: PREPROD_INFO.txHash, index: 0 });
  });

  it.each([
    ['a transaction hash', PREPROD_INFO.txHash],
    ['another prefix', 'drep1ygr9tkwdc0ksg9ak6m6mk3l6y7gj4jnscdm7m7h2dqfktwcz5ue8u'],
    ['a broken checksum', PREPROD_INFO.id.slice(0, -1) + 'q'],
    ['too short a payload', 'gov_action1qqqqqqqq'],
  ])("answers Blockfrost's 400 for %s", (_, input) => {
    expect(() => parseGovActionIdParam(input)).toThrow(
      new BlockfrostError(400, INVALID_GOV_ACTION_ID_MESSAGE),
    );
  });
});

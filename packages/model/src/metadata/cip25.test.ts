import { getOnchainMetadata } from '@blockfrost/openapi';
import { cip25OnchainMetadata, type Label721Metadata } from './cip25.js';
import { renderMetadatumJson } from './db-sync-json.js';
import { readFixture } from './test-support/read-fixture.js';

interface Label721Entry {
  tx_hash: string;
  metadatum_cbor: string;
  assets_derived: { policy_id: string; asset_name_hex: string; asset_name_key: string }[];
  json_no_schema_derived: Record<string, Record<string, unknown>>;
}

const label721 = (cbor: string): Label721Metadata => ({ json: renderMetadatumJson(cbor), cbor });

/** What openapi getOnchainMetadata (the RYO code) answers for the same input; it wants the CBOR of {721: value}. */
function openapiAnswer(policyId: string, assetNameHex: string, metadata: Label721Metadata) {
  const { onchainMetadata, validCIPversion } = getOnchainMetadata(
    metadata.json as Record<string, unknown> | null,
    assetNameHex,
    policyId,
    `a11902d1${metadata.cbor}`,
  );
  return { onchain_metadata: onchainMetadata, onchain_metadata_standard: validCIPversion };
}

describe('cip25OnchainMetadata on label-721 metadata from real blocks', () => {
  const { entries } = readFixture<{ entries: Label721Entry[] }>('cip25_label721_from_blocks.json');
  const cases = entries.flatMap((entry) =>
    entry.assets_derived.map((asset) => [entry.tx_hash, asset.asset_name_key, entry, asset] as const),
  );

  test.each(cases)('tx %s asset %s', (_, __, entry, asset) => {
    const result = cip25OnchainMetadata(
      asset.policy_id,
      asset.asset_name_hex,
      label721(entry.metadatum_cbor),
    );
    expect(result.onchain_metadata).toEqual(
      entry.json_no_schema_derived[asset.policy_id][asset.asset_name_key],
    );
    expect(result).toEqual(
      openapiAnswer(asset.policy_id, asset.asset_name_hex, label721(entry.metadatum_cbor)),
    );
  });
});

describe('cip25OnchainMetadata rules (each also checked against openapi getOnchainMetadata)', () => {
  const policy = 'ab'.repeat(28);
  const policyText = '7838' + Buffer.from(policy).toString('hex'); // the policy id as a 56-char text key
  const policyBytes = '581c' + policy;
  const name = '4e4654'; // "NFT"
  const entry = 'a2' + '646e616d65' + '616e' + '65696d616765' + '6169'; // {name: "n", image: "i"}
  const version2 = '6776657273696f6e' + '02';

  test.each([
    ['v1 text keys', `a1${policyText}a1${'634e4654'}${entry}`, name, 'CIP25v1'],
    [
      'v1 invalid metadata is returned without a standard',
      `a1${policyText}a1${'634e4654'}${'a0'}`,
      name,
      null,
    ],
    [
      'v1 non-UTF-8 name matched after U+FFFD replacement',
      `a1${policyText}a1${'64efbfbd41'}${entry}`,
      'ff41',
      'CIP25v1',
    ],
    [
      'v1 non-UTF-8 name keyed by its hex text',
      `a1${policyText}a1${'6466663431'}${entry}`,
      'ff41',
      'CIP25v1',
    ],
    ['v2 byte keys', `a2${policyBytes}a1${'43' + name}${entry}${version2}`, name, 'CIP25v2'],
    ['v2 with an empty name', `a2${policyBytes}a1${'40'}${entry}${version2}`, '', 'CIP25v2'],
    [
      'v2 version as text "2.0"',
      `a2${policyBytes}a1${'43' + name}${entry}6776657273696f6e63322e30`,
      name,
      'CIP25v2',
    ],
    [
      'v2 declared but text keys: metadata only',
      `a2${policyText}a1${'634e4654'}${entry}${version2}`,
      name,
      null,
    ],
    ['version 3 is not looked up', `a2${policyText}a1${'634e4654'}${entry}6776657273696f6e03`, name, null],
    ['asset not mentioned', `a1${policyText}a1${'634f5448'}${entry}`, name, null],
  ])('%s', (_, cbor, assetNameHex, standard) => {
    const result = cip25OnchainMetadata(policy, assetNameHex, label721(cbor));
    expect(result.onchain_metadata_standard).toBe(standard);
    expect(result).toEqual(openapiAnswer(policy, assetNameHex, label721(cbor)));
  });

  test('no 721 metadata, or db-sync stored NULL json', () => {
    expect(cip25OnchainMetadata(policy, name, null)).toEqual({
      onchain_metadata: null,
      onchain_metadata_standard: null,
    });
    expect(cip25OnchainMetadata(policy, name, { json: null, cbor: 'a0' })).toEqual({
      onchain_metadata: null,
      onchain_metadata_standard: null,
    });
  });
});

import { validateSchema } from '@blockfrost/openapi';
import {
  isValidCip25Metadata,
  isValidCip68FtMetadata,
  isValidCip68NftMetadata,
  isValidCip68RftMetadata,
} from './metadata-schemas.js';
import { readFixture } from './test-support/read-fixture.js';

// Inputs that probe each schema rule, plus every on-chain metadata object in the Blockfrost fixtures.
const probes: unknown[] = [
  null,
  'text',
  [],
  {},
  { name: 'n' },
  { name: 'n', image: 'i' },
  { name: 'n', image: ['a', 'b'] },
  { name: 'n', image: ['a', 1] },
  { name: 1, image: 'i' },
  { name: 'n', image: 'i', description: ['d'] },
  { name: 'n', image: 'i', description: 5 },
  { name: 'n', image: 'i', mediaType: 5 },
  { name: 'n', image: 'i', files: [] },
  { name: 'n', image: 'i', files: [{ mediaType: 'm', src: 's' }] },
  { name: 'n', image: 'i', files: [{ mediaType: 'm', src: ['s', 't'], name: 'f' }] },
  { name: 'n', image: 'i', files: [{ mediaType: 'm' }] },
  { name: 'n', image: 'i', files: [{ mediatype: 'm', src: 's' }] },
  { name: 'n', image: 'i', files: [{ mediaType: 'm', src: 's', name: 1 }] },
  { name: 'n', image: 'i', files: {} },
  { name: 'n', image: 'i', decimals: 6 },
  { name: 'n', image: 'i', decimals: '6' },
  { name: 'n', description: 'd' },
  { name: 'n', description: 'd', decimals: 2, ticker: 't', logo: 'l' },
  { name: 'n', description: 'd', decimals: '02' },
  { name: 'n', description: 'd', ticker: 1 },
  { name: 'n', description: 'd', logo: ['l'] },
  ...readFixture<{ entries: { response: { onchain_metadata: unknown } }[] }>(
    'blockfrost_asset_responses.json',
  ).entries.map((entry) => entry.response.onchain_metadata),
];

describe.each([
  ['asset_onchain_metadata_cip25', isValidCip25Metadata],
  ['asset_onchain_metadata_cip68_nft_222', isValidCip68NftMetadata],
  ['asset_onchain_metadata_cip68_ft_333', isValidCip68FtMetadata],
  ['asset_onchain_metadata_cip68_rft_444', isValidCip68RftMetadata],
] as const)('%s agrees with @blockfrost/openapi validateSchema', (schemaName, predicate) => {
  test.each(probes.map((probe) => [JSON.stringify(probe), probe]))('%s', (_, probe) => {
    expect(predicate(probe)).toBe(validateSchema(schemaName, probe).isValid);
  });
});

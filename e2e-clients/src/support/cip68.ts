import type { Stack } from './stack.js';

/** The NFT every client mints: its 222 user token and its 100 reference token carry this name. */
export const NFT_NAME = 'Frost';
/** The metadata the reference token's inline datum holds (CIP-68 v1: `Constr 0 [map, 1, …]`). */
export const NFT_METADATA = { name: 'Frost', image: 'ipfs://frost' };

/** GET /assets/{222 unit} answers the reference datum's metadata, minted by `mintHash`. */
export async function expectCip68Asset(stack: Stack, unit: string, mintHash: string): Promise<void> {
  expect(await stack.get(`/assets/${unit}`)).toMatchObject({
    asset: unit,
    quantity: '1',
    initial_mint_tx_hash: mintHash,
    onchain_metadata: NFT_METADATA,
    onchain_metadata_standard: 'CIP68v1',
  });
}

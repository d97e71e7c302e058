import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { bigNum, SCRIPT, scriptAddress } from './csl-transactions.js';
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

/**
 * The outputs of a mint of the NFT under the always-succeeding script's policy: the 100 reference token
 * at the script address, its inline datum holding NFT_METADATA, and the 222 user token paid `to`.
 */
export function cip68MintOutputs(to: CSL.Address) {
  const name = Buffer.from(NFT_NAME).toString('hex');
  const [reference, user] = [`000643b0${name}`, `000de140${name}`];
  const token = (address: CSL.Address, assetName: string) => {
    const assets = CSL.Assets.new();
    assets.insert(CSL.AssetName.new(Buffer.from(assetName, 'hex')), bigNum(1));
    const multiAsset = CSL.MultiAsset.new();
    multiAsset.insert(SCRIPT.hash(), assets);
    return CSL.TransactionOutput.new(address, CSL.Value.new_with_assets(bigNum(2_000_000), multiAsset));
  };
  const metadata = CSL.PlutusMap.new();
  for (const [key, text] of Object.entries(NFT_METADATA)) {
    const values = CSL.PlutusMapValues.new();
    values.add(CSL.PlutusData.new_bytes(Buffer.from(text)));
    metadata.insert(CSL.PlutusData.new_bytes(Buffer.from(key)), values);
  }
  const fields = CSL.PlutusList.new();
  fields.add(CSL.PlutusData.new_map(metadata));
  fields.add(CSL.PlutusData.new_integer(CSL.BigInt.from_str('1')));
  const referenceOutput = token(scriptAddress, reference);
  referenceOutput.set_plutus_data(
    CSL.PlutusData.new_constr_plutus_data(CSL.ConstrPlutusData.new(bigNum(0), fields)),
  );
  return { reference, user, outputs: [referenceOutput, token(to, user)] };
}

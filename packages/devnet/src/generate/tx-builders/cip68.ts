import type CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Builder } from '../context.js';
import { bytesData, constrData, intData, mapData } from '../plutus.js';
import type { MintDraft } from '../tx.js';
import { FEE_RESERVE, ada, gather, randomRecipient } from './funding.js';
import { recordMint } from './mint.js';

/** CIP-67 asset name prefixes (label in 4 hex digits + CRC-8, between zero nibbles). */
export const CIP68_PREFIX = {
  reference: '000643b0',
  nft: '000de140',
  ft: '0014df10',
  rft: '001bc280',
} as const;
type UserToken = 'nft' | 'ft' | 'rft';

/** Policies 4 and 5 mint CIP-68 pairs. */
const CIP68_POLICIES = [4, 5];

/**
 * Mints a CIP-68 pair: the reference NFT (label 100), kept by the issuer with the metadata as inline
 * datum, and a user token (222 NFT, 333 FT or 444 RFT) sent to a recipient.
 */
export const mintCip68: Builder = (g) => {
  const funding = gather(g, FEE_RESERVE + ada(10));
  if (funding === undefined) return undefined;
  const policy = g.actors.policies[g.random.pick(CIP68_POLICIES)]!;
  const kind = g.random.pick<UserToken>(['nft', 'ft', 'rft']);
  const serial = g.state.nextAsset;
  const suffix = Buffer.from(`Ice${serial}`).toString('hex');
  const referenceName = CIP68_PREFIX.reference + suffix;
  const userName = CIP68_PREFIX[kind] + suffix;
  const quantity = kind === 'nft' ? 1n : kind === 'ft' ? 1_000_000n : 100n;
  const datum = cip68Datum(kind, serial, 0);
  const mint: MintDraft[] = [{ policy, assets: { [referenceName]: 1n, [userName]: quantity } }];
  return {
    draft: {
      inputs: funding.inputs,
      outputs: [
        {
          to: funding.owner,
          lovelace: ada(3),
          assets: { [policy.idHex + referenceName]: 1n },
          datum: { inline: datum },
          pool: 'cip68',
        },
        { to: randomRecipient(g), lovelace: ada(2), assets: { [policy.idHex + userName]: quantity } },
      ],
      change: funding.owner,
      mint,
    },
    apply: (tx) => {
      g.state.nextAsset += 1;
      recordMint(g, tx, mint, undefined, undefined);
      g.state.cip68Datums.set(policy.idHex + referenceName, datum.to_hex());
    },
  };
};

/** Spends a reference NFT output and recreates it with a new datum (a metadata update). */
export const updateCip68: Builder = (g) => {
  const references = g.state.utxos.items('cip68');
  if (references.length === 0) return undefined;
  const reference = references[g.random.int(references.length)]!;
  const funding = gather(g, FEE_RESERVE + ada(1));
  if (funding === undefined) return undefined;
  const unit = Object.keys(reference.assets)[0]!;
  const suffix = Buffer.from(unit.slice(56 + 8), 'hex').toString('utf8');
  const kind = userTokenOf(g.state.assets, unit);
  // The transaction ordinal makes every datum value new, so "latest output" and db-sync's
  // "first seen" ordering of datums agree
  // (docs/semantics.md#assets-which-on-chain-metadata).
  const datum = cip68Datum(kind, Number(suffix.slice(3)), g.state.txOrdinal);
  const owner = g.wallet(reference.owner);
  return {
    draft: {
      inputs: [reference, ...funding.inputs],
      outputs: [
        {
          to: owner,
          lovelace: reference.lovelace,
          assets: reference.assets,
          datum: { inline: datum },
          pool: 'cip68',
        },
      ],
      change: funding.owner,
    },
    apply: () => g.state.cip68Datums.set(unit, datum.to_hex()),
  };
};

/** The user token kind minted with a reference NFT (the other asset of its pair). */
function userTokenOf(assets: Map<string, unknown>, referenceUnit: string): UserToken {
  const base = referenceUnit.slice(0, 56);
  const suffix = referenceUnit.slice(56 + 8);
  for (const kind of ['nft', 'ft', 'rft'] as const)
    if (assets.has(base + CIP68_PREFIX[kind] + suffix)) return kind;
  return 'nft';
}

/**
 * `Constr 0 [metadata map, version, extra]` with the fields Blockfrost validates per standard:
 * 222/444 need name + image, 333 name + description (plus ticker and decimals).
 */
function cip68Datum(kind: UserToken, serial: number, revision: number): CSL.PlutusData {
  const description = revision === 0 ? 'A generated CIP-68 token' : `Updated at transaction ${revision}`;
  const fields: [CSL.PlutusData, CSL.PlutusData][] = [
    [bytesData('name'), bytesData(`Ice #${serial}`)],
    [bytesData('description'), bytesData(description)],
  ];
  if (kind === 'ft') {
    fields.push([bytesData('ticker'), bytesData(`ICE${serial}`)], [bytesData('decimals'), intData(6)]);
  } else {
    fields.push(
      [bytesData('image'), bytesData(`ipfs://QmIce${serial.toString(16).padStart(8, '0')}`)],
      [bytesData('mediaType'), bytesData('image/png')],
    );
    if (kind === 'rft') fields.push([bytesData('decimals'), intData(0)]);
  }
  return constrData(0, [mapData(fields), intData(kind === 'ft' ? 1 : 2), constrData(0, [])]);
}

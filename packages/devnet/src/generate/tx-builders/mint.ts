import type { Builder, Generation } from '../context.js';
import { cip25, transactionMetadata, type Cip25Fields } from '../metadata.js';
import type { Cip25Record } from '../state.js';
import type { BuiltTx, MintDraft, OutputDraft } from '../tx.js';
import { FEE_RESERVE, ada, gather, randomRecipient } from './funding.js';

/** Policies 0–1 publish CIP-25 v1 metadata, 2–3 v2 (4–5 are CIP-68, see cip68.ts). */
const V1_POLICIES = [0, 1];
const V2_POLICIES = [2, 3];

/** Mints one to assetsPerMint new assets with label 721 metadata naming each of them. */
export function mintCip25(version: 1 | 2): Builder {
  return (g) => {
    const funding = gather(g, FEE_RESERVE + ada(10));
    if (funding === undefined) return undefined;
    const policy = g.actors.policies[g.random.pick(version === 1 ? V1_POLICIES : V2_POLICIES)]!;
    const count = g.random.between(1, g.options.assetsPerMint);
    const minted: Record<string, bigint> = {};
    const described: { nameHex: string; fields: Cip25Fields }[] = [];
    for (let i = 0; i < count; i++) {
      const serial = g.state.nextAsset + i;
      const nameHex = Buffer.from(`Frost${serial}`).toString('hex');
      minted[nameHex] = g.random.chance(0.6) ? 1n : BigInt(g.random.between(1_000, 1_000_000));
      described.push({ nameHex, fields: cip25Fields(serial, 0) });
    }
    const outputs: OutputDraft[] = Object.entries(minted).map(([nameHex, quantity]) => ({
      to: randomRecipient(g),
      lovelace: ada(2),
      assets: { [policy.idHex + nameHex]: quantity },
    }));
    return {
      draft: {
        inputs: funding.inputs,
        outputs,
        change: funding.owner,
        mint: [{ policy, assets: minted }],
        metadata: transactionMetadata({ 721: cip25(version, policy.idHex, described) }),
      },
      apply: (tx) => {
        g.state.nextAsset += count;
        recordMint(g, tx, [{ policy, assets: minted }], version, described);
      },
    };
  };
}

/**
 * Mints more of an existing CIP-25 asset together with a new one. Label 721 then names both (a metadata
 * update), only the new one (the old asset's metadata becomes null), or is absent (the old asset keeps
 * its metadata: Blockfrost looks at the latest mint *with* 721).
 */
export const remintCip25: Builder = (g) => {
  const existing = g.state.cip25Assets;
  if (existing.length === 0) return undefined;
  const unit = g.random.pick(existing);
  const policy = g.actors.policies.find((candidate) => candidate.idHex === unit.slice(0, 56))!;
  const version = V1_POLICIES.includes(policy.index) ? 1 : 2;
  const funding = gather(g, FEE_RESERVE + ada(10));
  if (funding === undefined) return undefined;
  const serial = g.state.nextAsset;
  const newName = Buffer.from(`Frost${serial}`).toString('hex');
  const oldName = unit.slice(56);
  const minted = { [oldName]: BigInt(g.random.between(1, 100)), [newName]: 1n };
  const variant = g.random.int(4);
  const described =
    variant === 3
      ? undefined
      : [
          { nameHex: newName, fields: cip25Fields(serial, 0) },
          ...(variant === 2 ? [] : [{ nameHex: oldName, fields: cip25Fields(serial, g.state.txOrdinal) }]),
        ];
  return {
    draft: {
      inputs: funding.inputs,
      outputs: [
        {
          to: funding.owner,
          lovelace: ada(2),
          assets: { [unit]: minted[oldName]!, [policy.idHex + newName]: 1n },
        },
      ],
      change: funding.owner,
      mint: [{ policy, assets: minted }],
      ...(described === undefined
        ? {}
        : { metadata: transactionMetadata({ 721: cip25(version, policy.idHex, described) }) }),
    },
    apply: (tx) => {
      g.state.nextAsset += 1;
      recordMint(g, tx, [{ policy, assets: minted }], version, described);
    },
  };
};

/** Burns all of one asset held by a wallet output (never a CIP-68 reference NFT: those sit in 'cip68'). */
export const burn: Builder = (g) => {
  const tokens = g.state.utxos.items('tokens');
  for (let attempt = 0; attempt < 8 && tokens.length > 0; attempt++) {
    const holder = tokens[g.random.int(tokens.length)]!;
    const units = Object.keys(holder.assets);
    if (units.length === 0) continue;
    const unit = g.random.pick(units);
    const policy = g.actors.policies.find((candidate) => candidate.idHex === unit.slice(0, 56));
    if (policy === undefined) continue;
    const funding = gather(g, FEE_RESERVE + ada(2));
    if (funding === undefined) return undefined;
    const mint: MintDraft[] = [{ policy, assets: { [unit.slice(56)]: -holder.assets[unit]! } }];
    return {
      draft: { inputs: [...funding.inputs, holder], outputs: [], change: funding.owner, mint },
      apply: (tx) => recordMint(g, tx, mint, undefined, undefined),
    };
  }
  return undefined;
};

function cip25Fields(serial: number, revision: number): Cip25Fields {
  return {
    name: `Frost #${serial}`,
    image: `ipfs://QmFrostline${serial.toString(16).padStart(8, '0')}`,
    mediaType: 'image/png',
    description: revision === 0 ? 'A generated devnet asset' : `Revised at transaction ${revision}`,
  };
}

/**
 * Supply, mint count and first mint of every minted or burnt asset; for positive mints with label 721,
 * the asset's CIP-25 entry (null when the label does not name it).
 */
export function recordMint(
  g: Generation,
  tx: BuiltTx,
  mint: MintDraft[],
  version: 1 | 2 | undefined,
  described: { nameHex: string; fields: Cip25Fields }[] | undefined,
): void {
  for (const { policy, assets } of mint) {
    for (const [nameHex, quantity] of Object.entries(assets)) {
      const unit = policy.idHex + nameHex;
      const known = g.state.assets.get(unit);
      let cip25: Cip25Record | null = known?.cip25 ?? null;
      if (quantity > 0n && described !== undefined && version !== undefined) {
        const fields = described.find((entry) => entry.nameHex === nameHex)?.fields;
        cip25 =
          fields === undefined
            ? null
            : { standard: version === 1 ? 'CIP25v1' : 'CIP25v2', metadata: { ...fields } };
      }
      g.state.assets.set(unit, {
        supply: (known?.supply ?? 0n) + quantity,
        mintOrBurnCount: (known?.mintOrBurnCount ?? 0) + 1,
        initialMintTx: known?.initialMintTx ?? tx.id,
        cip25,
      });
      if (known === undefined && version !== undefined) g.state.cip25Assets.push(unit);
    }
  }
}

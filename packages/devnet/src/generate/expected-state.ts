import type { DelegateRepresentative } from '@cardano-ogmios/schema';
import type { Utxo as GenesisUtxo } from '../ledger/outputs.js';
import { drepCredential, rewardCredential } from '../ledger/delegation.js';
import type { Network } from '../networks/networks.js';
import { blake2b256, toHex } from './keys.js';
import type { AccountHistory, BlockRecord, ChainState } from './state.js';
import type { DRep } from './wallets.js';

/**
 * What the indexer must end up with after the final chain (abandoned fork branches excluded), in
 * Blockfrost's terms (docs/semantics.md). JSON; lovelace and quantities are decimal strings.
 *
 * {
 *   "network": "custom", "seed": 1,
 *   "tip": { "slot": N, "id": HEX64, "height": N },
 *   // The genesis distribution, as db-sync seeds it: Byron AVVM vouchers (at their redeem addresses)
 *   // and balances, then Shelley initial funds; tx id = blake2b-256 of the address bytes, index 0.
 *   "genesisUtxos": [{ "txHash", "index", "address", "lovelace" }],
 *   // Unspent outputs of the chain's transactions per address (bech32, base58 for Byron), in chain order
 *   // (block, transaction, output index); genesis outputs the chain never spends are only in genesisUtxos.
 *   // `dataHash` is Blockfrost's data_hash: the datum hash, also for inline datums (hash of the datum bytes).
 *   "addresses": { "<bech32>": { "utxos": [{ "txHash", "index", "lovelace", "assets": { "<unit>": "<qty>" },
 *                  "dataHash": HEX64|null, "inlineDatum": CBORHEX|null, "referenceScriptHash": HEX56|null }] } },
 *   // Every asset ever minted; supply "0" once burnt. cip25* is the asset's entry in the latest mint
 *   // carrying label 721 (null when that label does not name it); cip68ReferenceDatum is the inline
 *   // datum of the output now holding the reference NFT (label 100), on the reference NFT and on its
 *   // 222/333/444 user token.
 *   "assets": { "<unit>": { "policyId", "assetName": HEX|null, "quantity", "mintOrBurnCount",
 *               "initialMintTxHash", "cip25Metadata": OBJECT|null, "cip25Standard": "CIP25v1"|"CIP25v2"|null,
 *               "cip68ReferenceDatum": CBORHEX|null } },
 *   // Every stake address seen on chain. poolId/drepId follow RYO's rules (pool retirement ignored,
 *   // vote delegations void after deregistration or before the DRep's latest registration).
 *   // withdrawableAmount is the ledger reward balance the server reports (rewardAccounts events);
 *   // rewardsSum = withdrawable + withdrawals; controlledAmount = utxoLovelace + withdrawable.
 *   "accounts": { "<stake address>": { "registered", "active", "activeEpoch": N|null, "poolId": "pool1…"|null,
 *                 "drepId": "drep1…"|"drep_always_abstain"|"drep_always_no_confidence"|null,
 *                 "withdrawalsSum", "reservesSum", "treasurySum", "utxoLovelace", "withdrawableAmount",
 *                 "rewardsSum", "controlledAmount" } },
 *   // Every script seen on chain (reference scripts of outputs, witness scripts of valid transactions)
 *   // with the transaction that first showed it.
 *   "scripts": { "<script hash>": { "txHash": HEX64 } },
 *   // nut.link: oracles registered with label 1967; ticker counts count one per output to the address.
 *   "oracles": { "<bech32>": { "tickers": { "<ticker>": { "count": N, "latestBlock": HEIGHT } } } },
 *   // Per block of the final chain, Byron epoch-boundary blocks included: slotLeader is, for every Praos
 *   // block, the pool id "pool1…" (bech32 of the issuer's cold-key hash; a genesis pool or one registered
 *   // in an earlier block: Babbage and Conway have no genesis-delegate overlay, so no "ShelleyGenesis-…"),
 *   // for a Byron main block "ByronGenesis-<16 hex>", for an EBB "Epoch boundary slot leader"; an EBB has
 *   // height and epochSlot null and size 0 (Ogmios gives no EBB size); time is the slot's UNIX time;
 *   // fees/output as db-sync sums them (invalid transactions: collateral; Byron: inputs − outputs), null
 *   // without transactions.
 *   "blocks": [{ "height": N|null, "hash", "slot", "epoch", "epochSlot": N|null, "time", "era", "slotLeader",
 *                "size", "txCount", "fees": STRING|null, "output": STRING|null }]
 * }
 */
export interface ExpectedState {
  network: string;
  seed: number;
  tip: { slot: number; id: string; height: number };
  genesisUtxos: { txHash: string; index: number; address: string; lovelace: string }[];
  addresses: Record<string, { utxos: ExpectedUtxo[] }>;
  assets: Record<string, ExpectedAsset>;
  accounts: Record<string, ExpectedAccount>;
  scripts: Record<string, { txHash: string }>;
  oracles: Record<string, { tickers: Record<string, { count: number; latestBlock: number }> }>;
  blocks: ExpectedBlock[];
}

export interface ExpectedUtxo {
  txHash: string;
  index: number;
  lovelace: string;
  assets: Record<string, string>;
  dataHash: string | null;
  inlineDatum: string | null;
  referenceScriptHash: string | null;
}

export interface ExpectedAsset {
  policyId: string;
  assetName: string | null;
  quantity: string;
  mintOrBurnCount: number;
  initialMintTxHash: string;
  cip25Metadata: Record<string, unknown> | null;
  cip25Standard: 'CIP25v1' | 'CIP25v2' | null;
  cip68ReferenceDatum: string | null;
}

export interface ExpectedAccount {
  registered: boolean;
  active: boolean;
  activeEpoch: number | null;
  poolId: string | null;
  drepId: string | null;
  withdrawalsSum: string;
  reservesSum: string;
  treasurySum: string;
  utxoLovelace: string;
  withdrawableAmount: string;
  rewardsSum: string;
  controlledAmount: string;
}

export type ExpectedBlock = Omit<BlockRecord, 'id'> & { hash: string };

export interface ExpectedInput {
  state: ChainState;
  /** The generator's DReps (vote delegations name them by credential, Blockfrost by CIP-129 id). */
  dreps: readonly DRep[];
  network: Network;
  seed: number;
  /** the network's genesis outputs (networks/genesis-utxos.ts) */
  genesis: GenesisUtxo[];
  /** lovelace per stake address of the genesis outputs the chain never spends (not in `addresses`) */
  foreignGenesisStake: ReadonlyMap<string, bigint>;
}

export function expectedState({
  state,
  dreps,
  network,
  seed,
  genesis,
  foreignGenesisStake,
}: ExpectedInput): ExpectedState {
  const utxos = state.utxos
    .all()
    .sort(
      (a, b) =>
        a.txOrdinal - b.txOrdinal || (a.txId === b.txId ? a.index - b.index : a.txId < b.txId ? -1 : 1),
    );
  const addresses: ExpectedState['addresses'] = {};
  const utxoLovelace = new Map(foreignGenesisStake);
  for (const utxo of utxos) {
    (addresses[utxo.address] ??= { utxos: [] }).utxos.push({
      txHash: utxo.txId,
      index: utxo.index,
      lovelace: utxo.lovelace.toString(),
      assets: Object.fromEntries(
        Object.entries(utxo.assets).map(([unit, quantity]) => [unit, quantity.toString()]),
      ),
      dataHash:
        utxo.datumHash ??
        (utxo.inlineDatum === undefined ? null : toHex(blake2b256(Buffer.from(utxo.inlineDatum, 'hex')))),
      inlineDatum: utxo.inlineDatum ?? null,
      referenceScriptHash: utxo.referenceScriptHash ?? null,
    });
    if (utxo.stakeAddress !== undefined)
      utxoLovelace.set(utxo.stakeAddress, (utxoLovelace.get(utxo.stakeAddress) ?? 0n) + utxo.lovelace);
  }

  const assets: ExpectedState['assets'] = {};
  for (const [unit, record] of [...state.assets].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const name = unit.slice(56);
    assets[unit] = {
      policyId: unit.slice(0, 56),
      assetName: name === '' ? null : name,
      quantity: record.supply.toString(),
      mintOrBurnCount: record.mintOrBurnCount,
      initialMintTxHash: record.initialMintTx,
      cip25Metadata: record.cip25?.metadata ?? null,
      cip25Standard: record.cip25?.standard ?? null,
      cip68ReferenceDatum: state.cip68Datums.get(unit.slice(0, 56) + '000643b0' + name.slice(8)) ?? null,
    };
  }

  const accounts: ExpectedState['accounts'] = {};
  for (const [stakeAddress, history] of [...state.accounts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const utxo = utxoLovelace.get(stakeAddress) ?? 0n;
    const summary = state.ledger.account(rewardCredential(stakeAddress));
    const rewards = summary === undefined ? 0n : BigInt(summary.rewards.ada.lovelace);
    const drep = summary?.delegateRepresentative as DelegateRepresentative | undefined;
    accounts[stakeAddress] = {
      registered: summary !== undefined,
      active: summary?.stakePool !== undefined,
      activeEpoch: history.activeEpoch ?? null,
      poolId: summary?.stakePool?.id ?? null,
      drepId: drep === undefined ? null : blockfrostDRepId(drep, history, state, dreps),
      withdrawalsSum: history.withdrawals.toString(),
      reservesSum: history.reserves.toString(),
      treasurySum: history.treasury.toString(),
      utxoLovelace: utxo.toString(),
      withdrawableAmount: rewards.toString(),
      rewardsSum: (rewards + history.withdrawals).toString(),
      controlledAmount: (utxo + rewards).toString(),
    };
  }

  const oracles: ExpectedState['oracles'] = {};
  for (const [address, record] of state.oracles)
    if (record.registered) oracles[address] = { tickers: record.tickers };

  return {
    network: network.name,
    seed,
    tip: state.tip!,
    genesisUtxos: genesis.map((utxo) => ({
      txHash: utxo.transaction.id,
      index: utxo.index,
      address: utxo.address as string,
      lovelace: String((utxo.value as { ada: { lovelace: bigint } }).ada.lovelace),
    })),
    addresses,
    assets,
    accounts,
    scripts: Object.fromEntries([...state.scripts].map(([hash, txHash]) => [hash, { txHash }])),
    oracles,
    blocks: state.blocks.map(({ id, ...block }) => ({ ...block, hash: id })),
  };
}

/**
 * Blockfrost's drep_id of a vote delegation: null when the DRep is not registered or registered again
 * after the delegation (RYO's rule; the ledger clears the delegations to a DRep that retires).
 */
function blockfrostDRepId(
  drep: DelegateRepresentative,
  history: AccountHistory,
  state: ChainState,
  dreps: readonly DRep[],
): string | null {
  if (drep.type === 'abstain') return 'drep_always_abstain';
  if (drep.type === 'noConfidence') return 'drep_always_no_confidence';
  const target = dreps.find((candidate) => candidate.hashHex === drep.id)!;
  const registrationTx = state.drepRegistrations.get(target.index)!;
  const registered = state.ledger.drepRegistered(drepCredential(drep));
  return registered && history.voteDelegationTx! >= registrationTx ? target.id : null;
}

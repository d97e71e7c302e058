// Row shapes of one batch, as sink/write-rows.ts writes them (mostly by COPY). Hashes are hex strings
// here and bytes in the database (PostgreSQL's hex input), amounts bigint.

import type { GovActionType, RedeemerPurpose, Vote, VoterRole } from '@frostline/model';

export interface BlockRow {
  id: bigint;
  hash: string;
  height: number | null;
  slot: number;
  isEbb: boolean;
  epoch: number;
  epochSlot: number | null;
  time: number;
  size: number;
  txCount: number;
  outSum: bigint | null;
  fees: bigint | null;
  slotLeader: string;
  blockVrf: string | null;
  opCert: string | null;
  opCertCounter: bigint | null;
  previousHash: string | null;
  era: string;
}

export interface TxRow {
  id: bigint;
  hash: string;
  blockId: bigint;
  blockIndex: number;
  valid: boolean;
  fee: bigint;
  outSum: bigint;
  size: number;
  deposit: bigint;
  invalidBefore: bigint | null;
  invalidHereafter: bigint | null;
  treasuryDonation: bigint;
  redeemerCount: number;
  poolRetireCount: number;
}

export interface TxOutRow {
  id: bigint;
  txId: bigint;
  index: number;
  addressId: bigint;
  paymentCred: string | null;
  stakeAddressId: bigint | null;
  value: bigint;
  hasAssets: boolean;
  dataHash: string | null;
  inlineDatum: string | null;
  referenceScriptHash: string | null;
  /** not a column: spent by a later transaction of the same batch, so never a live output in the database */
  spentInBatch: boolean;
  /** not a column: the payment credential is a script, so the lovelace counts as locked in utxo_supply */
  lockedByScript: boolean;
}

export type TxInputKind = 'spend' | 'collateral' | 'reference';

export interface BatchRows {
  blocks: BlockRow[];
  addresses: { id: bigint; address: string; paymentCred: string | null; firstBlockId: bigint }[];
  stakeAddresses: { id: bigint; hashRaw: string; view: string; firstBlockId: bigint }[];
  assets: { id: bigint; policy: string; name: string; fingerprint: string; firstBlockId: bigint }[];
  txs: TxRow[];
  txOuts: TxOutRow[];
  maTxOuts: { txOutId: bigint; assetId: bigint; quantity: bigint }[];
  /** every output the batch spends, with the transaction spending it, in chain order (tx_out_spend) */
  spends: { txOutId: bigint; txId: bigint }[];
  /** outputs stored before this batch that it spends: they leave the live-output tables */
  spentBefore: bigint[];
  assetMints: { id: bigint; assetId: bigint; txId: bigint; quantity: bigint }[];
  metadata: { id: bigint; txId: bigint; label: string; json: string | null; bytes: string }[];
  txCbors: { txId: bigint; bytes: Uint8Array }[];
  /** `position`: the row's place among its label's (sink/history-positions.ts), 0 until the batch writer sets it */
  metadataCbors: { id: bigint; txId: bigint; label: string; bytes: string; position: number }[];
  requiredSigners: { id: bigint; txId: bigint; hash: string }[];
  /** collateral and reference inputs, and spent inputs whose output the index never saw */
  txInputs: { id: bigint; txId: bigint; kind: TxInputKind; outTxHash: string; outIndex: number }[];
  collateralTxOuts: {
    id: bigint;
    txId: bigint;
    index: number;
    address: string;
    value: bigint;
    dataHash: string | null;
    inlineDatum: string | null;
    referenceScriptHash: string | null;
  }[];
  datums: { id: bigint; hash: string; bytes: string; txId: bigint }[];
  scripts: { id: bigint; hash: string; language: string; bytes: string; txId: bigint }[];
  stakeRegistrations: {
    id: bigint;
    txId: bigint;
    certIndex: number;
    stakeAddressId: bigint;
    deregistration: boolean;
  }[];
  delegations: { id: bigint; txId: bigint; certIndex: number; stakeAddressId: bigint; poolHash: string }[];
  voteDelegations: {
    id: bigint;
    txId: bigint;
    certIndex: number;
    stakeAddressId: bigint;
    drepKind: string;
    drepHash: string | null;
  }[];
  drepRegistrations: {
    id: bigint;
    txId: bigint;
    certIndex: number;
    drepKind: string;
    drepHash: string;
    deposit: bigint | null;
    anchorUrl: string | null;
    anchorHash: string | null;
  }[];
  committeeRegistrations: {
    id: bigint;
    txId: bigint;
    certIndex: number;
    coldKind: string;
    coldHash: string;
    hotKind: string;
    hotHash: string;
  }[];
  committeeDeRegistrations: {
    id: bigint;
    txId: bigint;
    certIndex: number;
    coldKind: string;
    coldHash: string;
    anchorUrl: string | null;
    anchorHash: string | null;
  }[];
  withdrawals: { id: bigint; txId: bigint; stakeAddressId: bigint; amount: bigint }[];
  mirs: {
    id: bigint;
    txId: bigint;
    certIndex: number;
    stakeAddressId: bigint;
    pot: string;
    amount: bigint;
  }[];
  poolRegistrations: { id: bigint; txId: bigint; certIndex: number; poolHash: string }[];
  poolRetirements: { id: bigint; txId: bigint; certIndex: number; poolHash: string; retiringEpoch: number }[];
  redeemers: RedeemerRow[];
  nutlinkRegistrations: { id: bigint; txId: bigint; addressId: bigint; paymentCred: string | null }[];
  nutlinkTickers: {
    id: bigint;
    txId: bigint;
    addressId: bigint;
    paymentCred: string | null;
    ticker: string;
  }[];
  proposals: ProposalRow[];
  treasuryWithdrawals: {
    id: bigint;
    txId: bigint;
    proposalId: bigint;
    stakeAddressId: bigint;
    amount: bigint;
  }[];
  votes: VoteRow[];
  /** the addresses each transaction touched (address-history.ts) */
  addressTxs: AddressTxRow[];
  /** the assets of each transaction's outputs */
  assetTxs: AssetTxRow[];
  /** change of unspent lovelace per stake address */
  stakeBalanceDeltas: Map<bigint, bigint>;
  /** change of utxo_supply: all unspent lovelace, and the part at script payment credentials */
  supplyDelta: { lovelace: bigint; locked: bigint };
  /** stake addresses (ids) whose rewards may have changed: certificates, withdrawals, MIRs */
  rewardAccounts: Set<bigint>;
}

/** whether the batch changes utxo_supply, and so writes its row */
export function changesSupply({ supplyDelta }: BatchRows): boolean {
  return supplyDelta.lovelace !== 0n || supplyDelta.locked !== 0n;
}

export function emptyBatchRows(): BatchRows {
  return {
    blocks: [],
    addresses: [],
    stakeAddresses: [],
    assets: [],
    txs: [],
    txOuts: [],
    maTxOuts: [],
    spends: [],
    spentBefore: [],
    assetMints: [],
    metadata: [],
    txCbors: [],
    metadataCbors: [],
    requiredSigners: [],
    txInputs: [],
    collateralTxOuts: [],
    datums: [],
    scripts: [],
    stakeRegistrations: [],
    delegations: [],
    voteDelegations: [],
    drepRegistrations: [],
    committeeRegistrations: [],
    committeeDeRegistrations: [],
    withdrawals: [],
    mirs: [],
    poolRegistrations: [],
    poolRetirements: [],
    redeemers: [],
    nutlinkRegistrations: [],
    nutlinkTickers: [],
    proposals: [],
    treasuryWithdrawals: [],
    votes: [],
    addressTxs: [],
    assetTxs: [],
    stakeBalanceDeltas: new Map(),
    supplyDelta: { lovelace: 0n, locked: 0n },
    rewardAccounts: new Set(),
  };
}

/** A transaction that touched an address (address-history.ts). */
export interface AddressTxRow {
  addressId: bigint;
  txId: bigint;
  stakeAddressId: bigint | null;
  txOutId: bigint;
  /**
   * The row's place in the address's history and in its account's (null without an account): set by the batch
   * writer (sink/history-positions.ts), which knows the places stored before the batch; 0 until then.
   */
  position: number;
  accountPosition: number | null;
}

export interface AssetTxRow {
  assetId: bigint;
  txId: bigint;
  /** the row's place in the asset's history: set as {@link AddressTxRow.position} is */
  position: number;
}

/** A proposal procedure of a valid transaction (db-sync gov_action_proposal). */
export interface ProposalRow {
  id: bigint;
  txId: bigint;
  index: number;
  deposit: bigint;
  returnAddressId: bigint;
  type: GovActionType;
  prevTxHash: string | null;
  prevIndex: number | null;
  paramUpdate: string | null;
  policyHash: string | null;
  anchorUrl: string;
  anchorHash: string;
}

/** A voting procedure of a valid transaction (db-sync voting_procedure). */
export interface VoteRow {
  id: bigint;
  txId: bigint;
  index: number;
  voterRole: VoterRole;
  voterHash: string;
  voterHasScript: boolean;
  govActionTxHash: string;
  govActionIndex: number;
  vote: Vote;
  anchorUrl: string | null;
  anchorHash: string | null;
}

/** A witness redeemer of a valid transaction (db-sync redeemer, its data by hash as redeemer_data.hash). */
export interface RedeemerRow {
  id: bigint;
  txId: bigint;
  purpose: RedeemerPurpose;
  index: number;
  unitMem: bigint;
  unitSteps: bigint;
  /** null where the target is a key credential, names no script or is unknown (an input the index never saw) */
  scriptHash: string | null;
  redeemerDataHash: string;
  /** the row's place among its script's (null without a script): set as {@link AddressTxRow.position} is */
  scriptPosition: number | null;
}

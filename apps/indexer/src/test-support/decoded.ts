import {
  NO_TRANSACTION_DETAILS,
  type DecodedBlock,
  type DecodedOutput,
  type DecodedTransaction,
} from '@frostline/model';
import { BatchState, type TxInBlock } from '../project/batch-state.js';
import { IdAllocator } from '../project/ids.js';
import type { BatchLookups } from '../project/keys.js';
import { OutputMap } from '../project/output-map.js';

// Hand-made decoded chain data for the projections' unit tests: every field a realistic default,
// each test states only what it is about.

export const hash32 = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);
export const hash28 = (byte: number) => byte.toString(16).padStart(2, '0').repeat(28);

export function decodedOutput(fields: Partial<DecodedOutput> = {}): DecodedOutput {
  return {
    index: 0,
    address: 'addr_test1vqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqgh6ffh',
    paymentCredential: { type: 'key', hash: hash28(0) },
    stake: null,
    lovelace: 1_000_000n,
    assets: [],
    dataHash: null,
    inlineDatum: null,
    referenceScript: null,
    ...fields,
  };
}

export function decodedTransaction(fields: Partial<DecodedTransaction> = {}): DecodedTransaction {
  return {
    hash: hash32(0xaa),
    valid: true,
    fee: 170_000n,
    spends: [],
    outputs: [],
    mints: [],
    metadata: [],
    datums: [],
    scripts: [],
    certificates: [],
    withdrawals: [],
    proposalStakeAddresses: [],
    proposals: [],
    votes: [],
    details: NO_TRANSACTION_DETAILS,
    ...fields,
  };
}

export function decodedBlock(fields: Partial<DecodedBlock> = {}): DecodedBlock {
  return {
    hash: hash32(0xbb),
    height: 10,
    slot: 1000,
    isEbb: false,
    era: 'conway',
    epoch: 5,
    epochSlot: 40,
    time: 1_700_000_000,
    size: 1024,
    previousHash: hash32(0xba),
    issuer: {
      kind: 'praos',
      coldKeyHash: hash28(0x0c),
      vrfKey: 'vrf_vk1',
      opCert: hash32(0x0d),
      opCertCounter: 1n,
    },
    transactions: [],
    ...fields,
  };
}

export function emptyLookups(fields: Partial<BatchLookups> = {}): BatchLookups {
  return {
    outputs: new OutputMap(),
    addressIds: new Map(),
    stakeAddressIds: new Map(),
    assetIds: new Map(),
    pointers: new Map(),
    knownDatums: new Set(),
    knownScripts: new Set(),
    ...fields,
  };
}

/** A batch whose tables are empty so far (every id starts at 1), for a projection to run on. */
export function emptyBatch(lookups: BatchLookups = emptyLookups(), networkId = 0): BatchState {
  return new BatchState(networkId, new IdAllocator(new Map()), lookups);
}

/** `tx` as the `blockIndex`-th transaction of `block`, with ids the test chooses. */
export function txInBlock(
  tx: DecodedTransaction,
  block: DecodedBlock = decodedBlock({ transactions: [tx] }),
  { blockId = 1n, txId = 1n, blockIndex = 0 } = {},
): TxInBlock {
  return { block, blockId, tx, txId, blockIndex };
}

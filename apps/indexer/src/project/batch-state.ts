import {
  assetFingerprint,
  stakeAddressFromCredential,
  type Credential,
  type DecodedBlock,
  type DecodedOutput,
  type DecodedTransaction,
  type OutputReference,
} from '@frostline/model';
import type { IdAllocator } from './ids.js';
import { stakeHashRaw, type BatchLookups, type StoredOutput } from './keys.js';
import { OutputMap } from './output-map.js';
import { emptyBatchRows, type BatchRows, type TxInputKind, type TxOutRow } from './rows.js';

/** A transaction being projected, with the ids it and its block were given. */
export interface TxInBlock {
  block: DecodedBlock;
  blockId: bigint;
  tx: DecodedTransaction;
  txId: bigint;
  /** position of the transaction in its block */
  blockIndex: number;
}

/**
 * What the projections of one batch share: the rows they emit, the id allocator, and the
 * dictionaries (address, stake address, asset, pointer, datum, script) seeded with what was stored
 * before the batch and extended by it, so a key met twice gets one row and one id.
 */
export class BatchState {
  readonly rows: BatchRows = emptyBatchRows();
  private readonly addressIds: Map<string, bigint>;
  private readonly stakeAddressIds: Map<string, bigint>;
  private readonly assetIds: Map<string, bigint>;
  private readonly knownDatums: Set<string>;
  private readonly knownScripts: Set<string>;
  /** pointer key → stake address id; registrations of the batch are added */
  readonly pointers: Map<string, bigint>;
  /** outputs stored before the batch */
  readonly storedOutputs: Pick<OutputMap<StoredOutput>, 'get'>;
  /** outputs created by the batch, so that later transactions of the batch can spend them */
  readonly batchOutputs = new OutputMap<TxOutRow>();

  constructor(
    readonly networkId: number,
    readonly ids: IdAllocator,
    lookups: BatchLookups,
  ) {
    this.addressIds = new Map(lookups.addressIds);
    this.stakeAddressIds = new Map(lookups.stakeAddressIds);
    this.assetIds = new Map(lookups.assetIds);
    this.pointers = new Map(lookups.pointers);
    this.knownDatums = new Set(lookups.knownDatums);
    this.knownScripts = new Set(lookups.knownScripts);
    this.storedOutputs = lookups.outputs;
  }

  addressId(output: DecodedOutput, blockId: bigint): bigint {
    let id = this.addressIds.get(output.address);
    if (id === undefined) {
      id = this.ids.take('address');
      this.addressIds.set(output.address, id);
      this.rows.addresses.push({
        id,
        address: output.address,
        paymentCred: output.paymentCredential?.hash ?? null,
        firstBlockId: blockId,
      });
    }
    return id;
  }

  stakeAddressId(hashRaw: string, blockId: bigint): bigint {
    let id = this.stakeAddressIds.get(hashRaw);
    if (id === undefined) {
      id = this.ids.take('stake_address');
      this.stakeAddressIds.set(hashRaw, id);
      const header = parseInt(hashRaw.slice(0, 2), 16);
      const credential: Credential = { type: header & 0x10 ? 'script' : 'key', hash: hashRaw.slice(2) };
      this.rows.stakeAddresses.push({
        id,
        hashRaw,
        view: stakeAddressFromCredential(credential, header & 0x0f),
        firstBlockId: blockId,
      });
    }
    return id;
  }

  /** The stake address of a credential named by a certificate; its rewards may change. */
  rewardAccountId(credential: Credential, blockId: bigint): bigint {
    const id = this.stakeAddressId(stakeHashRaw(credential, this.networkId), blockId);
    this.rows.rewardAccounts.add(id);
    return id;
  }

  assetId(policy: string, name: string, blockId: bigint): bigint {
    const unit = policy + name;
    let id = this.assetIds.get(unit);
    if (id === undefined) {
      id = this.ids.take('asset');
      this.assetIds.set(unit, id);
      this.rows.assets.push({
        id,
        policy,
        name,
        fingerprint: assetFingerprint(policy, name),
        firstBlockId: blockId,
      });
    }
    return id;
  }

  /** Unspent lovelace of a stake address changes by `delta` (outputs without a stake part count for none). */
  addBalanceDelta(stakeAddressId: bigint | null, delta: bigint): void {
    if (stakeAddressId === null) return;
    const deltas = this.rows.stakeBalanceDeltas;
    deltas.set(stakeAddressId, (deltas.get(stakeAddressId) ?? 0n) + delta);
  }

  /** Unspent lovelace changes by `delta` (created: positive, spent: negative). */
  addSupplyDelta(delta: bigint, lockedByScript: boolean): void {
    const supply = this.rows.supplyDelta;
    supply.lovelace += delta;
    if (lockedByScript) supply.locked += delta;
  }

  /** An input of the transaction named by its output reference (tx_input). */
  addTxInput(txId: bigint, kind: TxInputKind, input: OutputReference): void {
    this.rows.txInputs.push({
      id: this.ids.take('tx_input'),
      txId,
      kind,
      outTxHash: input.txHash,
      outIndex: input.index,
    });
  }

  /** True the first time a datum hash is met (stored or in the batch): only its first transaction keeps it. */
  isNewDatum(hash: string): boolean {
    if (this.knownDatums.has(hash)) return false;
    this.knownDatums.add(hash);
    return true;
  }

  isNewScript(hash: string): boolean {
    if (this.knownScripts.has(hash)) return false;
    this.knownScripts.add(hash);
    return true;
  }
}

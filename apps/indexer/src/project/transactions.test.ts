import { NO_TRANSACTION_DETAILS, type TransactionDetails } from '@frostline/model';
import {
  decodedOutput,
  decodedTransaction,
  emptyBatch,
  emptyLookups,
  hash28,
  hash32,
  txInBlock,
} from '../test-support/decoded.js';
import type { StoredOutput } from './keys.js';
import { OutputMap } from './output-map.js';
import { projectOutputs } from './outputs.js';
import { projectTransactionDetails, transactionDetailColumns } from './transactions.js';

const details = (fields: Partial<TransactionDetails>): TransactionDetails => ({
  ...NO_TRANSACTION_DETAILS,
  ...fields,
});

describe('transactionDetailColumns', () => {
  it("takes the ledger's size from the CBOR and copies the validity interval, counts and donation", () => {
    const tx = decodedTransaction({
      details: details({
        cbor: Buffer.from('84a0a0f5f6', 'hex'),
        invalidBefore: 5n,
        invalidHereafter: 31_559_157_833n,
        redeemerCount: 2,
        poolRetirementCount: 1,
        treasuryDonation: 7n,
      }),
    });
    expect(transactionDetailColumns(tx, 107n, 100n, 0n)).toEqual({
      size: 4,
      deposit: 0n,
      invalidBefore: 5n,
      invalidHereafter: 31_559_157_833n,
      treasuryDonation: 7n,
      redeemerCount: 2,
      poolRetireCount: 1,
    });
  });

  // db-sync's tx.size is the ledger's sizeTxF, which serialises an Alonzo-and-later transaction without is_valid.
  it('leaves the is_valid flag out of the size of Alonzo-and-later transactions only', () => {
    const size = (cbor: string) =>
      transactionDetailColumns(
        decodedTransaction({ details: details({ cbor: Buffer.from(cbor, 'hex') }) }),
        0n,
        0n,
        0n,
      ).size;
    expect(size('84a0a0f4f6')).toBe(4);
    expect(size('83a0a0f6')).toBe(4);
    expect(size('82a0a0')).toBe(3);
  });

  it('is db-sync deposit: inputs + withdrawals - outputs - fee - donation, negative for refunds', () => {
    const withdrawals = [{ rewardAddress: 'stake_test1…', amount: 3n }];
    const paying = decodedTransaction({ withdrawals });
    expect(transactionDetailColumns(paying, 2_000_010n, 5n, 8n).deposit).toBe(2_000_000n);
    const refunded = decodedTransaction({ withdrawals: [] });
    expect(transactionDetailColumns(refunded, 10n, 2_000_005n, 5n).deposit).toBe(-2_000_000n);
  });

  it('is 0 for an invalid transaction or when an input is unknown', () => {
    expect(transactionDetailColumns(decodedTransaction({ valid: false }), 10n, 2n, 8n).deposit).toBe(0n);
    expect(transactionDetailColumns(decodedTransaction(), null, 2n, 8n).deposit).toBe(0n);
  });
});

describe('projectTransactionDetails', () => {
  it('stores the CBOR, every label as a single-key map, the required signers, collateral then reference inputs, the collateral return', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({
      outputs: [decodedOutput()],
      details: details({
        cbor: Buffer.from('84a0a0f5f6', 'hex'),
        metadataCbor: [
          { label: '1', cbor: '01' },
          { label: '6862', cbor: 'a0' },
        ],
        requiredSigners: [hash28(6), hash28(7)],
        collaterals: [{ txHash: hash32(1), index: 2 }],
        references: [
          { txHash: hash32(2), index: 0 },
          { txHash: hash32(3), index: 1 },
        ],
        collateralReturn: decodedOutput({
          index: 1,
          address: 'addr_collateral',
          lovelace: 4n,
          dataHash: hash32(4),
          referenceScript: {
            hash: hash28(5),
            language: 'plutus:v2',
            bytes: '4e4d01000033222220051200120011',
          },
        }),
      }),
    });
    projectTransactionDetails(state, txInBlock(tx, undefined, { txId: 9n }));
    expect(state.rows.txCbors).toEqual([{ txId: 9n, bytes: Buffer.from('84a0a0f5f6', 'hex') }]);
    expect(state.rows.metadataCbors).toEqual([
      { id: 1n, txId: 9n, label: '1', bytes: 'a10101', position: 0 },
      { id: 2n, txId: 9n, label: '6862', bytes: 'a1191acea0', position: 0 },
    ]);
    expect(state.rows.requiredSigners).toEqual([
      { id: 1n, txId: 9n, hash: hash28(6) },
      { id: 2n, txId: 9n, hash: hash28(7) },
    ]);
    expect(state.rows.txInputs).toEqual([
      { id: 1n, txId: 9n, kind: 'collateral', outTxHash: hash32(1), outIndex: 2 },
      { id: 2n, txId: 9n, kind: 'reference', outTxHash: hash32(2), outIndex: 0 },
      { id: 3n, txId: 9n, kind: 'reference', outTxHash: hash32(3), outIndex: 1 },
    ]);
    expect(state.rows.collateralTxOuts).toEqual([
      {
        id: 1n,
        txId: 9n,
        index: 1,
        address: 'addr_collateral',
        value: 4n,
        dataHash: hash32(4),
        inlineDatum: null,
        referenceScriptHash: hash28(5),
      },
    ]);
  });

  it('stores nothing for a transaction without CBOR, metadata, collaterals or references', () => {
    const state = emptyBatch();
    projectTransactionDetails(state, txInBlock(decodedTransaction()));
    const { txCbors, metadataCbors, requiredSigners, txInputs, collateralTxOuts } = state.rows;
    expect([txCbors, metadataCbors, requiredSigners, txInputs, collateralTxOuts]).toEqual([
      [],
      [],
      [],
      [],
      [],
    ]);
  });
});

describe('projectTransactionDetails: redeemers', () => {
  const unit = { memory: 10n, steps: 20n, dataHash: hash32(9) };

  it("stores each redeemer with the script it runs: a spent output's script credential, from the batch or stored", () => {
    const stored = new OutputMap<StoredOutput>();
    const scriptOutput = { txHash: hash32(1), index: 0 };
    const keyOutput = { txHash: hash32(1), index: 1 };
    const common = { id: 5n, addressId: 1n, value: 1n, stakeAddressId: null };
    stored.set(scriptOutput, { ...common, lockedByScript: true, paymentScriptHash: hash28(3) });
    stored.set(keyOutput, { ...common, lockedByScript: false, paymentScriptHash: null });
    const state = emptyBatch(emptyLookups({ outputs: stored }));
    // An output created earlier in the batch at a script address, spent by the transaction below.
    const creator = decodedTransaction({
      hash: hash32(2),
      outputs: [decodedOutput({ paymentCredential: { type: 'script', hash: hash28(4) } })],
    });
    projectOutputs(state, txInBlock(creator, undefined, { txId: 8n }));
    const unseen = { txHash: hash32(7), index: 0 };
    const tx = decodedTransaction({
      details: details({
        redeemers: [
          { purpose: 'spend', index: 0, ...unit, script: { kind: 'spentOutput', output: scriptOutput } },
          { purpose: 'spend', index: 1, ...unit, script: { kind: 'spentOutput', output: keyOutput } },
          {
            purpose: 'spend',
            index: 2,
            ...unit,
            script: { kind: 'spentOutput', output: { txHash: hash32(2), index: 0 } },
          },
          { purpose: 'spend', index: 3, ...unit, script: { kind: 'spentOutput', output: unseen } },
          { purpose: 'mint', index: 0, ...unit, script: { kind: 'hash', hash: hash28(6) } },
          { purpose: 'vote', index: 0, ...unit, script: null },
        ],
      }),
    });
    projectTransactionDetails(state, txInBlock(tx, undefined, { txId: 9n }));
    const row = { txId: 9n, unitMem: 10n, unitSteps: 20n, redeemerDataHash: hash32(9), scriptPosition: null };
    expect(state.rows.redeemers).toEqual([
      { id: 1n, ...row, purpose: 'spend', index: 0, scriptHash: hash28(3) },
      { id: 2n, ...row, purpose: 'spend', index: 1, scriptHash: null },
      { id: 3n, ...row, purpose: 'spend', index: 2, scriptHash: hash28(4) },
      { id: 4n, ...row, purpose: 'spend', index: 3, scriptHash: null },
      { id: 5n, ...row, purpose: 'mint', index: 0, scriptHash: hash28(6) },
      { id: 6n, ...row, purpose: 'vote', index: 0, scriptHash: null },
    ]);
  });
});

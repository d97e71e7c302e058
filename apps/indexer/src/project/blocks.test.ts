import { decodedBlock, decodedTransaction, emptyBatch, hash28, txInBlock } from '../test-support/decoded.js';
import { projectBlock, projectTransaction, slotLeader } from './blocks.js';
import { transactionDetailColumns } from './transactions.js';

describe('slotLeader', () => {
  const praos = {
    kind: 'praos' as const,
    coldKeyHash: hash28(0x0c),
    vrfKey: 'vrf_vk1',
    opCert: '',
    opCertCounter: 0n,
  };

  it('is the pool id of a Praos issuer, whether or not the index saw its registration', () => {
    expect(slotLeader(praos, new Set())).toBe('pool1psxqcrqvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrqvpsxqc5nzfdp');
  });

  it('names a genesis delegate of the Shelley overlay by the first 8 bytes of its key hash', () => {
    expect(slotLeader(praos, new Set([hash28(0x0c)]))).toBe('ShelleyGenesis-0c0c0c0c0c0c0c0c');
  });

  it('takes the Byron description as decoded and fixed names otherwise', () => {
    expect(slotLeader({ kind: 'byron', slotLeader: 'ByronGenesis-52df0f2c5539b2b1' }, new Set())).toBe(
      'ByronGenesis-52df0f2c5539b2b1',
    );
    expect(slotLeader({ kind: 'ebb' }, new Set())).toBe('Epoch boundary slot leader');
    expect(slotLeader({ kind: 'genesis' }, new Set())).toBe('Genesis slot leader');
  });
});

describe('projectTransaction', () => {
  it('keeps the fee the transaction declares', () => {
    const state = emptyBatch();
    const tx = decodedTransaction({ fee: 200n });
    expect(
      projectTransaction(
        state,
        txInBlock(tx, undefined, { txId: 3n, blockId: 2n, blockIndex: 1 }),
        900n,
        700n,
      ),
    ).toBe(200n);
    expect(state.rows.txs).toEqual([
      {
        id: 3n,
        hash: tx.hash,
        blockId: 2n,
        blockIndex: 1,
        valid: true,
        fee: 200n,
        outSum: 700n,
        ...transactionDetailColumns(tx, 900n, 700n, 200n),
      },
    ]);
  });

  it('takes inputs − outputs where no fee is declared (Byron), 0 when an input is unknown', () => {
    const byron = decodedTransaction({ fee: null });
    expect(projectTransaction(emptyBatch(), txInBlock(byron), 1000n, 830n)).toBe(170n);
    expect(projectTransaction(emptyBatch(), txInBlock(byron), null, 830n)).toBe(0n);
  });
});

describe('projectBlock', () => {
  it('writes the header fields, the totals and the Praos issuer details', () => {
    const state = emptyBatch();
    const block = decodedBlock({ transactions: [decodedTransaction()] });
    projectBlock(state, block, 7n, { outSum: 5n, fees: 1n }, 'pool1x');
    expect(state.rows.blocks[0]).toMatchObject({
      id: 7n,
      hash: block.hash,
      txCount: 1,
      outSum: 5n,
      fees: 1n,
      slotLeader: 'pool1x',
      blockVrf: 'vrf_vk1',
      opCertCounter: 1n,
      era: 'conway',
    });
  });

  it('leaves the Praos fields empty for other blocks', () => {
    const state = emptyBatch();
    projectBlock(
      state,
      decodedBlock({ issuer: { kind: 'ebb' }, isEbb: true }),
      1n,
      { outSum: null, fees: null },
      'x',
    );
    expect(state.rows.blocks[0]).toMatchObject({
      blockVrf: null,
      opCert: null,
      opCertCounter: null,
      outSum: null,
    });
  });
});

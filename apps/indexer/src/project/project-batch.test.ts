import {
  decodedBlock,
  decodedOutput,
  decodedTransaction,
  emptyLookups,
  hash28,
  hash32,
} from '../test-support/decoded.js';
import { IdAllocator } from './ids.js';
import { projectBatch } from './project-batch.js';

describe('projectBatch', () => {
  const payment = (
    hash: string,
    spends: { txHash: string; index: number }[],
    lovelace: bigint,
    fee: bigint,
  ) => decodedTransaction({ hash, spends, fee, outputs: [decodedOutput({ lovelace })] });

  it('projects blocks in chain order, a later block spending an earlier one, with block totals', () => {
    const blocks = [
      decodedBlock({ hash: hash32(0xb1), transactions: [payment(hash32(1), [], 100n, 10n)] }),
      decodedBlock({ hash: hash32(0xb2), transactions: [] }),
      decodedBlock({
        hash: hash32(0xb3),
        transactions: [
          payment(hash32(2), [{ txHash: hash32(1), index: 0 }], 90n, 10n),
          payment(hash32(3), [], 5n, 1n),
        ],
      }),
    ];
    const rows = projectBatch(blocks, {
      networkId: 0,
      ids: new IdAllocator(new Map([['block', 40n]])),
      genesisDelegates: new Set(),
      lookups: emptyLookups(),
    });
    expect(rows.blocks.map((b) => [b.id, b.txCount, b.outSum, b.fees])).toEqual([
      [41n, 1, 100n, 10n],
      [42n, 0, null, null],
      [43n, 2, 95n, 11n],
    ]);
    expect(rows.txs.map((t) => [t.id, t.blockId, t.blockIndex])).toEqual([
      [1n, 41n, 0],
      [2n, 43n, 0],
      [3n, 43n, 1],
    ]);
    expect(rows.txOuts.map((o) => o.spentInBatch)).toEqual([true, false, false]);
    expect(rows.spends).toEqual([{ txOutId: rows.txOuts[0]!.id, txId: 2n }]);
  });

  it('names the slot leader from the genesis delegates it is given', () => {
    const delegate = hash28(0x0c);
    const block = decodedBlock({
      issuer: { kind: 'praos', coldKeyHash: delegate, vrfKey: 'vrf_vk1', opCert: '', opCertCounter: 0n },
    });
    const project = (genesisDelegates: Set<string>) =>
      projectBatch([block], {
        networkId: 0,
        ids: new IdAllocator(new Map()),
        genesisDelegates,
        lookups: emptyLookups(),
      }).blocks[0]!.slotLeader;
    expect(project(new Set([delegate]))).toBe('ShelleyGenesis-0c0c0c0c0c0c0c0c');
    expect(project(new Set())).toMatch(/^pool1/);
  });
});

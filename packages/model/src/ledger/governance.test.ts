import { Decoder, Encoder, Tag } from 'cbor-x';
import { readTestData } from '../test-support/test-data.js';
import { decodeProposalProcedures, decodeVotingProcedures } from './governance.js';

// Conway bodies holding proposal procedures (key 20) and voting procedures (key 19), as the ledger's CDDL gives them.
const encoder = new Encoder({ mapsAsObjects: false, useRecords: false });
const transaction = (body: Map<number, unknown>) =>
  encoder.encode([body, new Map(), true, null]) as Uint8Array;
const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);
const rewardAccount = (fill: number) => Buffer.concat([Buffer.from([0xe0]), bytes(28, fill)]);
const anchor = (url: string, fill: number) => [url, bytes(32, fill)];

describe('decodeProposalProcedures', () => {
  it('decodes a real SanchoNet hard fork initiation proposal', () => {
    const { cbor } = readTestData<{ cbor: string }>('governance/conway2-proposal-tx.json');
    expect(decodeProposalProcedures(Buffer.from(cbor, 'hex'))).toEqual([
      {
        index: 0,
        deposit: 1_000_000_000n,
        // stake_test1urd3hs7rlxwwdzthe6hj026dmyt3y0heuulctscyydh2kgck6nkmz
        returnAccount: 'e0db1bc3c3f99ce68977ceaf27ab4dd917123ef9e73f85c304236eab23',
        action: {
          type: 'hard_fork_initiation',
          previous: null,
          parameterUpdate: null,
          withdrawals: [],
          policyHash: null,
          description: { tag: 'HardForkInitiation', contents: [null, { major: 9, minor: 1 }] },
        },
        anchor: { url: 'https://bit.ly/3zCH2HL', hash: '11'.repeat(32) },
      },
    ]);
  });

  it('decodes each action kind with its deposit, return account, anchor and the parts the endpoints read', () => {
    const previous = [bytes(32, 0x0a), 3];
    const parameterUpdate = new Map<number, unknown>([
      [0, 44],
      [16, 170_000_000],
    ]);
    const actions = [
      [0, previous, parameterUpdate, bytes(28, 0x0b)],
      [1, null, [10, 0]],
      [2, new Map([[rewardAccount(0x0c), 20_000_000_000]]), null],
      [3, previous],
      [4, null, new Tag([], 258), new Map(), new Tag([2, 3], 30)],
      [5, previous, [anchor('https://example.com/c.txt', 0x0d), null]],
      [6],
    ];
    const procedures = actions.map((action, i) => [
      100_000_000_000,
      rewardAccount(i + 1),
      action,
      anchor(`u${i}`, i),
    ]);
    const decoded = decodeProposalProcedures(transaction(new Map([[20, new Tag(procedures, 258)]])));
    expect(decoded.map((p) => [p.index, p.action.type, p.action.previous])).toEqual([
      [0, 'parameter_change', { txHash: '0a'.repeat(32), index: 3 }],
      [1, 'hard_fork_initiation', null],
      [2, 'treasury_withdrawals', null],
      [3, 'no_confidence', { txHash: '0a'.repeat(32), index: 3 }],
      [4, 'new_committee', null],
      [5, 'new_constitution', { txHash: '0a'.repeat(32), index: 3 }],
      [6, 'info_action', null],
    ]);
    expect(decoded[2]).toEqual({
      index: 2,
      deposit: 100_000_000_000n,
      returnAccount: `e0${'03'.repeat(28)}`,
      action: {
        type: 'treasury_withdrawals',
        previous: null,
        parameterUpdate: null,
        withdrawals: [{ rewardAccount: `e0${'0c'.repeat(28)}`, amount: 20_000_000_000n }],
        policyHash: null,
        description: {
          tag: 'TreasuryWithdrawals',
          contents: [
            [[{ network: 'Testnet', credential: { keyHash: '0c'.repeat(28) } }, 20_000_000_000]],
            null,
          ],
        },
      },
      anchor: { url: 'u2', hash: '02'.repeat(32) },
    });
    expect(decoded[0]!.action.policyHash).toBe('0b'.repeat(28));
    // The ledger's JSON as Blockfrost answers it, where its own answers show the form; null elsewhere.
    expect(decoded.map((p) => p.action.description)).toEqual([
      null,
      { tag: 'HardForkInitiation', contents: [null, { major: 10, minor: 0 }] },
      decoded[2]!.action.description,
      { tag: 'NoConfidence', contents: { txId: '0a'.repeat(32), govActionIx: 3 } },
      null,
      null,
      { tag: 'InfoAction' },
    ]);
    const update = new Decoder({ mapsAsObjects: false, useRecords: false }).decode(
      Buffer.from(decoded[0]!.action.parameterUpdate!, 'hex'),
    ) as Map<number, number>;
    expect([...update]).toEqual([...parameterUpdate]);
  });

  it('finds none in a body without proposals', () => {
    expect(decodeProposalProcedures(transaction(new Map([[0, []]])))).toEqual([]);
  });
});

describe('decodeVotingProcedures', () => {
  const action = (fill: number, index: number) => [bytes(32, fill), index];
  const votes = (...entries: [unknown[], unknown[]][]) => new Map(entries);

  it('orders voters as the ledger does (committee, DRep, pool; scripts first; then hash) and numbers votes per voter', () => {
    const procedures = new Map<unknown[], unknown>([
      [[4, bytes(28, 0x01)], votes([action(0xaa, 0), [1, null]])],
      [[2, bytes(28, 0x02)], votes([action(0xbb, 1), [0, null]], [action(0xaa, 2), [2, anchor('r', 0x05)]])],
      [[3, bytes(28, 0x09)], votes([action(0xaa, 0), [1, null]])],
      [[0, bytes(28, 0x03)], votes([action(0xaa, 0), [1, null]])],
    ]);
    const decoded = decodeVotingProcedures(transaction(new Map([[19, procedures]])));
    expect(
      decoded.map((v) => [v.voterRole, v.voter.type, v.voter.hash.slice(0, 2), v.index, v.vote]),
    ).toEqual([
      ['constitutional_committee', 'key', '03', 0, 'yes'],
      ['drep', 'script', '09', 0, 'yes'],
      ['drep', 'key', '02', 0, 'abstain'],
      ['drep', 'key', '02', 1, 'no'],
      ['spo', 'key', '01', 0, 'yes'],
    ]);
    expect(decoded[2]).toEqual({
      index: 0,
      voterRole: 'drep',
      voter: { type: 'key', hash: '02'.repeat(28) },
      action: { txHash: 'aa'.repeat(32), index: 2 },
      vote: 'abstain',
      anchor: { url: 'r', hash: '05'.repeat(32) },
    });
  });

  it('finds none in a body without votes', () => {
    expect(decodeVotingProcedures(transaction(new Map()))).toEqual([]);
  });
});

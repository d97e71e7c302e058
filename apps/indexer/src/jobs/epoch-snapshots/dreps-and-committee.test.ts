import { readdirSync, readFileSync } from 'node:fs';
import { DREP_ALWAYS_ABSTAIN, DREP_ALWAYS_NO_CONFIDENCE, drepIdToCredential } from '@frostline/model';
import {
  committeeSnapshot,
  drepSnapshotRows,
  storeGovernanceSnapshot,
  type GovernanceAnswers,
} from './dreps-and-committee.js';
import { prismaDatabase } from '../../test-support/lifecycle.js';

// Ogmios' own test vectors of the two queries (test-data/ogmios/SOURCES.md).
const VECTORS = new URL('../../../test-data/ogmios/', import.meta.url);
function vectors<T>(query: string): [string, T][] {
  const folder = new URL(`${query}/`, VECTORS);
  return readdirSync(folder).map((file) => [
    file,
    (JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as { result: T }).result,
  ]);
}
type Answer<K extends keyof GovernanceAnswers> = GovernanceAnswers[K];
const dreps = vectors<Answer<'delegateRepresentatives'>>('QueryLedgerStateDelegateRepresentatives');
const committees = vectors<Answer<'constitutionalCommittee'>>('QueryLedgerStateConstitutionalCommittee');
const vector = <T>(all: [string, T][], file: string) => all.find(([name]) => name === file)![1];
const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));

describe('drepSnapshotRows on Ogmios v6 delegateRepresentatives answers', () => {
  it('reads a registered DRep with and without an anchor, and the two predefined DReps', () => {
    const rows = drepSnapshotRows(vector(dreps, '000.json'));
    expect(rows[0]).toEqual({
      drepId: expect.stringMatching(/^drep1/),
      drepKind: 'key',
      drepHash: bytes('2319e6f84f96bef86e8148b2157f68a087fff95624216e423fd1aa9d'),
      stake: 663020n,
      deposit: 75032n,
      mandateEpoch: 2,
      anchorUrl: null,
      anchorHash: null,
      delegators: 5,
    });
    expect(drepIdToCredential(rows[0]!.drepId)).toEqual({
      type: 'key',
      hash: '2319e6f84f96bef86e8148b2157f68a087fff95624216e423fd1aa9d',
    });
    expect(rows[1]).toMatchObject({
      stake: 989553n,
      deposit: 849051n,
      mandateEpoch: 3,
      anchorUrl: 'https://Z3Ct.yS-Wt2Y6GYuusWJMy0Wp6rsTsjiRL1rRhQf.com',
      anchorHash: bytes('ba2e0f80708aa9803961987ef17ea29df5e4a0a86d2984253cfd801bf62b0a8c'),
      delegators: 3,
    });
    expect(rows[4]).toMatchObject({ drepKind: 'script', mandateEpoch: 0 });
    expect(drepIdToCredential(rows[4]!.drepId)).toEqual({
      type: 'script',
      hash: '61de4725036a372df71e2ca0bf973efb42c096189f16c7a0ec0b7be3',
    });
    expect(rows.slice(5)).toEqual([
      {
        drepId: DREP_ALWAYS_ABSTAIN,
        drepKind: 'abstain',
        drepHash: null,
        stake: 504501n,
        deposit: null,
        mandateEpoch: null,
        anchorUrl: null,
        anchorHash: null,
        delegators: 22,
      },
      expect.objectContaining({
        drepId: DREP_ALWAYS_NO_CONFIDENCE,
        drepKind: 'no_confidence',
        stake: 951963n,
      }),
    ]);
  });

  it.each(dreps)(
    'reads every DRep of %s under its own id, with its stake and delegators',
    (_file, answer) => {
      const rows = drepSnapshotRows(answer);
      expect(rows).toHaveLength(answer.length);
      answer.forEach((summary, index) => {
        const row = rows[index]!;
        expect(row.stake).toBe(BigInt(summary.stake.ada.lovelace));
        expect(row.delegators).toBe(summary.delegators.length);
        if (summary.type === 'registered')
          expect(drepIdToCredential(row.drepId)).toEqual({
            type: summary.from === 'script' ? 'script' : 'key',
            hash: summary.id,
          });
      });
      expect(new Set(rows.map((row) => row.drepId)).size).toBe(rows.length);
    },
  );
});

describe('committeeSnapshot on Ogmios v6 constitutionalCommittee answers', () => {
  it('reads the quorum and each member: its term, status and hot-key state', () => {
    const { quorum, members } = committeeSnapshot(vector(committees, '000.json'));
    // The quorum's numerator is beyond 2^53: read as an exact integer.
    expect(quorum).toEqual({ numerator: 18628885362566967n, denominator: 25000000000000000n });
    expect(members).toHaveLength(11);
    expect(members.slice(0, 2)).toEqual([
      {
        coldKind: 'script',
        coldHash: bytes('b35253dfd34db700d5c23d979ed4c7c55f35823c3d43170c11dd3ff7'),
        status: 'active',
        mandateEpoch: null,
        hotStatus: 'none',
        hotKind: null,
        hotHash: null,
      },
      {
        coldKind: 'script',
        coldHash: bytes('b6f845e8c816ee6a0dd00c64bd5912ac69dde1614ed8af565a6450e8'),
        status: 'active',
        mandateEpoch: 2154811,
        hotStatus: 'authorized',
        hotKind: 'key',
        hotHash: bytes('d4e97c5cabd70515778912fe5e6a48c5ec5aa1521477023a1091c940'),
      },
    ]);
    expect(members[5]).toEqual({
      coldKind: 'key',
      coldHash: bytes('0d72e0118cd7deb108726e397bd0aefd314f420810f3d032ce5b3c26'),
      status: 'unrecognized',
      mandateEpoch: 2986419,
      hotStatus: 'resigned',
      hotKind: null,
      hotHash: null,
    });
  });

  it('reads a committee without quorum, one without members, and no committee at all', () => {
    expect(committeeSnapshot(vector(committees, '001.json'))).toMatchObject({ quorum: null });
    expect(committeeSnapshot(vector(committees, '006.json'))).toEqual({
      quorum: { numerator: 795838940696911n, denominator: 1000000000000000n },
      members: [],
    });
    expect(committeeSnapshot(null)).toEqual({ quorum: null, members: [] });
  });

  it.each(committees)('reads every member of %s', (_file, answer) => {
    const { members } = committeeSnapshot(answer);
    expect(members.map((member) => Buffer.from(member.coldHash).toString('hex'))).toEqual(
      answer!.members.map((member) => member.id),
    );
    expect(members.filter((member) => member.hotHash !== null)).toHaveLength(
      answer!.members.filter((member) => member.delegate.status === 'authorized').length,
    );
  });
});

describe('storeGovernanceSnapshot', () => {
  const database = prismaDatabase();

  const answers = (file: string, committeeFile: string): GovernanceAnswers => ({
    delegateRepresentatives: vector(dreps, file),
    constitutionalCommittee: vector(committees, committeeFile),
  });
  const stored = async (epoch: number) => ({
    dreps: await database.prisma.drepSnapshot.count({ where: { epoch } }),
    members: await database.prisma.committeeMemberSnapshot.count({ where: { epoch } }),
    committee: await database.prisma.committeeSnapshot.findUnique({ where: { epoch } }),
  });

  it('stores each epoch apart, and replaces an epoch taken again', async () => {
    await storeGovernanceSnapshot(database.prisma, 7, answers('000.json', '000.json'));
    await storeGovernanceSnapshot(database.prisma, 8, answers('002.json', '001.json'));
    expect(await stored(7)).toEqual({
      dreps: 7,
      members: 11,
      committee: { epoch: 7, quorumNumerator: 18628885362566967n, quorumDenominator: 25000000000000000n },
    });
    expect(await stored(8)).toEqual({
      dreps: 5,
      members: 11,
      committee: { epoch: 8, quorumNumerator: null, quorumDenominator: null },
    });
    const abstain = await database.prisma.drepSnapshot.findUnique({
      where: { epoch_drepId: { epoch: 7, drepId: DREP_ALWAYS_ABSTAIN } },
    });
    expect(abstain).toMatchObject({ drepKind: 'abstain', drepHash: null, stake: 504501n, delegators: 22 });

    await storeGovernanceSnapshot(database.prisma, 7, answers('001.json', '006.json'));
    expect(await stored(7)).toEqual({
      dreps: 2,
      members: 0,
      committee: { epoch: 7, quorumNumerator: 795838940696911n, quorumDenominator: 1000000000000000n },
    });
    expect((await stored(8)).dreps).toBe(5);
  });
});

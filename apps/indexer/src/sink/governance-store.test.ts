import { readFileSync } from 'node:fs';
import { createPrismaClient, type PrismaClient } from '@frostline/db';
import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { PREPROD_CHAIN_TIME, type OgmiosBlock, type OgmiosTransaction } from '@frostline/model';
import { Encoder } from 'cbor-x';
import { preprodChunkBlocks } from '../test-support/chains.js';
import { ChainStore } from './chain-store.js';

// A real SanchoNet hard fork initiation proposal (see packages/model/test-data/governance/SOURCES.md) and a DRep's
// vote on it, written in a block after a real preprod one, then rolled back.
const vector = JSON.parse(
  readFileSync(
    new URL('../../../../packages/model/test-data/governance/conway2-proposal-tx.json', import.meta.url),
    'utf8',
  ),
) as { id: string; cbor: string };
const RETURN_ADDRESS = 'stake_test1urd3hs7rlxwwdzthe6hj026dmyt3y0heuulctscyydh2kgck6nkmz';
const DREP = 'd0'.repeat(28);

const proposalTx: OgmiosTransaction = {
  id: vector.id,
  spends: 'inputs',
  inputs: [
    { transaction: { id: 'd1c5bf73e34357190fe9c55ea9da64c26306663c4e42f5c4aa82095f963e96b8' }, index: 0 },
  ],
  outputs: [],
  fee: { ada: { lovelace: 170_077 } },
  proposals: [{ returnAccount: RETURN_ADDRESS, action: { type: 'hardForkInitiation' } }],
  cbor: vector.cbor,
};

// body: inputs, outputs, fee, and key 19: DRep key voter => { (proposal tx, 0) => [yes, no anchor] }
const encoder = new Encoder({ mapsAsObjects: false, useRecords: false });
const voteBody = new Map<number, unknown>([
  [0, [[Buffer.alloc(32, 0x01), 0]]],
  [1, []],
  [2, 170_000],
  [
    19,
    new Map([
      [
        [2, Buffer.from(DREP, 'hex')],
        new Map([
          [
            [Buffer.from(vector.id, 'hex'), 0],
            [1, null],
          ],
        ]),
      ],
    ]),
  ],
]);
const voteTx: OgmiosTransaction = {
  id: 'fe'.repeat(32),
  spends: 'inputs',
  inputs: [{ transaction: { id: '01'.repeat(32) }, index: 0 }],
  outputs: [],
  fee: { ada: { lovelace: 170_000 } },
  votes: [{ issuer: { role: 'delegateRepresentative', from: 'verificationKey', id: DREP } }],
  cbor: Buffer.from(encoder.encode([voteBody, new Map(), true, null])).toString('hex'),
};

describe('governance procedures in the chain store', () => {
  const [first] = preprodChunkBlocks();
  const governanceBlock: OgmiosBlock = {
    ...first!,
    id: 'ab'.repeat(32),
    ancestor: first!.id,
    height: first!.height + 1,
    slot: first!.slot! + 20,
    era: 'conway',
    transactions: [proposalTx, voteTx],
  };
  let db: TestDatabase;
  let prisma: PrismaClient;
  let store: ChainStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrismaClient(db.url);
    store = new ChainStore(prisma, {
      networkId: 0,
      chainTime: PREPROD_CHAIN_TIME,
      securityParameter: 2160,
      genesisDelegates: new Set(),
    });
    await store.load();
    await store.write([first!]);
    await store.write([governanceBlock]);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('stores the proposal with its return address and anchor, and the vote naming it', async () => {
    const proposals = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT encode(tx.hash, 'hex') AS tx_hash, p.index, p.type, p.deposit, sa.view AS return_address,
              p.prev_tx_hash, p.anchor_url, encode(p.anchor_hash, 'hex') AS anchor_hash
       FROM gov_action_proposal p JOIN tx ON tx.id = p.tx_id JOIN stake_address sa ON sa.id = p.return_address_id`,
    );
    expect(proposals).toEqual([
      {
        tx_hash: vector.id,
        index: 0,
        type: 'hard_fork_initiation',
        deposit: 1_000_000_000n,
        return_address: RETURN_ADDRESS,
        prev_tx_hash: null,
        anchor_url: 'https://bit.ly/3zCH2HL',
        anchor_hash: '11'.repeat(32),
      },
    ]);
    const votes = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT encode(tx.hash, 'hex') AS tx_hash, v.index, v.voter_role, encode(v.voter_hash, 'hex') AS voter,
              v.voter_has_script, encode(v.gov_action_tx_hash, 'hex') AS action_tx, v.gov_action_index, v.vote
       FROM voting_procedure v JOIN tx ON tx.id = v.tx_id`,
    );
    expect(votes).toEqual([
      {
        tx_hash: voteTx.id,
        index: 0,
        voter_role: 'drep',
        voter: DREP,
        voter_has_script: false,
        action_tx: vector.id,
        gov_action_index: 0,
        vote: 'yes',
      },
    ]);
  });

  it('rolls them back with the block, and the return address the block first named', async () => {
    expect(await store.rollBackTo({ slot: first!.slot!, id: first!.id })).toBe(1);
    const [left] = await prisma.$queryRawUnsafe<Record<string, bigint>[]>(
      `SELECT (SELECT count(*) FROM gov_action_proposal) AS proposals,
              (SELECT count(*) FROM treasury_withdrawal) AS withdrawals,
              (SELECT count(*) FROM voting_procedure) AS votes,
              (SELECT count(*) FROM stake_address WHERE view = $1) AS return_addresses`,
      RETURN_ADDRESS,
    );
    expect(left).toEqual({ proposals: 0n, withdrawals: 0n, votes: 0n, return_addresses: 0n });
  });
});

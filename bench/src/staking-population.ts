// The staking and governance part of the API benchmark database (populate.ts), at mainnet's size: 3,000
// pools, each registered by a transaction whose CBOR holds its certificate (owners, relays, metadata
// reference; the API decodes them from it), one in four registered again since (an update), and 1,000
// more that registered and retired, with their metadata files, the ledger's pool snapshots of the
// last epochs and the genesis row saturation is computed from; 500 DReps with CIP-119 anchors and their
// documents and the ledger's DRep snapshot of the newest epoch; proposals of every type, each voted on
// by about a third of the DReps and some pools. The keys the load generator names (pool ids, DRep ids)
// are computed here with @frostline/model from the same hashes the SQL writes (bench_gen.sha).
import { createHash } from 'node:crypto';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { drepIdFromCredential, poolIdFromHash } from '@frostline/model';

/** the registered pools that have not retired; RETIRED_POOLS more follow them */
export const POOLS = 3000;
export const RETIRED_POOLS = 1000;
export const DREPS = 500;
/** The pool most accounts delegate to: 1 in LARGEST_POOL_SHARE of the delegations. */
export const LARGEST_POOL = 1;
export const LARGEST_POOL_SHARE = 32;
/** The DRep most vote delegations name (DRep 1 retires: it is one of every 25th): 1 in 5 of them. */
export const LARGEST_DREP = 2;
export const LARGEST_DREP_SHARE = 5;
/** How many epochs before the newest have pool snapshots (and the stake snapshot's copies). */
export const SNAPSHOT_EPOCHS = 3;
/** Epochs of rewards of the large account: about as many as mainnet's Shelley era has had. */
export const REWARD_EPOCHS = 400;

/** bench_gen.sha(x, tag): sha256 of x as int8send gives it and the tag's UTF-8. */
export function sha(x: number, tag: string): Buffer {
  const number = Buffer.alloc(8);
  number.writeBigInt64BE(BigInt(x));
  return createHash('sha256').update(number).update(tag, 'utf8').digest();
}

export const poolHash = (p: number) => sha(p, 'poolhash').subarray(0, 28);
export const drepHash = (d: number) => sha(d, 'drep').subarray(0, 28);
export const poolId = (p: number) => poolIdFromHash(poolHash(p).toString('hex'));
export const drepId = (d: number) => drepIdFromCredential({ type: 'key', hash: drepHash(d).toString('hex') });
/**
 * Pool p's transactions, ten apart (closer on a chain too short for that): its registration, then the update of
 * every fourth active one, or the retirement of a retired one — never both, so they may share an offset.
 */
function poolTransactions(T: number) {
  const spacing = Math.min(10, Math.floor(T / (POOLS + RETIRED_POOLS)));
  if (spacing < 2) throw new Error(`${T} transactions are too few for ${POOLS + RETIRED_POOLS} pools`);
  const first = (p: number) => 1 + (p - 1) * spacing;
  return {
    registration: first,
    update: (p: number) => first(p) + Math.floor(spacing / 2),
    retirement: (p: number) => first(p) + spacing - 1,
  };
}
const updated = (p: number) => p <= POOLS && p % 4 === 0;

const big = (value: number | bigint) => CSL.BigNum.from_str(String(value));

/** The metadata document pool p's registration names, and its URL. */
function poolMetadata(p: number) {
  const json = {
    name: `Bench Pool ${p}`,
    description: `A stake pool of the benchmark database, number ${p}`,
    ticker: `B${String(p).padStart(4, '0')}`,
    homepage: `https://pool${p}.example.com`,
  };
  return { url: `https://pool${p}.example.com/poolmeta.json`, json, hash: sha(p, 'poolmeta') };
}

/**
 * Pool p's registration transaction as the node serialises it: one input, the certificate with one or two
 * owners (the stake credentials of accounts 2 + p and 5,002 + p, the first also the reward account), one to
 * three relays (a DNS name, an IPv4 address) and its metadata reference.
 */
function registrationCbor(p: number, update: boolean): Buffer {
  const keyHash = (bytes: Buffer) => CSL.Ed25519KeyHash.from_bytes(bytes);
  const stakeCredential = (s: number) => sha(s, 'stake').subarray(0, 28);
  const owners = CSL.Ed25519KeyHashes.new();
  owners.add(keyHash(stakeCredential(2 + p)));
  if (p % 3 === 0) owners.add(keyHash(stakeCredential(5002 + p)));
  const relays = CSL.Relays.new();
  relays.add(
    CSL.Relay.new_single_host_name(
      CSL.SingleHostName.new(3001, CSL.DNSRecordAorAAAA.new(`relay${p}.pool${p}.example.com`)),
    ),
  );
  for (let r = 1; r <= p % 3; r++)
    relays.add(
      CSL.Relay.new_single_host_addr(
        CSL.SingleHostAddr.new(6000 + r, CSL.Ipv4.new(Uint8Array.of(10, r, (p >> 8) & 255, p & 255))),
      ),
    );
  const metadata = poolMetadata(p);
  const params = CSL.PoolParams.new(
    keyHash(poolHash(p)),
    CSL.VRFKeyHash.from_bytes(sha(p, 'vrf')),
    big(1_000_000_000 * (1 + (p % 500))),
    big(update ? 170_000_000 : 340_000_000),
    CSL.UnitInterval.new(big(p % 10), big(100)),
    CSL.RewardAddress.new(1, CSL.Credential.from_keyhash(keyHash(stakeCredential(2 + p)))),
    owners,
    relays,
    CSL.PoolMetadata.new(CSL.URL.new(metadata.url), CSL.PoolMetadataHash.from_bytes(metadata.hash)),
  );
  const certificates = CSL.Certificates.new();
  certificates.add(CSL.Certificate.new_pool_registration(CSL.PoolRegistration.new(params)));
  const inputs = CSL.TransactionInputs.new();
  inputs.add(CSL.TransactionInput.new(CSL.TransactionHash.from_bytes(sha(p, 'poolinput')), 0));
  const body = CSL.TransactionBody.new_tx_body(inputs, CSL.TransactionOutputs.new(), big(200_000));
  body.set_certs(certificates);
  return Buffer.from(CSL.Transaction.new(body, CSL.TransactionWitnessSet.new()).to_bytes());
}

export interface StakingLoad {
  table: string;
  sql: string;
  params: unknown[];
}

/**
 * The loads of the staking and governance tables populate.ts does not write itself (it writes the
 * registrations, delegations and vote delegations with the other certificates): every one a function of row
 * numbers and these parameters, so that any two load at once. T transactions, SA stake addresses, `epoch` the
 * newest epoch.
 */
export function stakingLoads({
  T,
  SA,
  epoch,
  proposals,
}: {
  T: number;
  SA: number;
  epoch: number;
  proposals: number;
}): StakingLoad[] {
  const pools = Array.from({ length: POOLS + RETIRED_POOLS }, (_, i) => i + 1);
  const poolTx = poolTransactions(T);
  const registrations = [
    ...pools.map((p) => ({ p, tx: poolTx.registration(p), update: false })),
    ...pools.filter(updated).map((p) => ({ p, tx: poolTx.update(p), update: true })),
  ];
  const retirements = pools.filter((p) => p > POOLS);
  const dreps = Array.from({ length: DREPS }, (_, i) => i + 1);
  const metadata = pools.map(poolMetadata);
  const firstSnapshot = Math.max(0, epoch - SNAPSHOT_EPOCHS + 1);
  // Conway's transactions: the last third of the chain.
  const conway = Math.floor((2 * T) / 3);
  const proposalTx = `${conway} + i * ${Math.floor((T - conway) / (proposals + 1))}`;
  return [
    {
      table: 'pool_registration',
      sql: `INSERT INTO pool_registration SELECT row_number() OVER (ORDER BY tx), tx, 0, substring(bench_gen.sha(p, 'poolhash') from 1 for 28)
            FROM unnest($1::int8[], $2::int8[]) r (p, tx)`,
      params: [registrations.map((r) => r.p), registrations.map((r) => r.tx)],
    },
    {
      table: 'tx_cbor',
      sql: `INSERT INTO tx_cbor SELECT * FROM unnest($1::int8[], $2::bytea[])`,
      params: [registrations.map((r) => r.tx), registrations.map((r) => registrationCbor(r.p, r.update))],
    },
    {
      // In effect two epochs after the retirement's (capped at the newest: the retirement has happened).
      table: 'pool_retire',
      sql: `INSERT INTO pool_retire SELECT row_number() OVER (ORDER BY p), tx, 0,
              substring(bench_gen.sha(p, 'poolhash') from 1 for 28),
              least(${epoch}, bench_gen.block_of_tx(tx) * 20 / 432000 + 2)
            FROM unnest($1::int8[], $2::int8[]) r (p, tx)`,
      params: [retirements, retirements.map(poolTx.retirement)],
    },
    {
      table: 'pool_metadata',
      sql: `INSERT INTO pool_metadata (url, hash, metadata, fetched_at)
            SELECT url, hash, metadata, now() FROM unnest($1::text[], $2::text[], $3::jsonb[]) m (url, hash, metadata)`,
      params: [
        metadata.map((m) => m.url),
        metadata.map((m) => m.hash.toString('hex')),
        metadata.map((m) => JSON.stringify(m.json)),
      ],
    },
    {
      table: 'pool_snapshot_epoch',
      sql: `INSERT INTO pool_snapshot_epoch (epoch, treasury, reserves)
            SELECT e, 1500000000000000 + e * 1000000000::int8, 7000000000000000 - e * 1000000000::int8
            FROM generate_series(${firstSnapshot}, ${epoch}) e`,
      params: [],
    },
    {
      table: 'pool_stake_snapshot',
      sql: `INSERT INTO pool_stake_snapshot
            SELECT e, substring(bench_gen.sha(p, 'poolhash') from 1 for 28),
              CASE WHEN p = ${LARGEST_POOL} THEN 70000000000000 ELSE 1000000000 + bench_gen.h(p * 100 + e, 50) % 20000000000000 END
            FROM generate_series(${firstSnapshot}, ${epoch}) e, generate_series(1, ${POOLS}) p`,
      params: [],
    },
    {
      // Every account a member reward of the newest epoch; the large account (stake address 1, delegating since
      // Shelley's first epochs on mainnet) one for each of REWARD_EPOCHS epochs from the pool it then delegated to
      // (a new one every 50 epochs), and a leader reward of pool 1, which it owns. Its epochs are mainnet's count,
      // not the populated chain's (fewer): the path reads the account's reward rows only.
      table: 'reward',
      sql: `INSERT INTO reward (stake_address_id, type, amount, earned_epoch, spendable_epoch, pool_hash)
            SELECT s, 'member', 1000000 + bench_gen.h(s, 57) % 50000000, ${epoch}, ${epoch} + 2,
              substring(bench_gen.sha(1 + bench_gen.h(s, 58) % ${POOLS}, 'poolhash') from 1 for 28)
            FROM generate_series(2, ${SA}) s
            UNION ALL
            SELECT 1, type, 1000000 + bench_gen.h(e * 2 + k, 59) % 500000000, e, e + 2,
              substring(bench_gen.sha(CASE WHEN type = 'leader' THEN 1 ELSE 2 + e / 50 END, 'poolhash') from 1 for 28)
            FROM generate_series(0, ${REWARD_EPOCHS - 1}) e,
              (VALUES (0, 'member'), (1, 'leader')) t (k, type)`,
      params: [],
    },
    {
      // Mainnet's Shelley genesis.
      table: 'genesis',
      sql: `INSERT INTO genesis VALUES (1, 0.05, 5, 45000000000000000, 764824073, 432000, 1506203091, 129600, 1000, 62, 2160)`,
      params: [],
    },
    {
      // The DReps' anchors (populate.ts's drep_registration names them) and the documents the anchor job fetched.
      table: 'governance_anchor',
      sql: `INSERT INTO governance_anchor (url, hash, bytes, json)
            SELECT 'https://drep' || d || '.example.com/drep.jsonld', bench_gen.sha(d, 'drepanchor'), convert_to(j::text, 'UTF8'), j
            FROM generate_series(1, ${DREPS}) d,
              LATERAL (SELECT jsonb_build_object('@context', 'https://github.com/cardano-foundation/CIPs/blob/master/CIP-0119/README.md',
                'body', jsonb_build_object('givenName', 'DRep ' || d, 'objectives', 'Benchmark objectives of DRep ' || d)) AS j) x`,
      params: [],
    },
    {
      // The ledger's DReps at the newest boundary: the registered ones and the two predefined.
      table: 'drep_snapshot',
      sql: `INSERT INTO drep_snapshot (epoch, drep_id, drep_kind, drep_hash, stake, deposit, mandate_epoch, anchor_url, anchor_hash, delegators)
            SELECT ${epoch}, id, 'key', substring(bench_gen.sha(d, 'drep') from 1 for 28),
              CASE WHEN d = ${LARGEST_DREP} THEN 900000000000000 ELSE 1000000000 + bench_gen.h(d, 51) % 50000000000000 END,
              500000000, ${epoch} + 20, 'https://drep' || d || '.example.com/drep.jsonld', bench_gen.sha(d, 'drepanchor'),
              (bench_gen.h(d, 52) % 2000)::int4
            FROM unnest($1::int8[], $2::text[]) r (d, id) WHERE d % 25 <> 1
            UNION ALL
            SELECT ${epoch}, id, kind, NULL, stake, NULL, NULL, NULL, NULL, 100000
            FROM (VALUES ('drep_always_abstain', 'abstain', 3000000000000000), ('drep_always_no_confidence', 'no_confidence', 200000000000000)) p (id, kind, stake)`,
      params: [dreps, dreps.map(drepId)],
    },
    {
      table: 'gov_action_proposal',
      sql: `INSERT INTO gov_action_proposal (id, tx_id, index, deposit, return_address_id, type, anchor_url, anchor_hash)
            SELECT i + 1, ${proposalTx}, 0, 100000000000, 2 + bench_gen.h(i, 53) % ${SA - 1},
              (ARRAY['parameter_change', 'hard_fork_initiation', 'treasury_withdrawals', 'no_confidence', 'new_committee',
                'new_constitution', 'info_action'])[1 + i % 7],
              'https://proposal' || i || '.example.com/proposal.jsonld', bench_gen.sha(i, 'proposalanchor')
            FROM generate_series(0, ${proposals - 1}) i`,
      params: [],
    },
    {
      // A third of the DReps on each proposal, a vote each in a transaction of its own after it, and one pool in 30.
      table: 'voting_procedure',
      sql: `INSERT INTO voting_procedure (id, tx_id, index, voter_role, voter_hash, voter_has_script, gov_action_tx_hash, gov_action_index, vote)
            SELECT row_number() OVER (ORDER BY tx, role, voter), tx, 0, role, hash, false, bench_gen.sha(ptx, 'tx'), 0,
              (ARRAY['yes', 'no', 'abstain'])[1 + bench_gen.h(ptx * 7 + voter, 55) % 3]
            FROM (
              SELECT ${proposalTx} AS ptx, i FROM generate_series(0, ${proposals - 1}) i
            ) p, LATERAL (
              SELECT least(${T}, ptx + 1 + d) AS tx, 'drep' AS role, d AS voter, substring(bench_gen.sha(d, 'drep') from 1 for 28) AS hash
              FROM generate_series(1, ${DREPS}) d WHERE bench_gen.h(i * 1000 + d, 54) % 3 = 0
              UNION ALL
              SELECT least(${T}, ptx + 1000 + q), 'spo', q, substring(bench_gen.sha(q, 'poolhash') from 1 for 28)
              FROM generate_series(1, ${POOLS}) q WHERE bench_gen.h(i * 10000 + q, 56) % 30 = 0
            ) v`,
      params: [],
    },
  ];
}

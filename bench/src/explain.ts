// EXPLAIN ANALYZE of each endpoint's SQL with a sample key: the database share of a request.
import {
  ADDRESS_UTXO_ASSET_IDS_QUERY,
  ADDRESS_UTXOS_ASSET_QUERY,
  ADDRESS_UTXOS_QUERY,
  DREP_DELEGATORS_SQL,
  POOL_DELEGATORS_QUERY,
  OutputIdList,
  readSqlFile,
} from '@frostline/db';
import { cip68ReferenceNft, drepIdToCredential, parsePoolIdParam, poolIdFromHash } from '@frostline/model';
import pg from 'pg';
import type { Samples } from './populate.js';

export interface Explained {
  query: string;
  executionMs: number;
  planningMs: number;
  plan: string;
}

export async function explainScenarios(url: string, samples: Samples): Promise<Explained[]> {
  // prisma/sql/<name>.sql as the API runs it: the block queries with their shared block columns filled in,
  // the address UTxO queries with their named parameters numbered.
  const named: Record<string, string> = {
    addresses_address_utxos: ADDRESS_UTXOS_QUERY.text,
    addresses_address_utxos_asset: ADDRESS_UTXOS_ASSET_QUERY.text,
    addresses_address_utxos_asset_ids: ADDRESS_UTXO_ASSET_IDS_QUERY.text,
    governance_dreps_drep_id_delegators: DREP_DELEGATORS_SQL.registered.asc,
    pools_pool_id_delegators: POOL_DELEGATORS_QUERY.text,
  };
  const sql = (name: string) => (named[name] ?? readSqlFile(name)).replaceAll('{{direction}}', 'ASC');
  const bytes = (hex: string) => Buffer.from(hex, 'hex');
  const [address, unit] =
    samples.addressAssets.find(([, u]) => u !== 'lovelace') ?? samples.addressAssets[0]!;
  const asset = samples.assets[0]!;
  const ref = cip68ReferenceNft(asset);
  const busyAsset = {
    policy: bytes(samples.busyUnit.slice(0, 56)),
    asset_name: bytes(samples.busyUnit.slice(56)),
  };
  const busy = (page: number): unknown[] => [
    samples.busyAddress,
    null,
    ...ADDRESS_UTXOS_ASSET_QUERY.values({ ...busyAsset, limit: 100, offset: (page - 1) * 100 }),
  ];
  const busyAll = (page: number): unknown[] => [
    samples.busyAddress,
    null,
    ...ADDRESS_UTXOS_QUERY.values({ limit: 100, offset: (page - 1) * 100 }),
  ];
  const lastPage = Math.floor(samples.busyUtxos / 100);
  const busyIds = (since: string | null, wholeList: boolean): unknown[] => [
    samples.busyAddress,
    null,
    ...ADDRESS_UTXO_ASSET_IDS_QUERY.values({ ...busyAsset, since, whole_list: wholeList }),
  ];
  const cases: [string, string, unknown[]][] = [
    [
      'address utxos (sample)',
      'addresses_address_utxos_asset',
      [
        address,
        null,
        ...ADDRESS_UTXOS_ASSET_QUERY.values({
          policy: unit === 'lovelace' ? null : bytes(unit.slice(0, 56)),
          asset_name: unit === 'lovelace' ? null : bytes(unit.slice(56)),
          limit: 100,
          offset: 0,
        }),
      ],
    ],
    ['busy address page 1', 'addresses_address_utxos_asset', busy(1)],
    ['busy address last page', 'addresses_address_utxos_asset', busy(lastPage)],
    // The first list of the selection: no earlier tip to follow, the whole list.
    ['busy address id list (deep pages)', 'addresses_address_utxos_asset_ids', busyIds(null, true)],
    ['busy address /utxos page 1', 'addresses_address_utxos', busyAll(1)],
    ['busy address /utxos last page', 'addresses_address_utxos', busyAll(lastPage)],
    [
      'asset (sample)',
      'assets_asset',
      [
        bytes(asset.slice(0, 56)),
        bytes(asset.slice(56)),
        asset,
        ref ? bytes(ref.referenceNftUnit.slice(56)) : null,
      ],
    ],
    ['block (sample)', 'blocks_epoch_number_slot_slot_number', samples.blocks[0]!],
    ['latest block', 'blocks_latest', []],
    [
      'address /utxos (sample)',
      'addresses_address_utxos',
      [address, null, ...ADDRESS_UTXOS_QUERY.values({ limit: 100, offset: 0 })],
    ],
    ['transaction (sample)', 'txs_hash', [bytes(samples.txs[0]!)]],
    ['transaction utxos (sample)', 'txs_hash_utxos', [bytes(samples.txs[0]!)]],
    ['latest epoch parameters', 'epochs_number_parameters', [null]],
    ['account (sample)', 'accounts_stake_address', [samples.accounts[0]]],
    ['large account', 'accounts_stake_address', [samples.largeAccount]],
    ['nutlink tickers', 'nutlink_address_tickers', [samples.oracles[0], null, 'asc', 100, 0]],
    ['pools page 1', 'pools', [100, 0]],
    [
      'largest pool delegators page 1',
      'pools_pool_id_delegators',
      [
        100,
        0,
        ...POOL_DELEGATORS_QUERY.values({
          pool_hash: bytes(parsePoolIdParam(samples.largestPool.poolId)!),
          pool_id: samples.largestPool.poolId,
        }),
      ],
    ],
    ['epoch stakes page 1', 'epochs_number_stakes', [samples.epoch, 100, 0]],
    ['dreps page 1', 'governance_dreps', [false, null, null, 100, 0]],
    ['proposals page 1', 'governance_proposals', [100, 0]],
    [
      'largest DRep delegators page 1',
      'governance_dreps_drep_id_delegators',
      ['key', bytes(drepIdToCredential(samples.largestDrep.drepId)!.hash), 100, 0],
    ],
  ];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: Explained[] = [];
  try {
    // The middle page of the busy address as the API reads a deep page: by the ids of its kept list.
    const { rows: listed } = await client.query<{ ids: Buffer }>(
      sql('addresses_address_utxos_asset_ids'),
      busyIds(null, true),
    );
    const middle = new OutputIdList(listed[0]!.ids).page(
      Math.floor(samples.busyUtxos / 200) * 100,
      100,
      'asc',
    );
    cases.splice(3, 0, [
      'busy address middle page by ids',
      'addresses_address_utxos_by_ids_of_address',
      [middle, samples.busyAddress],
    ]);
    // A kept list brought to a new block: the changes of the newest block to the selection, not the whole list.
    const {
      rows: [before],
    } = await client.query<{ tip: string }>(
      `SELECT encode(hash, 'hex') AS tip FROM block ORDER BY id DESC OFFSET 1 LIMIT 1`,
    );
    cases.splice(5, 0, [
      'busy address id list carried one block',
      'addresses_address_utxos_asset_ids',
      busyIds(before!.tip, true),
    ]);
    // A cached page 1 brought to a new block: the same changes, asked for alone (no whole list if too far back).
    cases.splice(6, 0, [
      'busy address page 1 carried one block',
      'addresses_address_utxos_asset_ids',
      busyIds(before!.tip, false),
    ]);
    // /pools/extended's figures of /pools' page 1.
    const { rows: pools } = await client.query<{ pool_hash: string }>(sql('pools'), [100, 0]);
    const hashes = pools.map((row) => row.pool_hash);
    cases.push(['pools extended page 1', 'pools_extended', [hashes, hashes.map(poolIdFromHash)]]);
    for (const [query, file, params] of cases) {
      await client.query(sql(file), params); // warm
      const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${sql(file)}`, params);
      const lines = rows.map((r) => r['QUERY PLAN'] as string);
      const ms = (label: string) =>
        Number(/([\d.]+) ms/.exec(lines.find((l) => l.startsWith(label)) ?? '')?.[1] ?? NaN);
      out.push({
        query,
        executionMs: ms('Execution Time'),
        planningMs: ms('Planning Time'),
        plan: lines.join('\n'),
      });
    }
  } finally {
    await client.end();
  }
  return out;
}

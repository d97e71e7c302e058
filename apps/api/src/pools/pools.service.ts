import { Inject, Injectable } from '@nestjs/common';
import {
  poolExists,
  poolMetadataFile,
  poolMetadataFiles,
  pools,
  poolsExtended,
  poolsPoolIdBlocks,
  poolsPoolIdFigures,
  poolsPoolIdNewestRegistration,
  poolsPoolIdUpdates,
  poolsRetired,
  poolsRetiring,
  type PoolKey,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  networkIdOf,
  parsePoolIdParam,
  poolIdFromHash,
  type Pool,
  type PoolExtended,
  type PoolMetadata,
  type PoolRelays,
  type PoolRetirement,
  type PoolUpdates,
} from '@frostline/model';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import type { ApiConfig } from '../config.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import {
  ownerRewardAddresses,
  poolRegistration,
  toPool,
  toPoolExtended,
  toPoolMetadata,
  toPoolRelays,
  toPoolRetirements,
} from './pools.mapper.js';

/** The pool a `{pool_id}` names, known or not: Blockfrost's 400 if malformed, 404 if no pool can have it. */
export function namedPool(param: string): PoolKey {
  const hash = parsePoolIdParam(param);
  if (hash === null) throw new BlockfrostError(404);
  return { hash, poolId: poolIdFromHash(hash) };
}

/** The pool a `{pool_id}` names: {@link namedPool}'s errors, then 404 if the index does not know it. */
export async function knownPool(db: PrismaClient, param: string): Promise<PoolKey> {
  const pool = namedPool(param);
  if (!(await poolExists(db, pool))) throw new BlockfrostError(404);
  return pool;
}

@Injectable()
export class PoolsService {
  private readonly networkId: number;

  constructor(
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.networkId = networkIdOf(config.network);
  }

  async list(query: PaginationQuery): Promise<string[]> {
    return (await pools(this.db, parsePage(query))).map(poolIdFromHash);
  }

  /** /pools' page with each pool's figures: one statement for the figures and one for the metadata files. */
  async extended(query: PaginationQuery): Promise<PoolExtended[]> {
    const page = (await pools(this.db, parsePage(query))).map((hash) => ({
      hash,
      poolId: poolIdFromHash(hash),
    }));
    const rows = await poolsExtended(this.db, page);
    const certificates = rows.map(poolRegistration);
    const refs = certificates.flatMap((c) => (c.metadata === null ? [] : [c.metadata]));
    const files = new Map(
      (await poolMetadataFiles(this.db, refs)).map((file) => [`${file.url} ${file.hash}`, file]),
    );
    return rows.map((row, i) => {
      const ref = certificates[i]!.metadata;
      return toPoolExtended(row, certificates[i]!, ref && (files.get(`${ref.url} ${ref.hash}`) ?? null));
    });
  }

  async retired(query: PaginationQuery): Promise<PoolRetirement[]> {
    return toPoolRetirements(await poolsRetired(this.db, parsePage(query)));
  }

  async retiring(query: PaginationQuery): Promise<PoolRetirement[]> {
    return toPoolRetirements(await poolsRetiring(this.db, parsePage(query)));
  }

  /** A pool that registered, with its newest registration's parameters; 404 for one that never did, as RYO. */
  async pool(poolParam: string): Promise<Pool> {
    const pool = await knownPool(this.db, poolParam);
    const registration = await poolsPoolIdNewestRegistration(this.db, pool.hash);
    if (registration === null) throw new BlockfrostError(404);
    const certificate = poolRegistration(registration);
    const figures = await poolsPoolIdFigures(
      this.db,
      pool,
      ownerRewardAddresses(certificate, this.networkId),
    );
    return toPool(certificate, figures, this.networkId);
  }

  /** The off-chain metadata its newest registration names; `{}` when it names none or never registered. */
  async metadata(poolParam: string): Promise<PoolMetadata> {
    const pool = await knownPool(this.db, poolParam);
    const registration = await poolsPoolIdNewestRegistration(this.db, pool.hash);
    if (registration === null) return {};
    const certificate = poolRegistration(registration);
    const ref = certificate.metadata;
    return toPoolMetadata(certificate, ref && (await poolMetadataFile(this.db, ref.url, ref.hash)));
  }

  /** The relays of the pool's newest registration; none for a pool that never registered. */
  async relays(poolParam: string): Promise<PoolRelays> {
    const pool = await knownPool(this.db, poolParam);
    const registration = await poolsPoolIdNewestRegistration(this.db, pool.hash);
    return registration === null ? [] : toPoolRelays(registration);
  }

  // The lists validate their query string before the path, as Blockfrost's Fastify schema check runs
  // before RYO's handler does.

  async updates(poolParam: string, query: PaginationQuery): Promise<PoolUpdates> {
    const page = parsePage(query);
    const pool = await knownPool(this.db, poolParam);
    return poolsPoolIdUpdates(this.db, pool.hash, page);
  }

  async blocks(poolParam: string, query: PaginationQuery): Promise<string[]> {
    const page = parsePage(query);
    const pool = await knownPool(this.db, poolParam);
    return poolsPoolIdBlocks(this.db, pool.poolId, page);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import {
  epochExists,
  epochsContent,
  epochsLatest,
  epochsNumber,
  epochsNumberBlocks,
  epochsNumberBlocksPoolId,
  epochsNumberNext,
  epochsNumberParameters,
  epochsNumberPrevious,
  type EpochRow,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  epochParameters,
  parseIntegerPathParams,
  type Epoch,
  type EpochParameters,
  type OgmiosProtocolParameters,
} from '@frostline/model';
import { parsePage, parseUnorderedPage, type PaginationQuery } from '../common/pagination.js';
import { READ_DB } from '../common/tokens.js';
import { knownPool } from '../pools/pools.service.js';

@Injectable()
export class EpochsService {
  /**
   * Each epoch's answer as last mapped and serialised, with the version of the row it came from.
   * Parsing the stored row, mapping every cost-model value to Blockfrost's names and serialising the
   * large result took more CPU than the rest of the request; the row only changes when the indexer
   * rewrites it. At most one entry per stored epoch.
   */
  private readonly answers = new Map<number, { version: string; json: string }>();

  /**
   * The figures of settled epochs (no rollback can reach their blocks any more): summing an epoch's
   * blocks reads tens of thousands of index entries, which a page of /next or /previous multiplies
   * by up to a hundred. At most one entry per epoch with blocks.
   */
  private readonly settled = new Map<number, Epoch>();

  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  async latest(): Promise<Epoch> {
    return this.kept(await epochsLatest(this.db));
  }

  /** An epoch Blockfrost knows has blocks (db-sync writes an epoch's row with its first block). */
  async byNumber(numberParam: string): Promise<Epoch> {
    const epoch = epochNumber(numberParam);
    return this.settled.get(epoch) ?? this.kept(await epochsNumber(this.db, epoch));
  }

  // The lists validate their query string before the path, as Blockfrost's Fastify schema check runs
  // before RYO's handler does.

  async next(numberParam: string, query: PaginationQuery): Promise<Epoch[]> {
    const page = parseUnorderedPage(query);
    return this.epochs(
      await epochsNumberNext(this.db, { epoch: await this.knownEpoch(numberParam), ...page }),
    );
  }

  async previous(numberParam: string, query: PaginationQuery): Promise<Epoch[]> {
    const page = parseUnorderedPage(query);
    return this.epochs(
      await epochsNumberPrevious(this.db, { epoch: await this.knownEpoch(numberParam), ...page }),
    );
  }

  async blocks(numberParam: string, query: PaginationQuery): Promise<string[]> {
    const page = parsePage(query);
    return epochsNumberBlocks(this.db, { epoch: await this.knownEpoch(numberParam), ...page });
  }

  /** As RYO: the epoch is checked (400, then 404) before the pool (400, then 404). */
  async poolBlocks(numberParam: string, poolParam: string, query: PaginationQuery): Promise<string[]> {
    const page = parsePage(query);
    const epoch = await this.knownEpoch(numberParam);
    const pool = await knownPool(this.db, poolParam);
    return epochsNumberBlocksPoolId(this.db, { epoch, poolId: pool.poolId, ...page });
  }

  /** These epochs (all with blocks), the settled ones as kept. */
  private async epochs(numbers: number[]): Promise<Epoch[]> {
    const missing = numbers.filter((epoch) => !this.settled.has(epoch));
    const rows = missing.length === 0 ? [] : await epochsContent(this.db, missing);
    const read = new Map(rows.map((row) => [row.epoch, this.kept(row)]));
    return numbers.map((epoch) => this.settled.get(epoch) ?? read.get(epoch)!);
  }

  /** The row's answer, kept when the epoch is settled; 404 when there is no row. */
  private kept(row: EpochRow | null): Epoch {
    if (!row) throw new BlockfrostError(404);
    const { settled, ...epoch } = row;
    if (settled) this.settled.set(epoch.epoch, epoch);
    return epoch;
  }

  /** The epoch a `{number}` names: 400 if malformed, 404 if it has no blocks. */
  async knownEpoch(numberParam: string): Promise<number> {
    const epoch = epochNumber(numberParam);
    if (!(await epochExists(this.db, epoch))) throw new BlockfrostError(404);
    return epoch;
  }

  /**
   * The parameters the indexer stored for an epoch, as the JSON text of {@link EpochParameters}: it
   * asks the node for them in every epoch it sees live, so epochs the node had passed before the
   * indexer first ran are unknown (404).
   */
  async parametersJson(numberParam: string | 'latest'): Promise<string> {
    const epoch = numberParam === 'latest' ? 'latest' : epochNumber(numberParam);
    const row = await epochsNumberParameters(this.db, epoch);
    if (!row) throw new BlockfrostError(404);
    const kept = this.answers.get(row.epoch);
    if (kept?.version === row.version) return kept.json;
    const parameters: EpochParameters = epochParameters(
      row.epoch,
      JSON.parse(row.params) as OgmiosProtocolParameters,
      row.nonce,
    );
    const json = JSON.stringify(parameters);
    this.answers.set(row.epoch, { version: row.version, json });
    return json;
  }
}

/** `{number}` of an /epochs path: Blockfrost's 400 names it epoch_number once it is an integer. */
function epochNumber(param: string): number {
  return parseIntegerPathParams({ number: param }, { number: 'epoch_number' }).number;
}

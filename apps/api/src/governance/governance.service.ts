import { Inject, Injectable } from '@nestjs/common';
import {
  governanceCommittee,
  governanceDRep,
  governanceDRepDelegators,
  governanceDRepMetadata,
  governanceDRepUpdates,
  governanceDReps,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  parseDRepIdParam,
  queryBoolean,
  queryEnum,
  type Committee,
  type DRepContent,
  type DRepDelegator,
  type DRepListItem,
  type DRepMetadata,
  type DRepUpdate,
  type RawParam,
} from '@frostline/model';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { READ_DB } from '../common/tokens.js';
import { drepKey, toCommittee, toDRepContent, toDRepListItem, toDRepMetadata } from './governance.mapper.js';

export type DRepsQuery = PaginationQuery & { order_by?: RawParam; retired?: RawParam; expired?: RawParam };

@Injectable()
export class GovernanceService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  /** Every DRep named on chain, in the order first named or by voting power, optionally filtered. */
  async dreps(query: DRepsQuery): Promise<DRepListItem[]> {
    // Ajv's order: the pagination params, then order_by, retired, expired.
    const page = parsePage(query);
    const byAmount = queryEnum('order_by', query.order_by, ['amount']) === 'amount';
    const retired = queryBoolean('retired', query.retired);
    const expired = queryBoolean('expired', query.expired);
    const rows = await governanceDReps(this.db, { ...page, byAmount, retired, expired });
    return rows.map(toDRepListItem);
  }

  /** 404 unless a certificate, a vote delegation or a ledger snapshot names the DRep. */
  async drep(drepId: string): Promise<DRepContent> {
    const param = parseDRepIdParam(drepId);
    const row = await governanceDRep(this.db, drepKey(param));
    if (row === null) throw new BlockfrostError(404);
    return toDRepContent(param, row);
  }

  /** An unknown DRep has no certificates: an empty page, as RYO answers. */
  async updates(drepId: string, query: PaginationQuery): Promise<DRepUpdate[]> {
    const page = parsePage(query);
    return governanceDRepUpdates(this.db, drepKey(parseDRepIdParam(drepId)), page);
  }

  /** An unknown (or retired) DRep has no delegators: an empty page, as RYO answers. */
  async delegators(drepId: string, query: PaginationQuery): Promise<DRepDelegator[]> {
    const page = parsePage(query);
    return governanceDRepDelegators(this.db, drepKey(parseDRepIdParam(drepId)), page);
  }

  /**
   * 404 unless a certificate of the DRep has an anchor; the document's fields stay null (with the failure's
   * `error`) until the indexer's anchor job has fetched a document whose hash is the anchor's.
   */
  async metadata(drepId: string): Promise<DRepMetadata> {
    const param = parseDRepIdParam(drepId);
    const row = await governanceDRepMetadata(this.db, drepKey(param));
    if (row === null) throw new BlockfrostError(404);
    return toDRepMetadata(param, row);
  }

  /** 404 before the first epoch snapshot with a committee. */
  async committee(): Promise<Committee> {
    const snapshot = await governanceCommittee(this.db);
    if (snapshot?.quorum == null) throw new BlockfrostError(404);
    return toCommittee(snapshot.quorum, snapshot.members);
  }
}

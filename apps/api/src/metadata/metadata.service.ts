import { Inject, Injectable } from '@nestjs/common';
import {
  metadataTxsLabels,
  metadataTxsLabelsLabel,
  type MetadataLabelTxRow,
  type PrismaClient,
} from '@frostline/db';
import {
  BlockfrostError,
  cip10Description,
  parseMetadataLabelParam,
  renderLabelMetadatumJson,
  type MetadataTxLabel,
  type MetadataTxLabelCbor,
  type MetadataTxLabelJson,
} from '@frostline/model';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { READ_DB } from '../common/tokens.js';

@Injectable()
export class MetadataService {
  constructor(@Inject(READ_DB) private readonly db: PrismaClient) {}

  /** Every label in use with its transaction count and CIP-10 name; `[]` when none. */
  async labels(query: PaginationQuery): Promise<MetadataTxLabel[]> {
    const rows = await metadataTxsLabels(this.db, parsePage(query));
    return rows.map(({ label, count }) => ({ label, cip10: cip10Description(label), count }));
  }

  /** Each transaction's value of the label as db-sync renders it into JSON. */
  async label(labelParam: string, query: PaginationQuery): Promise<MetadataTxLabelJson[]> {
    const rows = await this.labelRows(labelParam, query);
    return rows.map(({ tx_hash, metadata }) => ({
      tx_hash,
      json_metadata: renderLabelMetadatumJson(metadata) as MetadataTxLabelJson['json_metadata'],
    }));
  }

  /** `cbor_metadata` is db-sync's bytea rendered as text (`\x…`), as RYO selects it. */
  async labelCbor(labelParam: string, query: PaginationQuery): Promise<MetadataTxLabelCbor[]> {
    const rows = await this.labelRows(labelParam, query);
    return rows.map(({ tx_hash, metadata }) => ({ tx_hash, cbor_metadata: `\\x${metadata}`, metadata }));
  }

  /**
   * Check order as RYO: pagination, label (400). An empty page is a 404, past the last one too, as RYO
   * answers it.
   */
  private async labelRows(labelParam: string, query: PaginationQuery): Promise<MetadataLabelTxRow[]> {
    const page = parsePage(query);
    const label = parseMetadataLabelParam(labelParam);
    const rows = label === null ? [] : await metadataTxsLabelsLabel(this.db, label, page);
    if (rows.length === 0) throw new BlockfrostError(404);
    return rows;
  }
}

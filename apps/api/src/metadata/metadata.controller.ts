import { Controller, Get, Param, Query } from '@nestjs/common';
import type { MetadataTxLabel, MetadataTxLabelCbor, MetadataTxLabelJson } from '@frostline/model';
import type { PaginationQuery } from '../common/pagination.js';
import { servedAt } from '../common/route-paths.js';
import { MetadataService } from './metadata.service.js';

@Controller(servedAt('metadata/txs/labels'))
export class MetadataController {
  constructor(private readonly metadata: MetadataService) {}

  @Get()
  labels(@Query() query: PaginationQuery): Promise<MetadataTxLabel[]> {
    return this.metadata.labels(query);
  }

  @Get(':label')
  label(@Param('label') label: string, @Query() query: PaginationQuery): Promise<MetadataTxLabelJson[]> {
    return this.metadata.label(label, query);
  }

  @Get(':label/cbor')
  labelCbor(@Param('label') label: string, @Query() query: PaginationQuery): Promise<MetadataTxLabelCbor[]> {
    return this.metadata.labelCbor(label, query);
  }
}

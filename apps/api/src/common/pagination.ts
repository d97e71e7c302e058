import { parsePagination, type Pagination, type RawParam } from '@frostline/model';

export type PaginationQuery = { count?: RawParam; page?: RawParam; order?: RawParam };

/** A validated page as the SQL needs it: LIMIT/OFFSET and the direction. */
export interface Page {
  limit: number;
  offset: number;
  order: Pagination['order'];
}

/** count/page/order with Blockfrost's defaults and exact 400 messages (first error only). */
export function parsePage(query: PaginationQuery): Page {
  const { count, page, order } = parsePagination(query);
  return { limit: count, offset: (page - 1) * count, order };
}

/** count/page of a path whose Blockfrost schema has no `order`: one given is ignored, as Ajv ignores it. */
export function parseUnorderedPage(query: PaginationQuery): Omit<Page, 'order'> {
  const { limit, offset } = parsePage({ count: query.count, page: query.page });
  return { limit, offset };
}

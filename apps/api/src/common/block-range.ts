import type { BlockRange } from '@frostline/db';
import { BlockfrostError, MAX_SIGNED_INT, type RawParam } from '@frostline/model';

export type BlockRangeQuery = { from?: RawParam; to?: RawParam };

/** What a request's from/to say: the range to select, and whether Blockfrost would accept them. */
export interface ParsedBlockRange {
  /** selects nothing when the values are invalid, so that a query can still answer its 404 probe */
  range: BlockRange;
  valid: boolean;
}

const INVALID_RANGE_MESSAGE = 'Invalid (malformed or out of range) from/to parameter(s).';
const NO_RANGE: BlockRange = { fromHeight: null, fromIndex: null, toHeight: null, toIndex: null };
const EMPTY_RANGE: BlockRange = { fromHeight: 1, fromIndex: null, toHeight: 0, toIndex: null };

/**
 * `from` and `to` (`block[:index]`) as Blockfrost reads them. Their type is checked here, as Ajv checks it
 * with the pagination's (call it after parsePage): a repeated key is a 400. Their values only by
 * {@link checkBlockRange}, as RYO checks them where each path says. RYO's rules: a height, optionally a colon
 * and an index, each a number from 0 to 2^31-1 (`Number()`'s reading: an empty height is 0, an empty index
 * none); from after to is invalid; a value with more than one colon is ignored. A fraction, which RYO hands
 * to PostgreSQL to fail there (500), is invalid here.
 */
export function parseBlockRange(query: BlockRangeQuery): ParsedBlockRange {
  const from = blockPoint('from', query.from);
  const to = blockPoint('to', query.to);
  if (from === 'invalid' || to === 'invalid') return { range: EMPTY_RANGE, valid: false };
  const range: BlockRange = {
    ...NO_RANGE,
    ...(from && { fromHeight: from.height, fromIndex: from.index }),
    ...(to && { toHeight: to.height, toIndex: to.index }),
  };
  const fromAfterTo =
    from !== null &&
    to !== null &&
    (from.height > to.height ||
      (from.height === to.height && from.index !== null && to.index !== null && from.index > to.index));
  return fromAfterTo ? { range: EMPTY_RANGE, valid: false } : { range, valid: true };
}

/** The 400 of from/to values Blockfrost rejects. */
export function checkBlockRange({ valid }: ParsedBlockRange): void {
  if (!valid) throw new BlockfrostError(400, INVALID_RANGE_MESSAGE);
}

type BlockPoint = { height: number; index: number | null };

function blockPoint(name: string, raw: RawParam): BlockPoint | 'invalid' | null {
  if (raw === undefined) return null;
  const text = typeof raw === 'string' ? raw : raw.length === 1 ? raw[0]! : null;
  if (text === null) throw new BlockfrostError(400, `querystring/${name} must be string`);
  const tokens = text.split(':');
  if (tokens.length > 2) return null;
  const height = Number(tokens[0]);
  const index = tokens[1] ? Number(tokens[1]) : null;
  if (!isBlockNumber(height) || (index !== null && !isBlockNumber(index))) return 'invalid';
  return { height, index };
}

const isBlockNumber = (value: number) => Number.isInteger(value) && value >= 0 && value <= MAX_SIGNED_INT;

import { BlockfrostError } from './errors.js';

/** A query-string or path value as Fastify/NestJS hand it over; repeated keys give arrays. */
export type RawParam = string | readonly string[] | undefined;

export type Order = 'asc' | 'desc';

export interface Pagination {
  count: number;
  page: number;
  order: Order;
}

const COUNT = { minimum: 1, maximum: 100, fallback: 100 };
const PAGE = { minimum: 1, maximum: 21_474_836, fallback: 1 };
const ORDERS: readonly Order[] = ['asc', 'desc'];
/** Blockfrost's upper bound of integer path params (int4 columns). */
export const MAX_SIGNED_INT = 2_147_483_647;

/**
 * `count`, `page` and `order` exactly as Blockfrost's Fastify/Ajv schema coerces, defaults and
 * rejects them: properties in that order, first error only. Throws a 400 {@link BlockfrostError}.
 */
export function parsePagination(query: { count?: RawParam; page?: RawParam; order?: RawParam }): Pagination {
  return {
    count: boundedQueryInteger('count', query.count, COUNT),
    page: boundedQueryInteger('page', query.page, PAGE),
    order: queryOrder(query.order),
  };
}

/**
 * Integer path params such as `epoch_number` and `slot_number`, in the given order: first Ajv's
 * type check for all of them, then RYO's 0..2^31-1 range check, whose message may call a param
 * otherwise (`/epochs/{number}/…` says `epoch_number`). Throws a 400 {@link BlockfrostError}.
 */
export function parseIntegerPathParams<Name extends string>(
  params: Record<Name, string>,
  rangeNames: Partial<Record<Name, string>> = {},
): Record<Name, number> {
  return checkPathParamRanges(typedIntegerPathParams(params), rangeNames);
}

/** Ajv's type check of integer path params, in the given order (the first step of parseIntegerPathParams). */
export function typedIntegerPathParams<Name extends string>(
  params: Record<Name, string>,
): Record<Name, number> {
  const values = {} as Record<Name, number>;
  for (const name of Object.keys(params) as Name[]) {
    const value = coerceInteger(params[name]);
    if (value === null) throw new BlockfrostError(400, `params/${name} must be integer`);
    values[name] = value;
  }
  return values;
}

/** RYO's 0..2^31-1 range check of typed integer path params (the second step of parseIntegerPathParams). */
export function checkPathParamRanges<Name extends string>(
  values: Record<Name, number>,
  rangeNames: Partial<Record<Name, string>> = {},
): Record<Name, number> {
  for (const name of Object.keys(values) as Name[]) {
    if (!(values[name] >= 0 && values[name] <= MAX_SIGNED_INT)) {
      throw new BlockfrostError(400, `Missing, out of range or malformed ${rangeNames[name] ?? name}.`);
    }
  }
  return values;
}

function boundedQueryInteger(
  name: string,
  raw: RawParam,
  { minimum, maximum, fallback }: typeof COUNT,
): number {
  if (raw === undefined) return fallback;
  const value = coerceInteger(raw);
  if (value === null) throw new BlockfrostError(400, `querystring/${name} must be integer`);
  // Ajv skips range keywords for ±Infinity; RYO's SQL then falls back to the default LIMIT and
  // the first page, so that is what such a value means.
  if (!Number.isFinite(value)) return fallback;
  if (value > maximum) throw new BlockfrostError(400, `querystring/${name} must be <= ${maximum}`);
  if (value < minimum) throw new BlockfrostError(400, `querystring/${name} must be >= ${minimum}`);
  return value;
}

function queryOrder(raw: RawParam): Order {
  return queryEnum('order', raw, ORDERS) ?? 'asc';
}

/**
 * Ajv's `coerceTypes: 'array'` for `type: integer`: a non-empty string whose `Number()` is whole
 * (so " 5", "5.0", "1e2" and "0x10" pass, "5.5" and "" fail), or ±Infinity, which Ajv also lets through.
 */
function coerceInteger(raw: string | readonly string[]): number | null {
  const value = singleValue(raw);
  if (value === null || value === '') return null;
  const number = Number(value);
  if (Number.isNaN(number) || (Number.isFinite(number) && !Number.isInteger(number))) return null;
  return number;
}

/** Ajv unwraps one-element arrays; longer ones fail the type check. */
function singleValue(raw: string | readonly string[]): string | null {
  if (typeof raw === 'string') return raw;
  return raw.length === 1 ? raw[0] : null;
}

/** An optional `type: boolean` query param as Ajv coerces it: only `true` and `false` pass. */
export function queryBoolean(name: string, raw: RawParam): boolean | null {
  if (raw === undefined) return null;
  const value = singleValue(raw);
  if (value !== 'true' && value !== 'false')
    throw new BlockfrostError(400, `querystring/${name} must be boolean`);
  return value === 'true';
}

/** An optional string query param of an `enum`, as Ajv checks it. */
export function queryEnum<T extends string>(name: string, raw: RawParam, allowed: readonly T[]): T | null {
  if (raw === undefined) return null;
  const value = singleValue(raw);
  if (value === null) throw new BlockfrostError(400, `querystring/${name} must be string`);
  if (!(allowed as readonly string[]).includes(value)) {
    throw new BlockfrostError(400, `querystring/${name} must be equal to one of the allowed values`);
  }
  return value as T;
}

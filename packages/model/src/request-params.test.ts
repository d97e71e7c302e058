import { BlockfrostError } from './errors.js';
import { parseIntegerPathParams, parsePagination, type Pagination, type RawParam } from './request-params.js';
import { utilsCases } from './test-support/blockfrost-utils-fixtures.js';

type Query = { count?: RawParam; page?: RawParam; order?: RawParam };

function outcome(parse: () => unknown): unknown {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof BlockfrostError) || error.status !== 400) throw error;
    return error.message;
  }
}

const defaults: Pagination = { count: 100, page: 1, order: 'asc' };

// Recorded from fastify 5.12.8 (Ajv 8, coerceTypes 'array') with the querystring schema that
// @blockfrost/openapi 0.1.93 getSchemaForEndpoint() gives RYO, i.e. what Blockfrost answers.
const paginationCases: [string, Query, Pagination | string][] = [
  ['no parameters', {}, defaults],
  ['count=5', { count: '5' }, { ...defaults, count: 5 }],
  ['count= (empty)', { count: '' }, 'querystring/count must be integer'],
  ['count=5.5', { count: '5.5' }, 'querystring/count must be integer'],
  ['count=abc', { count: 'abc' }, 'querystring/count must be integer'],
  ['count=true', { count: 'true' }, 'querystring/count must be integer'],
  ['count=null', { count: 'null' }, 'querystring/count must be integer'],
  ['count=1_0', { count: '1_0' }, 'querystring/count must be integer'],
  ['count=5.0', { count: '5.0' }, { ...defaults, count: 5 }],
  ['count=%205', { count: ' 5' }, { ...defaults, count: 5 }],
  ['count=+5', { count: '+5' }, { ...defaults, count: 5 }],
  ['count=00005', { count: '00005' }, { ...defaults, count: 5 }],
  ['count=0x10', { count: '0x10' }, { ...defaults, count: 16 }],
  ['count=0b11', { count: '0b11' }, { ...defaults, count: 3 }],
  ['count=1e2', { count: '1e2' }, { ...defaults, count: 100 }],
  ['count=%20 (Number(" ") is 0)', { count: ' ' }, 'querystring/count must be >= 1'],
  ['count=0', { count: '0' }, 'querystring/count must be >= 1'],
  ['count=-0', { count: '-0' }, 'querystring/count must be >= 1'],
  ['count=101', { count: '101' }, 'querystring/count must be <= 100'],
  ['count=Infinity (passes Ajv; SQL falls back)', { count: 'Infinity' }, defaults],
  ['count=5&count=6', { count: ['5', '6'] }, 'querystring/count must be integer'],
  ['count given once as an array', { count: ['7'] }, { ...defaults, count: 7 }],
  ['page=0', { count: '5', page: '0' }, 'querystring/page must be >= 1'],
  ['page=1.0', { page: '1.0' }, defaults],
  ['page=0x10', { page: '0x10' }, { ...defaults, page: 16 }],
  ['page=21474836', { page: '21474836' }, { ...defaults, page: 21_474_836 }],
  ['page=21474837', { page: '21474837' }, 'querystring/page must be <= 21474836'],
  ['page=2147483648', { page: '2147483648' }, 'querystring/page must be <= 21474836'],
  ['page=x', { page: 'x' }, 'querystring/page must be integer'],
  ['page=x&count=0 reports count first', { page: 'x', count: '0' }, 'querystring/count must be >= 1'],
  ['order=desc', { order: 'desc' }, { ...defaults, order: 'desc' }],
  ['order=DESC', { order: 'DESC' }, 'querystring/order must be equal to one of the allowed values'],
  ['order= (empty)', { order: '' }, 'querystring/order must be equal to one of the allowed values'],
  ['order=asc&order=desc', { order: ['asc', 'desc'] }, 'querystring/order must be string'],
];

describe('parsePagination', () => {
  it.each(paginationCases)('%s', (_, query, expected) => {
    expect(outcome(() => parsePagination(query))).toEqual(expected);
  });
});

// Same recording, path schema `{epoch_number: integer, slot_number: integer}`, plus RYO's range check.
const pathCases: [string, string, string, { epoch_number: number; slot_number: number } | string][] = [
  ['plain integers', '1', '2', { epoch_number: 1, slot_number: 2 }],
  ['not a number', 'a', '2', 'params/epoch_number must be integer'],
  ['fraction', '1.5', '2', 'params/epoch_number must be integer'],
  ['empty', '', '1', 'params/epoch_number must be integer'],
  ['hex', '0x10', '1', { epoch_number: 16, slot_number: 1 }],
  ['exponent', '1e3', '1', { epoch_number: 1000, slot_number: 1 }],
  ['a space is 0', ' ', '1', { epoch_number: 0, slot_number: 1 }],
  ['negative', '-1', '2', 'Missing, out of range or malformed epoch_number.'],
  ['2^31', '2147483648', '1', 'Missing, out of range or malformed epoch_number.'],
  ['2^31-1', '2147483647', '0', { epoch_number: 2_147_483_647, slot_number: 0 }],
  ['huge', '99999999999999999999', '1', 'Missing, out of range or malformed epoch_number.'],
  ['Infinity', 'Infinity', '1', 'Missing, out of range or malformed epoch_number.'],
  ['type errors come before range errors', '-1', 'x', 'params/slot_number must be integer'],
  ['slot out of range', '1', '-5', 'Missing, out of range or malformed slot_number.'],
];

describe('parseIntegerPathParams', () => {
  it.each(pathCases)('%s', (_, epoch, slot, expected) => {
    expect(outcome(() => parseIntegerPathParams({ epoch_number: epoch, slot_number: slot }))).toEqual(
      expected,
    );
  });

  it('names a param in the range message as the endpoint does (RYO: /epochs/{number}/… says epoch_number)', () => {
    const epoch = (value: string) =>
      outcome(() => parseIntegerPathParams({ number: value }, { number: 'epoch_number' }));
    expect(epoch('x')).toBe('params/number must be integer');
    expect(epoch('-1')).toBe('Missing, out of range or malformed epoch_number.');
    expect(epoch('7')).toEqual({ number: 7 });
  });

  it.each(utilsCases('validatePositiveInRangeSignedInt'))(
    'blockfrost-utils validatePositiveInRangeSignedInt: %s',
    (_, fixture) => {
      const parsed = outcome(() => parseIntegerPathParams({ epoch_number: String(fixture.input) }));
      expect(typeof parsed === 'object').toBe(fixture.result);
    },
  );
});

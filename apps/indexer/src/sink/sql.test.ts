import { CopyBuffer, copyBinary, type Column, type ColumnType } from './sql.js';

const HEADER = 'PGCOPY\n\xff\r\n\0' + '\0'.repeat(8);
const TRAILER = 'ffff';
/** COPY's binary header, then the rows as hex (each field a 32-bit length and its bytes), then its trailer. */
const hex = (rows: string) => Buffer.from(HEADER, 'latin1').toString('hex') + rows + TRAILER;

/** copyBinary over rows given column by column: row i takes each column's value i. */
const copyColumns = (columns: Column[]) =>
  copyBinary(
    columns[0]!.values.map((_, i) => i),
    columns.map(({ type, values }) => [type, (i: number) => values[i]] as const),
  );

describe('copyBinary', () => {
  it('writes a field count per row and a length per field, -1 for null', () => {
    const rows = copyColumns([
      { type: 'int8', values: [1n, null] },
      { type: 'int4', values: [-2, 7] },
      { type: 'bool', values: [true, false] },
      { type: 'bytea', values: ['00ff', Buffer.from('')] },
    ]);
    expect(rows.toString('hex')).toBe(
      hex(
        '0004' +
          '00000008' +
          '0000000000000001' +
          '00000004' +
          'fffffffe' +
          '00000001' +
          '01' +
          '00000002' +
          '00ff' +
          '0004' +
          'ffffffff' +
          '00000004' +
          '00000007' +
          '00000001' +
          '00' +
          '00000000',
      ),
    );
  });

  // Numbers take a path without BigInt when they are non-negative safe integers, BigInt's otherwise.
  it.each([
    0,
    1,
    2 ** 32 - 1,
    2 ** 32,
    2 ** 32 + 1,
    1_700_000_000_123,
    Number.MAX_SAFE_INTEGER,
    -1,
    -(2 ** 40),
  ])('writes the number %s as int8 like its BigInt', (value) => {
    expect(copyColumns([{ type: 'int8', values: [value] }])).toEqual(
      copyColumns([{ type: 'int8', values: [BigInt(value)] }]),
    );
    expect(copyColumns([{ type: 'int8', values: [value] }]).readBigInt64BE(HEADER.length + 6)).toBe(
      BigInt(value),
    );
  });

  it('writes text as UTF-8 and jsonb with its version byte, without escaping', () => {
    const rows = copyColumns([
      { type: 'text', values: ['a\tb\\é'] },
      { type: 'jsonb', values: ['{"k":"x\\ny"}'] },
    ]);
    const text = Buffer.from('a\tb\\é').toString('hex');
    const json = Buffer.from('{"k":"x\\ny"}').toString('hex');
    expect(rows.toString('hex')).toBe(hex('0002' + '00000006' + text + '0000000d' + '01' + json));
  });

  // BigInts take the number path while safe and non-negative, BigInt's writer otherwise.
  it.each([0n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 63n - 1n, -1n, -(2n ** 63n)])(
    'writes the BigInt %s as int8',
    (value) => {
      expect(copyColumns([{ type: 'int8', values: [value] }]).readBigInt64BE(HEADER.length + 6)).toBe(value);
    },
  );

  // The expected bytes are PostgreSQL's own: SELECT numeric_send(v::numeric(39,0)).
  it.each([
    [12345678901n, '0003000200000000007b11d722c5'],
    [-10000n, '00010001400000000001'],
    [0n, '0000000000000000'],
    [340282366920938463463374607431768211455n, '000a00090000000001540b071a2403aa121a18c111ff10dd1aa505af'],
    [9007199254740991n, '0004000300000000232f07c8156203df'],
    [9007199254740993n, '0004000300000000232f07c8156203e1'],
    [-9007199254740991, '0004000340000000232f07c8156203df'],
    [20000, '00010001000000000002'],
    ['-20000', '00010001400000000002'],
  ])('writes the integer %s as numeric in base 10,000', (value, expected) => {
    const length = (expected.length / 2).toString(16).padStart(8, '0');
    expect(copyColumns([{ type: 'numeric', values: [value] }]).toString('hex')).toBe(
      hex('0001' + length + expected),
    );
  });

  // The buffer is sized from the first rows; here later rows are larger, so it grows again.
  it('writes every row when later rows outgrow the size estimated from the first ones', () => {
    const values = Array.from({ length: 1000 }, (_, i) => Buffer.alloc(3 * i, i % 256));
    const rows = values.map((v) => '0001' + v.length.toString(16).padStart(8, '0') + v.toString('hex'));
    expect(copyColumns([{ type: 'bytea', values }]).toString('hex')).toBe(hex(rows.join('')));
  });

  it('writes each table from the start of a reused buffer, growing it when a table needs more', () => {
    const table = (rows: number) => Array.from({ length: rows }, (_, i) => i);
    const columns = [['bytea', (i: number) => 'ab'.repeat(i % 50)] as const];
    const fresh = (rows: number) => Buffer.from(copyBinary(table(rows), columns));
    const reused = new CopyBuffer();
    for (const rows of [5_000, 3, 20_000, 0]) {
      expect(Buffer.from(copyBinary(table(rows), columns, reused)).equals(fresh(rows))).toBe(true);
    }
  });

  it('refuses an integer its column cannot hold instead of writing it wrapped', () => {
    expect(() => copyColumns([{ type: 'int4', values: [2 ** 31] }])).toThrow('does not fit an int4 column');
    expect(() => copyColumns([{ type: 'int4', values: [-(2 ** 31) - 1] }])).toThrow(RangeError);
    expect(() => copyColumns([{ type: 'int8', values: [2n ** 63n] }])).toThrow('does not fit an int8 column');
    expect(() => copyColumns([{ type: 'int8', values: [-(2n ** 63n) - 1n] }])).toThrow(RangeError);
    const extremes = copyColumns([{ type: 'int8', values: [-(2n ** 63n), 2n ** 63n - 1n] }]);
    expect(extremes.readBigInt64BE(19 + 2 + 4)).toBe(-(2n ** 63n));
    expect(extremes.readBigInt64BE(19 + 2 * (2 + 4) + 8)).toBe(2n ** 63n - 1n);
  });

  it('refuses a fraction for a numeric column', () => {
    expect(() => copyColumns([{ type: 'numeric', values: ['1.5'] }])).toThrow('not an integer');
  });

  /** numeric's binary form (digit count, weight, sign, scale, base-10,000 digits) as a number. */
  const readNumeric = (b: Buffer) => {
    const [count, weight] = [b.readInt16BE(0), b.readInt16BE(2)];
    let value = 0;
    for (let k = 0; k < count; k++) value += b.readInt16BE(8 + 2 * k) * 10_000 ** (weight - k);
    return value;
  };
  // The buffer starts at 64 kB and grows while a field is written: one column at a time, so that
  // each type's field is the one that crosses the boundary.
  const rows = Array.from({ length: 12_000 }, (_, i) => i);
  it.each([
    ['int4', (i: number) => i, (b: Buffer) => b.readInt32BE(0)],
    ['int8', (i: number) => BigInt(i) * 1_000_000_007n, (b: Buffer) => b.readBigInt64BE(0)],
    ['bool', (i: number) => i % 2 === 0, (b: Buffer) => b[0] === 1],
    ['bytea', (i: number) => i.toString(16).padStart(6, '0'), (b: Buffer) => b.toString('hex')],
    ['text', (i: number) => `é${i}`, (b: Buffer) => b.toString()],
    ['jsonb', (i: number) => `{"i":${i}}`, (b: Buffer) => (b[0] === 1 ? b.subarray(1).toString() : null)],
    ['numeric', (i: number) => i * 10_000, readNumeric],
  ] as [ColumnType, (i: number) => unknown, (b: Buffer) => unknown][])(
    'writes %s fields whole across the growth of its buffer',
    (type, value, read) => {
      const buffer = copyColumns([{ type, values: rows.map(value) }]);
      expect(buffer.length).toBeGreaterThan(1 << 16);
      const values: unknown[] = [];
      let at = HEADER.length;
      for (let row = 0; row < rows.length; row++) {
        if (buffer.readInt16BE(at) !== 1) throw new Error(`row ${row}: no field count`);
        const length = buffer.readInt32BE(at + 2);
        values.push(read(buffer.subarray(at + 6, at + 6 + length)));
        at += 6 + length;
      }
      expect(values).toEqual(rows.map(type === 'numeric' ? (i) => i * 10_000 : value));
      expect(buffer.subarray(at).toString('hex')).toBe(TRAILER);
    },
  );
});

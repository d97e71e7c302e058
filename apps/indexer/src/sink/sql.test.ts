import { copyText } from './sql.js';

describe('copyText', () => {
  it('writes one tab-separated line per row with null, booleans, bytes and big numbers', () => {
    const text = copyText([
      { type: 'int8', values: [1n, 18446744073709551615n] },
      { type: 'bool', values: [true, false] },
      { type: 'bytea', values: ['00ff', null] },
      { type: 'numeric', values: [null, -5n] },
    ]);
    expect(text).toBe('1\tt\t\\\\x00ff\t\\N\n18446744073709551615\tf\t\\N\t-5\n');
  });

  it("escapes COPY's special characters in text and JSON", () => {
    const text = copyText([
      { type: 'text', values: ['a\tb\nc\rd\\e', '\\N'] },
      { type: 'jsonb', values: ['{"k":"x\\ny"}', null] },
    ]);
    expect(text).toBe('a\\tb\\nc\\rd\\\\e\t{"k":"x\\\\ny"}\n\\\\N\t\\N\n');
  });
});

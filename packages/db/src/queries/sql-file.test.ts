import { cutSelection, withNamedParameters } from './sql-file.js';

describe('withNamedParameters', () => {
  const sql = 'SELECT $1::text, $2::bytea, $since::text LIMIT $limit OFFSET $offset -- again: $limit';

  it('numbers each name after the numbered parameters, in the order listed, wherever it stands', () => {
    const query = withNamedParameters(sql, ['limit', 'offset', 'since']);
    expect(query.text).toBe('SELECT $1::text, $2::bytea, $5::text LIMIT $3 OFFSET $4 -- again: $3');
    expect(query.values({ since: 'ab', limit: 100, offset: 200 })).toEqual([100, 200, 'ab']);
  });

  it('refuses a name the module does not list, and a listed name the query does not use', () => {
    expect(() => withNamedParameters(sql, ['limit', 'offset'])).toThrow('$since');
    expect(() => withNamedParameters(sql, ['limit', 'offset', 'since', 'whole_list'])).toThrow('whole_list');
  });

  it('numbers from $1 in a query with no numbered parameters', () => {
    expect(withNamedParameters('SELECT $a, $b', ['b', 'a']).text).toBe('SELECT $2, $1');
  });
});

describe('cutSelection', () => {
  const selection =
    '(SELECT id FROM t ORDER BY id {{page}}) UNION ALL (SELECT id FROM u ORDER BY id {{page}})';

  it("cuts every branch to the page query's page, or leaves the whole selection to an id list", () => {
    expect(cutSelection(selection, 'page')).toBe(
      '(SELECT id FROM t ORDER BY id LIMIT $limit::int4 OFFSET $offset::int4) UNION ALL ' +
        '(SELECT id FROM u ORDER BY id LIMIT $limit::int4 OFFSET $offset::int4)',
    );
    expect(cutSelection(selection, 'whole')).toBe(
      '(SELECT id FROM t ORDER BY id ) UNION ALL (SELECT id FROM u ORDER BY id )',
    );
  });
});

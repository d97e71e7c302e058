import { OutputIdList, pageUnchangedBy } from './addresses-address-utxos-by-ids.js';

/** Big-endian 8-byte ids, as PostgreSQL's int8send writes them. */
function idList(ids: number[]): OutputIdList {
  const bytes = Buffer.alloc(ids.length * 8);
  ids.forEach((id, i) => bytes.writeBigInt64BE(BigInt(id), i * 8));
  return new OutputIdList(bytes);
}

const all = (list: OutputIdList) => list.page(0, list.length, 'asc').map(Number);

describe('OutputIdList.carriedForward', () => {
  const list = idList([3, 5, 8, 13, 21]);

  test('is the same list when nothing changed', () => {
    expect(list.carriedForward(idList([]), idList([]))).toBe(list);
  });

  test('removes the spent ids it holds and skips the others', () => {
    expect(all(list.carriedForward(idList([]), idList([2, 3, 13, 14, 21, 40])))).toEqual([5, 8]);
  });

  test('places created ids in order: before, between and after its own', () => {
    expect(all(list.carriedForward(idList([1, 6, 7, 30, 31]), idList([])))).toEqual([
      1, 3, 5, 6, 7, 8, 13, 21, 30, 31,
    ]);
  });

  test('creates and removes at the same positions, and keeps an id it already holds once', () => {
    const carried = list.carriedForward(idList([4, 8, 9, 22]), idList([3, 5, 8, 21]));
    expect(all(carried)).toEqual([4, 9, 13, 22]);
    expect(all(list)).toEqual([3, 5, 8, 13, 21]);
  });

  test('equals the list rebuilt from scratch for random changes', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let round = 0; round < 200; round++) {
      const ids = [...new Set(Array.from({ length: random(40) }, () => random(100)))].sort((a, b) => a - b);
      const spent = [...new Set(Array.from({ length: random(10) }, () => random(110)))].sort((a, b) => a - b);
      const created = [...new Set(Array.from({ length: random(10) }, () => random(120)))]
        .filter((id) => !spent.includes(id))
        .sort((a, b) => a - b);
      const expected = [...new Set([...ids.filter((id) => !spent.includes(id)), ...created])].sort(
        (a, b) => a - b,
      );
      expect(all(idList(ids).carriedForward(idList(created), idList(spent)))).toEqual(expected);
    }
  });
});

describe('pageUnchangedBy', () => {
  const changes = (created: number[], spent: number[]) => ({
    created: idList(created),
    spent: idList(spent),
  });

  test('a full page stays when every change comes after its last output in its order', () => {
    expect(pageUnchangedBy(changes([9, 12], [10]), '8', 'asc')).toBe(true);
    expect(pageUnchangedBy(changes([8], []), '8', 'asc')).toBe(false);
    expect(pageUnchangedBy(changes([20], [3]), '8', 'asc')).toBe(false);
    expect(pageUnchangedBy(changes([], [2]), '8', 'desc')).toBe(true);
    expect(pageUnchangedBy(changes([20], []), '8', 'desc')).toBe(false);
    expect(pageUnchangedBy(changes([], [8]), '8', 'desc')).toBe(false);
  });

  test('a page that reaches the end of the selection stays only when nothing changed', () => {
    expect(pageUnchangedBy(changes([], []), null, 'asc')).toBe(true);
    expect(pageUnchangedBy(changes([30], []), null, 'asc')).toBe(false);
    expect(pageUnchangedBy(changes([], [1]), null, 'desc')).toBe(false);
  });

  test('agrees with the pages of the list carried forward, for random changes', () => {
    let seed = 11;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
    for (let round = 0; round < 500; round++) {
      const ids = sorted(Array.from({ length: random(30) }, () => random(60)));
      const list = idList(ids);
      const spent = sorted(Array.from({ length: random(3) }, () => ids[random(ids.length)] ?? 0)).filter(
        (id) => ids.includes(id),
      );
      const created = sorted(Array.from({ length: random(3) }, () => 60 + random(20)));
      const order = random(2) === 0 ? 'asc' : 'desc';
      const [offset, limit] = [random(20), 1 + random(10)];
      const before = list.page(offset, limit, order);
      const after = list.carriedForward(idList(created), idList(spent)).page(offset, limit, order);
      const lastFullId = before.length === limit ? before[before.length - 1]! : null;
      if (pageUnchangedBy(changes(created, spent), lastFullId, order)) expect(after).toEqual(before);
    }
  });
});

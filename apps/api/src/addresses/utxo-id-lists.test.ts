import { OutputIdList } from '@frostline/db';
import { UtxoIdLists } from './utxo-id-lists.js';

/** Big-endian 8-byte ids, as PostgreSQL's int8send writes them. */
function idList(ids: number[]): OutputIdList {
  const bytes = Buffer.alloc(ids.length * 8);
  ids.forEach((id, i) => bytes.writeBigInt64BE(BigInt(id), i * 8));
  return new OutputIdList(bytes);
}

/** Lists and pages of a fake chain whose tip and unspent ids the test changes; counts the reads. */
function setup(maxIds = 100) {
  const chain = { tip: 'a', ids: [1, 2, 3, 4, 5], found: true, listReads: 0, pageReads: 0, fallbacks: 0 };
  const lists = new UtxoIdLists(maxIds);
  const readList = async () => {
    chain.listReads += 1;
    return { tip: chain.tip, value: { found: chain.found, ids: idList(chain.ids) } };
  };
  const readPage = async (ids: string[]) => {
    chain.pageReads += 1;
    return { tip: chain.tip, value: ids };
  };
  const fallback = async () => {
    chain.fallbacks += 1;
    return { tip: chain.tip, value: ['fallback'] };
  };
  const page = (offset: number, limit = 2, order: 'asc' | 'desc' = 'asc') =>
    lists.page('k', { offset, limit, order }, readList, readPage, fallback);
  return { chain, lists, page };
}

test('pages are taken from one list read while the tip stays, in either order', async () => {
  const { chain, page } = setup();
  expect((await page(0)).value).toEqual(['1', '2']);
  expect((await page(3)).value).toEqual(['4', '5']);
  expect((await page(4)).value).toEqual(['5']);
  expect((await page(5)).value).toEqual([]);
  expect((await page(1, 3, 'desc')).value).toEqual(['4', '3', '2']);
  expect(chain).toMatchObject({ listReads: 1, pageReads: 5, fallbacks: 0 });
});

test('a page read at another tip than its list reads the list again', async () => {
  const { chain, page } = setup();
  await page(0);
  chain.tip = 'b';
  chain.ids = [2, 3, 4, 5, 6];
  expect(await page(0)).toEqual({ tip: 'b', value: ['2', '3'] });
  expect(chain).toMatchObject({ listReads: 2, pageReads: 3, fallbacks: 0 });
});

test('when the tip moves during every attempt, the page comes from the fallback', async () => {
  const { chain, lists } = setup();
  const readList = async () => {
    chain.listReads += 1;
    return { tip: chain.tip, value: { found: true, ids: idList(chain.ids) } };
  };
  const movingPage = async (ids: string[]) => {
    chain.tip += '+';
    return { tip: chain.tip, value: ids };
  };
  const fallback = async () => ({ tip: chain.tip, value: ['fallback'] });
  const answer = await lists.page('k', { offset: 0, limit: 2, order: 'asc' }, readList, movingPage, fallback);
  expect(answer.value).toEqual(['fallback']);
  expect(chain.listReads).toBe(3);
});

test('requests arriving while a list is read share that read', async () => {
  const { chain, page } = setup();
  const answers = await Promise.all([page(0), page(2), page(4)]);
  expect(answers.map((a) => a.value)).toEqual([['1', '2'], ['3', '4'], ['5']]);
  expect(chain.listReads).toBe(1);
});

test('an unknown address or asset is answered by the fallback, and its list is not kept', async () => {
  const { chain, page } = setup();
  chain.found = false;
  expect((await page(0)).value).toEqual(['fallback']);
  chain.found = true;
  expect((await page(0)).value).toEqual(['1', '2']);
  expect(chain).toMatchObject({ listReads: 2, fallbacks: 1 });
});

test('without room for ids every page comes from the fallback', async () => {
  const { chain, page } = setup(0);
  expect((await page(0)).value).toEqual(['fallback']);
  expect(chain).toMatchObject({ listReads: 0, fallbacks: 1 });
});

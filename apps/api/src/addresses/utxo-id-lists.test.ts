import { OutputIdList, type KeptIdList } from '@frostline/db';
import { UtxoIdLists } from './utxo-id-lists.js';

/** Big-endian 8-byte ids, as PostgreSQL's int8send writes them. */
function idList(ids: number[]): OutputIdList {
  const bytes = Buffer.alloc(ids.length * 8);
  ids.forEach((id, i) => bytes.writeBigInt64BE(BigInt(id), i * 8));
  return new OutputIdList(bytes);
}

/**
 * Lists and pages of a fake chain whose tip, unspent ids and removed tips (rollbacks) the test changes;
 * counts the reads. A page's answer is its ids, each tagged with the branch its output was read on.
 */
function setup(maxIds = 100, maxPageSize = 100) {
  const chain = {
    tip: 'a',
    ids: [1, 2, 3, 4, 5],
    found: true,
    branch: 'x',
    removedTips: new Set<string>(),
    listReads: 0,
    pageReads: 0,
    tipReads: 0,
    fallbacks: 0,
  };
  const lists = new UtxoIdLists<string[]>(
    maxIds,
    maxPageSize,
    (page) => page.length + 1,
    async () => {
      chain.tipReads += 1;
      return chain.tip;
    },
  );
  const readList = async (since: KeptIdList | null) => {
    chain.listReads += 1;
    const continues = since !== null && since.tip !== null && !chain.removedTips.has(since.tip);
    return { tip: chain.tip, continues, value: { found: chain.found, ids: idList(chain.ids) } };
  };
  const readPage = async (ids: string[]) => {
    chain.pageReads += 1;
    return { tip: chain.tip, value: ids.map((id) => `${chain.branch}${id}`) };
  };
  const fallback = async () => {
    chain.fallbacks += 1;
    return { tip: chain.tip, value: ['fallback'] };
  };
  const page = async (offset: number, limit = 2, order: 'asc' | 'desc' = 'asc') =>
    (await lists.page('k', { offset, limit, order }, readList, readPage, fallback)).value;
  return { chain, lists, page };
}

test('pages are taken from one list read while the tip stays, in either order', async () => {
  const { chain, page } = setup();
  expect(await page(0)).toEqual(['x1', 'x2']);
  expect(await page(3)).toEqual(['x4', 'x5']);
  expect(await page(4)).toEqual(['x5']);
  expect(await page(5)).toEqual([]);
  expect(await page(1, 3, 'desc')).toEqual(['x4', 'x3', 'x2']);
  expect(chain).toMatchObject({ listReads: 1, pageReads: 5, fallbacks: 0 });
});

test('a page asked again at the same tip is the stored one, after a tip probe', async () => {
  const { chain, page } = setup();
  await page(0);
  chain.branch = 'changed';
  expect(await page(0)).toEqual(['x1', 'x2']);
  expect(chain).toMatchObject({ listReads: 1, pageReads: 1, tipReads: 1 });
});

test('after a block, pages whose ids stay are reused and pages whose ids moved are read again', async () => {
  const { chain, page } = setup();
  await page(0);
  await page(2);
  chain.tip = 'b';
  chain.branch = 'y';
  chain.ids = [1, 2, 4, 5, 6]; // the block spent output 3 and paid output 6
  expect(await page(0)).toEqual(['x1', 'x2']);
  expect(await page(2)).toEqual(['y4', 'y5']);
  expect(chain).toMatchObject({ listReads: 2, pageReads: 3, fallbacks: 0 });
});

test("after a rollback removed the list's tip, every page is read again even where the ids are the same", async () => {
  const { chain, page } = setup();
  await page(0);
  chain.removedTips.add('a');
  chain.tip = 'c';
  chain.branch = 'z'; // the new branch reuses ids 1 and 2 for other outputs
  expect(await page(0)).toEqual(['z1', 'z2']);
  // …and the line of lists starts again from the new branch: a later block keeps its pages.
  chain.tip = 'd';
  chain.branch = 'w';
  expect(await page(0)).toEqual(['z1', 'z2']);
});

test('when the tip moves during every attempt, the page comes from the fallback', async () => {
  const { chain, lists } = setup();
  const readList = async () => {
    chain.listReads += 1;
    return { tip: chain.tip, continues: false, value: { found: true, ids: idList(chain.ids) } };
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
  expect(await Promise.all([page(0), page(2), page(4)])).toEqual([['x1', 'x2'], ['x3', 'x4'], ['x5']]);
  expect(chain.listReads).toBe(1);
});

test('an unknown address or asset is answered by the fallback, and its list is not kept', async () => {
  const { chain, page } = setup();
  chain.found = false;
  expect(await page(0)).toEqual(['fallback']);
  chain.found = true;
  expect(await page(0)).toEqual(['x1', 'x2']);
  expect(chain).toMatchObject({ listReads: 2, fallbacks: 1 });
});

test('without room for ids every page comes from the fallback', async () => {
  const { chain, page } = setup(0);
  expect(await page(0)).toEqual(['fallback']);
  expect(chain).toMatchObject({ listReads: 0, fallbacks: 1 });
});

import { BlockAddressLists } from './block-address-lists.js';

/** Lists over fake blocks the test changes; counts the reads. */
function setup(maxAddresses = 10) {
  const chain = { blocks: new Map<string, string[]>(), reads: 0 };
  const lists = new BlockAddressLists(maxAddresses, async (hash) => {
    chain.reads += 1;
    return chain.blocks.get(hash) ?? null;
  });
  return { chain, lists };
}

const answers = (...names: string[]) => names.map((name) => JSON.stringify({ address: name }));
const page = (offset: number, limit: number) => ({ offset, limit });

test("a block's pages are slices of one read of its list", async () => {
  const { chain, lists } = setup();
  chain.blocks.set('b1', answers('a', 'b', 'c'));
  expect(JSON.parse((await lists.page('b1', page(0, 2)))!)).toEqual([{ address: 'a' }, { address: 'b' }]);
  expect(JSON.parse((await lists.page('b1', page(2, 2)))!)).toEqual([{ address: 'c' }]);
  expect(await lists.page('b1', page(4, 2))).toBe('[]');
  expect(chain.reads).toBe(1);
});

test('the first requests for a block share one read', async () => {
  const { chain, lists } = setup();
  chain.blocks.set('b1', answers('a'));
  const pages = await Promise.all([0, 1, 2].map(() => lists.page('b1', page(0, 100))));
  expect(new Set(pages)).toEqual(new Set(['[{"address":"a"}]']));
  expect(chain.reads).toBe(1);
});

test('a block without addresses is kept as an empty list', async () => {
  const { chain, lists } = setup();
  chain.blocks.set('b1', []);
  expect(await lists.page('b1', page(0, 100))).toBe('[]');
  expect(await lists.page('b1', page(0, 100))).toBe('[]');
  expect(chain.reads).toBe(1);
});

test('a hash no block has is null, and read again next time: the block may come back', async () => {
  const { chain, lists } = setup();
  expect(await lists.page('b1', page(0, 100))).toBeNull();
  chain.blocks.set('b1', answers('a'));
  expect(await lists.page('b1', page(0, 100))).toBe('[{"address":"a"}]');
  expect(chain.reads).toBe(2);
});

test('the least recently used lists go when the addresses kept would pass the limit', async () => {
  const { chain, lists } = setup(6);
  chain.blocks.set('b1', answers('a', 'b'));
  chain.blocks.set('b2', answers('c', 'd'));
  await lists.page('b1', page(0, 100));
  await lists.page('b2', page(0, 100));
  await lists.page('b1', page(0, 100));
  expect(chain.reads).toBe(2);
  chain.blocks.set('b3', answers('e'));
  await lists.page('b3', page(0, 100));
  await lists.page('b1', page(0, 100));
  expect(chain.reads).toBe(3);
  await lists.page('b2', page(0, 100));
  expect(chain.reads).toBe(4);
});

test('with no room, every page reads the list', async () => {
  const { chain, lists } = setup(0);
  chain.blocks.set('b1', answers('a'));
  await lists.page('b1', page(0, 100));
  await lists.page('b1', page(0, 100));
  expect(chain.reads).toBe(2);
});

test('a failed read is not kept', async () => {
  let fail = true;
  const lists = new BlockAddressLists(10, async () => {
    if (fail) throw new Error('connection lost');
    return answers('a');
  });
  await expect(lists.page('b1', page(0, 100))).rejects.toThrow('connection lost');
  fail = false;
  expect(await lists.page('b1', page(0, 100))).toBe('[{"address":"a"}]');
});

import { TipCache } from './tip-cache.js';

/** A cache over a fake chain whose tip the test moves; counts tip probes and page reads. */
function setup(maxSize = 10) {
  const chain = { tip: 'a' as string | null, tipReads: 0, pageReads: 0 };
  const cache = new TipCache<string[]>(
    maxSize,
    (value) => value.length + 1,
    async () => {
      chain.tipReads += 1;
      return chain.tip;
    },
  );
  const read =
    (value: string[], tip = chain.tip) =>
    async () => {
      chain.pageReads += 1;
      return { tip, value };
    };
  return { chain, cache, read };
}

test('a key asked for the first time is read without probing the tip', async () => {
  const { chain, cache, read } = setup();
  expect(await cache.get('k', read(['x']))).toEqual(['x']);
  expect(chain).toMatchObject({ tipReads: 0, pageReads: 1 });
});

test('while the tip stays, the answer is reused after one tip probe', async () => {
  const { chain, cache, read } = setup();
  await cache.get('k', read(['x']));
  expect(await cache.get('k', read(['y']))).toEqual(['x']);
  expect(chain).toMatchObject({ tipReads: 1, pageReads: 1 });
});

test('a new tip (a block, or a rollback to another branch) reads the page again', async () => {
  const { chain, cache, read } = setup();
  await cache.get('k', read(['x']));
  chain.tip = 'b';
  expect(await cache.get('k', read(['y']))).toEqual(['y']);
  expect(await cache.get('k', read(['z']))).toEqual(['y']);
  chain.tip = null;
  expect(await cache.get('k', read([]))).toEqual([]);
});

test('an answer is kept under the tip of its own snapshot, not the tip of the moment before', async () => {
  const { chain, cache, read } = setup();
  // The chain moved to b while the query ran: its answer reflects b.
  await cache.get('k', read(['at b'], 'b'));
  expect(await cache.get('k', read(['at a'], 'a'))).toEqual(['at a']);
  chain.tip = 'b';
  expect(await cache.get('k', read(['again'], 'b'))).toEqual(['again']);
  expect(await cache.get('k', read(['unused'], 'b'))).toEqual(['again']);
});

test('an entry of an older tip than one seen since is read again without probing the tip', async () => {
  const { chain, cache, read } = setup();
  await cache.get('one', read(['1']));
  await cache.get('two', read(['2']));
  chain.tip = 'b';
  // The first request after the block probes and so learns the new tip; the other key's entry is then
  // known to be of an older tip.
  expect(await cache.get('one', read(['1 at b']))).toEqual(['1 at b']);
  expect(chain).toMatchObject({ tipReads: 1, pageReads: 3 });
  expect(await cache.get('two', read(['2 at b']))).toEqual(['2 at b']);
  expect(chain).toMatchObject({ tipReads: 1, pageReads: 4 });
  // Entries of the tip last seen are still answered after a probe.
  expect(await cache.get('two', read(['unused']))).toEqual(['2 at b']);
  expect(chain).toMatchObject({ tipReads: 2, pageReads: 4 });
});

test('a read of a newer tip than the last probe makes the older entries known stale too', async () => {
  const { chain, cache, read } = setup();
  await cache.get('one', read(['1']));
  await cache.get('two', read(['2']));
  chain.tip = 'b';
  await cache.get('three', read(['3']));
  expect(await cache.get('one', read(['1 at b']))).toEqual(['1 at b']);
  expect(chain).toMatchObject({ tipReads: 0, pageReads: 4 });
});

test('keys are separate, the least recently used goes first past the size, and size 0 keeps nothing', async () => {
  const { cache, read } = setup(4);
  await cache.get('one', read(['1']));
  await cache.get('two', read(['2']));
  expect(await cache.get('one', read(['1 again']))).toEqual(['1']);
  await cache.get('three', read(['3']));
  expect(await cache.get('two', read(['2 again']))).toEqual(['2 again']);

  const off = setup(0);
  await off.cache.get('k', off.read(['x']));
  expect(await off.cache.get('k', off.read(['y']))).toEqual(['y']);
  expect(off.chain).toMatchObject({ tipReads: 0, pageReads: 2 });
});

/** A page read that finishes when the test says so. */
function heldRead<V>(chain: { pageReads: number }, value: V, tip: string | null) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const read = async () => {
    chain.pageReads += 1;
    await done;
    return { tip, value };
  };
  return { read, finish };
}

test('requests arriving while a page is read share that read when the tip is the same', async () => {
  const { chain, cache, read } = setup();
  const first = heldRead(chain, ['x'], 'a');
  const answers = [cache.get('k', first.read), cache.get('k', read(['y'])), cache.get('k', read(['z']))];
  first.finish();
  expect(await Promise.all(answers)).toEqual([['x'], ['x'], ['x']]);
  expect(chain.pageReads).toBe(1);
});

test('a request does not take a running read of another tip than the one it arrived at', async () => {
  const { chain, cache, read } = setup();
  // The running read's snapshot is at b, newer than the tip a the second request reads on arrival
  // (and after a rollback it could be older): the second request reads again.
  const first = heldRead(chain, ['at b'], 'b');
  const firstAnswer = cache.get('k', first.read);
  const secondAnswer = cache.get('k', read(['at a'], 'a'));
  first.finish();
  expect(await firstAnswer).toEqual(['at b']);
  expect(await secondAnswer).toEqual(['at a']);
  expect(chain.pageReads).toBe(2);
});

test('a failed running read is not shared: the waiting request reads itself', async () => {
  const { chain, cache, read } = setup();
  let fail!: (error: Error) => void;
  const failing = () => {
    chain.pageReads += 1;
    return new Promise<never>((_resolve, reject) => (fail = reject));
  };
  const firstAnswer = cache.get('k', failing);
  const secondAnswer = cache.get('k', read(['y']));
  await Promise.resolve();
  fail(new Error('connection lost'));
  await expect(firstAnswer).rejects.toThrow('connection lost');
  expect(await secondAnswer).toEqual(['y']);
  expect(chain.pageReads).toBe(2);
});

describe('carry', () => {
  /** A carry that keeps the entry at the chain's tip when `unchanged`, counting its calls. */
  function carrying(chain: { tip: string | null }, unchanged: boolean) {
    const calls: (string | null)[] = [];
    const carry = async (stale: { tip: string | null; value: string[] }) => {
      calls.push(stale.tip);
      return unchanged ? { tip: chain.tip, value: stale.value } : null;
    };
    return { calls, carry };
  }

  test('an entry of an older tip is carried to the new one instead of read again', async () => {
    const { chain, cache, read } = setup();
    const { calls, carry } = carrying(chain, true);
    await cache.get('k', read(['x']), carry);
    chain.tip = 'b';
    expect(await cache.get('k', read(['y']), carry)).toEqual(['x']);
    expect(calls).toEqual(['a']);
    // Stored under the carried tip: the next request is a hit after one probe.
    expect(await cache.get('k', read(['z']), carry)).toEqual(['x']);
    expect(calls).toEqual(['a']);
    expect(chain.pageReads).toBe(1);
  });

  test('an entry the blocks may have changed is read again, and a key never read is not carried', async () => {
    const { chain, cache, read } = setup();
    const { calls, carry } = carrying(chain, false);
    await cache.get('k', read(['x']), carry);
    expect(calls).toEqual([]);
    chain.tip = 'b';
    expect(await cache.get('k', read(['y']), carry)).toEqual(['y']);
    expect(calls).toEqual(['a']);
    expect(chain.pageReads).toBe(2);
  });

  test('requests arriving while an entry is carried share the carry', async () => {
    const { chain, cache, read } = setup();
    await cache.get('k', read(['x']));
    chain.tip = 'b';
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let carries = 0;
    const carry = async (stale: { tip: string | null; value: string[] }) => {
      carries += 1;
      await held;
      return { tip: 'b', value: stale.value };
    };
    const answers = [cache.get('k', read(['y']), carry), cache.get('k', read(['z']), carry)];
    finish();
    expect(await Promise.all(answers)).toEqual([['x'], ['x']]);
    expect({ carries, pageReads: chain.pageReads }).toEqual({ carries: 1, pageReads: 1 });
  });
});

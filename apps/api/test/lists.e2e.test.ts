import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { describeErrorFixtures, testData } from './support/error-fixtures.js';
import { schemaErrors } from './support/openapi-schemas.js';
import { ChainSeed } from './support/seed.js';
import { get, openTestDatabase, startApp, testConfig } from './support/test-app.js';

// GET /assets, /assets/{asset}/history, /assets/policy/{policy_id}, /assets/{asset}/utxos, /metadata/txs/labels
// (/{label}, /cbor), /scripts and /scripts/{script_hash}/utxos: blockfrost-tests' answers of real chains,
// reproduced from rows seeded as the indexer writes them, and their 400/404 fixtures.

interface Fixture {
  testName: string;
  type?: string;
  endpoints: string[];
  response: unknown;
}
type Utxo = {
  address: string;
  tx_hash: string;
  output_index: number;
  amount: { unit: string; quantity: string }[];
  block: string;
  block_height?: number;
  block_time?: number;
  data_hash: string | null;
  inline_datum: string | null;
  reference_script_hash: string | null;
};

const ADDRESS = 'addr1vxcdc0jacmjcvz8rzc26ppntl03mdqtav6qa749d6wczckcrrkq0h';
const POLICY = '00000002df633853f6a47465c9496721d2d5b1291b8398016c0e87ae';
const hash = (n: number) => n.toString(16).padStart(64, '0');
/** The fixtures of a file that answer with data (not the generated pagination errors). */
const dataFixtures = <R = unknown>(name: string) =>
  (testData(name) as (Fixture & { response: R })[]).filter((f) => f.type === undefined);
const ENDPOINTS: [RegExp, string][] = [
  [/^\/assets\/policy\/[^/?]+/, '/assets/policy/{policy_id}'],
  [/^\/assets\/[^/?]+\/history/, '/assets/{asset}/history'],
  [/^\/assets\/[^/?]+\/utxos/, '/assets/{asset}/utxos'],
  [/^\/assets(\?|$)/, '/assets'],
  [/^\/metadata\/txs\/labels\/[^/?]+\/cbor/, '/metadata/txs/labels/{label}/cbor'],
  [/^\/metadata\/txs\/labels\/[^/?]+/, '/metadata/txs/labels/{label}'],
  [/^\/metadata\/txs\/labels/, '/metadata/txs/labels'],
  [/^\/scripts\/[^/?]+\/utxos/, '/scripts/{script_hash}/utxos'],
  [/^\/scripts(\?|$)/, '/scripts'],
];

/** A fresh database seeded by `seed`, and the API over it, for one describe block. */
function appWith(seed: (seed: ChainSeed) => Promise<void>) {
  const context: { app?: NestFastifyApplication; close?: () => Promise<void> } = {};
  beforeAll(async () => {
    const db = await openTestDatabase();
    context.close = db.close;
    await seed(new ChainSeed(db.sql));
    context.app = await startApp(testConfig(db.database));
  });
  afterAll(async () => {
    await context.app?.close();
    await context.close?.();
  });
  /** GET, and check the body against @blockfrost/openapi's schema of the endpoint and status. */
  return async (path: string) => {
    const response = await get(context.app!, path);
    const endpoint = ENDPOINTS.find(([pattern]) => pattern.test(path))![1];
    expect({ path, errors: schemaErrors(endpoint, response.status, response.body) }).toEqual({
      path,
      errors: [],
    });
    return response;
  };
}

let slot = 0;
/** A block of its own for each transaction, so that `from`/`to` heights can tell them apart. */
async function txInBlock(
  seed: ChainSeed,
  txHash: string,
  block = { hash: hash(++slot), height: slot, time: slot },
) {
  await seed.block({ ...block, slot: ++slot, epoch: 1, epochSlot: slot });
  return seed.tx(txHash);
}

/** Seeds the outputs of a utxos fixture (each in its transaction and block) in the fixture's order. */
async function seedUtxos(seed: ChainSeed, utxos: Utxo[], blocks: Map<string, number>) {
  const txs = new Map<string, number>();
  for (const utxo of utxos) {
    let tx = txs.get(utxo.tx_hash);
    if (tx === undefined) {
      const known = blocks.get(utxo.block);
      tx = await txInBlock(seed, utxo.tx_hash, {
        hash: utxo.block,
        height: utxo.block_height ?? known ?? ++slot,
        time: utxo.block_time ?? 1_700_000_000 + slot,
      });
      txs.set(utxo.tx_hash, tx);
      blocks.set(utxo.block, utxo.block_height ?? slot);
    }
    await seed.output(tx, utxo.output_index, {
      address: utxo.address,
      value: utxo.amount[0]!.quantity,
      assets: utxo.amount.slice(1).map(({ unit, quantity }) => ({
        policyId: unit.slice(0, 56),
        assetName: unit.slice(56),
        quantity,
      })),
      dataHash: utxo.data_hash,
      inlineDatum: utxo.inline_datum,
      referenceScriptHash: utxo.reference_script_hash,
    });
  }
}

async function answersAsFixture(
  request: (path: string) => Promise<{ status: number; body: unknown }>,
  f: Fixture,
) {
  for (const url of f.endpoints) {
    const { status, body } = await request(`/${url}`);
    expect({ url, status, body }).toEqual({ url, status: 200, body: f.response });
  }
}

describe('GET /assets', () => {
  const mainnet = dataFixtures<{ asset: string; quantity: string }[]>('mainnet-assets-root.json')[0]!;
  const request = appWith(async (seed) => {
    await txInBlock(seed, hash(1));
    for (const [i, { asset, quantity }] of mainnet.response.entries()) {
      const tx = await seed.tx(hash(0x100 + i));
      await seed.mint(tx, asset.slice(0, 56), asset.slice(56), quantity);
    }
    // A later burn changes the sum, not the order.
    const { asset } = mainnet.response[0]!;
    await seed.mint(await seed.tx(hash(0x300)), asset.slice(0, 56), asset.slice(56), '-1');
    // An output of the minting transaction names B before the mint names A: A was minted first.
    const tx = await seed.tx(hash(0x301));
    await seed.output(tx, 0, {
      address: ADDRESS,
      value: '2000000',
      assets: [{ policyId: POLICY, assetName: 'bb', quantity: '1' }],
    });
    await seed.mint(tx, POLICY, 'aa', '7');
    await seed.mint(tx, POLICY, 'bb', '1');
  });

  it("answers mainnet's first page as Blockfrost, in first-mint order", async () => {
    const { body } = await request('/assets');
    const expected = mainnet.response.map((a, i) =>
      i === 0 ? { ...a, quantity: String(BigInt(a.quantity) - 1n) } : a,
    );
    expect(body).toEqual(expected);
  });

  it('orders assets by their first mint, not by when an output first named them', async () => {
    const { body } = await request('/assets?page=2&count=100');
    expect(body).toEqual([
      { asset: `${POLICY}aa`, quantity: '7' },
      { asset: `${POLICY}bb`, quantity: '1' },
    ]);
    expect((await request('/assets?order=desc&count=3')).body).toEqual([
      { asset: `${POLICY}bb`, quantity: '1' },
      { asset: `${POLICY}aa`, quantity: '7' },
      mainnet.response[99],
    ]);
  });

  it('pages by count and page', async () => {
    expect((await request('/assets?page=2&count=2')).body).toEqual(mainnet.response.slice(2, 4));
  });

  describeErrorFixtures({ '/assets': 'assets-root' }, ['mainnet']);
});

describe('GET /assets/{asset}/history', () => {
  const fixtures = [
    ...dataFixtures('mainnet-asset-history.json'),
    ...dataFixtures('preview-asset-history.json'),
  ];
  const request = appWith(async (seed) => {
    await txInBlock(seed, hash(1));
    for (const fixture of fixtures) {
      const unit = fixture.endpoints[0]!.split('/')[1]!;
      for (const { tx_hash, amount } of fixture.response as { tx_hash: string; amount: string }[]) {
        await seed.mint(await seed.tx(tx_hash), unit.slice(0, 56), unit.slice(56), amount);
      }
    }
    // Seen in an output, never minted (an index started mid-chain): known, with no history.
    await seed.output(await seed.tx(hash(2)), 0, {
      address: ADDRESS,
      value: '1',
      assets: [{ policyId: POLICY, assetName: 'ff', quantity: '1' }],
    });
  });

  it.each(fixtures.filter((f) => !f.endpoints[0]!.includes('?')).map((f) => [f.testName, f] as const))(
    '%s answers as Blockfrost',
    async (_name, fixture) => {
      await answersAsFixture(request, fixture);
      const history = fixture.response as unknown[];
      const unit = fixture.endpoints[0]!.split('/')[1]!;
      expect((await request(`/assets/${unit}/history?order=desc`)).body).toEqual([...history].reverse());
      expect((await request(`/assets/${unit}/history?count=1&page=2`)).body).toEqual(history.slice(1, 2));
    },
  );

  it('answers [] for an asset seen but never minted, 404 for an unknown one and upper case', async () => {
    expect(await request(`/assets/${POLICY}ff/history`)).toMatchObject({ status: 200, body: [] });
    const unit = dataFixtures('mainnet-asset-history.json')[0]!.endpoints[0]!.split('/')[1]!;
    for (const asset of [`${POLICY}aacafe`, unit.toUpperCase()]) {
      const { status, body } = await request(`/assets/${asset}/history`);
      expect([asset, status, body.message]).toEqual([
        asset,
        404,
        'The requested component has not been found.',
      ]);
    }
  });

  describeErrorFixtures({ '/assets/{asset}/history': 'asset-history' });
});

describe('GET /assets/policy/{policy_id}', () => {
  const fixtures = [
    ...dataFixtures('preprod-asset-policy-policy-id.json'),
    ...dataFixtures('preview-asset-policy-policy-id.json'),
  ].map((f) => ({ ...f, response: f.response as { asset: string; quantity: string }[] }));
  const request = appWith(async (seed) => {
    await txInBlock(seed, hash(1));
    let n = 0x100;
    for (const { response } of fixtures) {
      for (const { asset, quantity } of response) {
        // A quantity of 0 is a mint and its burn; the burn comes after every first mint.
        await seed.mint(
          await seed.tx(hash(n++)),
          asset.slice(0, 56),
          asset.slice(56),
          quantity === '0' ? '5' : quantity,
        );
      }
    }
    for (const { response } of fixtures) {
      for (const { asset } of response.filter((a) => a.quantity === '0')) {
        await seed.mint(await seed.tx(hash(n++)), asset.slice(0, 56), asset.slice(56), '-5');
      }
    }
  });

  it.each(fixtures.map((f) => [f.testName, f] as const))(
    '%s answers as Blockfrost',
    async (_name, fixture) => {
      await answersAsFixture(request, fixture);
      const policy = fixture.endpoints[0]!.split('/')[2]!;
      expect((await request(`/assets/policy/${policy}?order=desc&count=2`)).body).toEqual(
        fixture.response.slice(-2).reverse(),
      );
      expect((await request(`/assets/policy/${policy}?page=9`)).body).toEqual([]);
    },
  );

  it("answers RYO's 400 for a malformed policy and 404 for an unminted or upper-case one", async () => {
    const policy = fixtures[0]!.endpoints[0]!.split('/')[2]!;
    const bad = await request('/assets/policy/policy_stonks');
    expect([bad.status, bad.body.message]).toEqual([400, 'Invalid or malformed policy format.']);
    for (const id of [`${policy.slice(0, 54)}aa`, policy.toUpperCase()]) {
      expect((await request(`/assets/policy/${id}`)).status).toBe(404);
    }
  });

  describeErrorFixtures({ '/assets/policy/{policy_id}': 'asset-policy-policy-id' });
});

describe('GET /assets/{asset}/utxos', () => {
  const fixtures = ['mainnet', 'preprod', 'preview'].flatMap((n) => dataFixtures(`${n}-asset-utxos.json`));
  const [pinned] = fixtures as [Fixture & { response: Utxo[] }];
  const request = appWith(async (seed) => {
    const blocks = new Map<string, number>();
    for (const fixture of fixtures) await seedUtxos(seed, fixture.response as Utxo[], blocks);
    // Later outputs holding the pinned asset: one in the next block (outside from/to), one spent.
    const [{ amount, address }] = pinned.response as [Utxo];
    const later = await txInBlock(seed, hash(0x500), {
      hash: hash(0x500),
      height: 7_493_135,
      time: 1_657_715_600,
    });
    await seed.output(later, 0, {
      address,
      value: '1000000',
      assets: [
        { policyId: amount[1]!.unit.slice(0, 56), assetName: amount[1]!.unit.slice(56), quantity: '3' },
      ],
    });
    const spent = await seed.output(later, 1, {
      address,
      value: '1000000',
      assets: [
        { policyId: amount[1]!.unit.slice(0, 56), assetName: amount[1]!.unit.slice(56), quantity: '4' },
      ],
    });
    await seed.spend(spent, later);
  });

  it.each(fixtures.map((f) => [f.testName, f] as const))('%s answers as Blockfrost', (_name, fixture) =>
    answersAsFixture(request, fixture),
  );

  it('keeps to the from/to blocks, inclusive, and leaves spent outputs out', async () => {
    const unit = pinned.endpoints[0]!.split('/')[1]!;
    const heights = async (query: string) =>
      ((await request(`/assets/${unit}/utxos${query}`)).body as Utxo[]).map((u) => u.block_height);
    expect(await heights('')).toEqual([7_493_134, 7_493_135]);
    expect(await heights('?order=desc')).toEqual([7_493_135, 7_493_134]);
    expect(await heights('?from=7493135')).toEqual([7_493_135]);
    expect(await heights('?to=7493134:0')).toEqual([7_493_134]);
    expect(await heights('?from=7493134:1&to=7493135')).toEqual([7_493_135]);
    expect(await heights('?from=1:2:3')).toEqual([7_493_134, 7_493_135]);
  });

  it.each(dataFixtures('common-asset-utxos.json').map((f) => [f.testName, f] as const))(
    '%s answers as Blockfrost',
    async (_name, fixture) => {
      const { status, body } = await request(`/${fixture.endpoints[0]}`);
      expect([status, body]).toEqual([
        (fixture.response as { status_code: number }).status_code,
        fixture.response,
      ]);
    },
  );

  describeErrorFixtures({ '/assets/{asset}/utxos': 'asset-utxos' });
});

describe('GET /metadata/txs/labels, /{label} and /{label}/cbor', () => {
  const labels = dataFixtures<{ label: string }[]>('mainnet-metadata-txs-labels.json')[0]!;
  const cbor = dataFixtures<{ tx_hash: string; metadata: string }[]>(
    'preview-metadata-txs-labels-label-cbor.json',
  )[0]!;
  const json = dataFixtures('preview-metadata-txs-labels-label.json');
  const request = appWith(async (seed) => {
    await txInBlock(seed, hash(1));
    for (const { tx_hash, metadata } of cbor.response)
      await seed.metadataCbor(await seed.tx(tx_hash), 2, metadata);
    let n = 0x100;
    for (const { label } of labels.response.filter((l) => l.label !== '2')) {
      const tx = await seed.tx(hash(n++));
      // the CBOR of {label: 0}; the label is at most 2^16 in the fixture
      const key =
        Number(label) < 24
          ? Number(label).toString(16).padStart(2, '0')
          : Number(label) < 256
            ? `18${Number(label).toString(16).padStart(2, '0')}`
            : `19${Number(label).toString(16).padStart(4, '0')}`;
      await seed.metadataCbor(tx, Number(label), `a1${key}00`);
    }
  });

  it("names the labels as the mainnet fixture does (CIP-10) with each one's count", async () => {
    const { body } = await request('/metadata/txs/labels');
    expect(body).toEqual(
      labels.response.map((l) => ({ ...l, count: l.label === '2' ? String(cbor.response.length) : '1' })),
    );
    expect((await request('/metadata/txs/labels?order=desc&count=1')).body).toEqual([
      { ...labels.response[99], count: '1' },
    ]);
  });

  it("answers the preview fixture's label 2 (JSON rendered from the stored CBOR, and the CBOR)", async () => {
    await answersAsFixture(request, dataFixtures('preview-metadata-txs-labels-label-cbor.json')[0]!);
    for (const fixture of json) await answersAsFixture(request, fixture);
  });

  it("answers RYO's 400 for a malformed or out-of-range label and 404 for an unused one or a page past the end", async () => {
    for (const label of ['-98745641', '98745641894894564545', 'stonks', '']) {
      for (const suffix of ['', '/cbor']) {
        const path = `/metadata/txs/labels/${label}${suffix}`;
        if (label === '') continue;
        const { status, body } = await request(path);
        expect([path, status, body.message]).toEqual([
          path,
          400,
          'Missing, out of range or malformed label.',
        ]);
      }
    }
    for (const path of [
      '/metadata/txs/labels/98745641',
      '/metadata/txs/labels/2/cbor?page=3',
      '/metadata/txs/labels/0x2',
    ]) {
      expect([path, (await request(path)).status]).toEqual([path, 404]);
    }
  });

  describeErrorFixtures({ '/metadata/txs/labels': 'metadata-txs-labels' });
});

describe('GET /scripts and /scripts/{script_hash}/utxos', () => {
  const list = dataFixtures<{ script_hash: string }[]>('preview-scripts-root.json')[0]!;
  const utxoFixtures = [
    ...dataFixtures('preprod-scripts-hash-utxos.json'),
    ...dataFixtures('preview-scripts-hash-utxos.json'),
  ].filter((f) => Array.isArray(f.response));
  const request = appWith(async (seed) => {
    const tx = await txInBlock(seed, hash(1));
    for (const { script_hash } of list.response)
      await seed.script(tx, { hash: script_hash, language: 'native', bytes: '00' });
    const blocks = new Map<string, number>();
    for (const fixture of utxoFixtures) {
      const utxos = fixture.response as Utxo[];
      const scriptHash = utxos[0]!.reference_script_hash!;
      if (!list.response.some((s) => s.script_hash === scriptHash))
        await seed.script(tx, { hash: scriptHash, language: 'plutus:v2', bytes: '00' });
      await seedUtxos(seed, utxos, blocks);
    }
    const spender = await txInBlock(seed, hash(2));
    const spent = await seed.output(spender, 0, {
      address: ADDRESS,
      value: '1',
      referenceScriptHash: list.response[0]!.script_hash,
    });
    await seed.spend(spent, spender);
  });

  it('lists every script in the order first seen, as the preview fixture', async () => {
    expect((await request('/scripts')).body).toEqual(list.response);
    expect((await request('/scripts?order=desc&count=1&page=2')).body).toHaveLength(1);
  });

  it.each(utxoFixtures.map((f) => [f.testName, f] as const))('%s answers as Blockfrost', (_name, fixture) =>
    answersAsFixture(request, fixture),
  );

  it('answers [] for a known script no live output carries, 404 for an unknown, upper-case or malformed hash', async () => {
    expect((await request(`/scripts/${list.response[0]!.script_hash}/utxos`)).body).toEqual([]);
    for (const id of [
      '0000000000000000000000000000000000000000000000000000dead',
      list.response[0]!.script_hash.toUpperCase(),
      'stonks_script',
    ]) {
      const { status, body } = await request(`/scripts/${id}/utxos`);
      expect([id, status, body.message]).toEqual([id, 404, 'The requested component has not been found.']);
    }
  });

  describeErrorFixtures({ '/scripts': 'scripts-root', '/scripts/{script_hash}/utxos': 'scripts-hash-utxos' });
});

import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { startDevnet, type Devnet } from '@frostline/devnet';
import type { ExpectedState } from '@frostline/devnet/generate';
import { startIndexer, type RunningIndexer } from '@frostline/indexer/app';
import { generate, type GeneratedChain } from '@frostline/indexer/testing/generated';
import { indexerConfig, silentLogger, waitUntil } from '@frostline/indexer/testing/indexer';
import { assetFingerprint, vrfKeyToBech32 } from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Decoder, encode, Tag } from 'cbor-x';
import { schemaErrors } from './support/openapi-schemas.js';
import { get, startApp, testConfig } from './support/test-app.js';

// The API on a database the real indexer built from a generated devnet chain (every generator
// feature: a Byron era, forks, …), compared response by response with the generator's expected state.

const CIP68_USER_TOKEN_PREFIXES = ['000de140', '0014df10', '001bc280'];

let chain: GeneratedChain;
let expected: ExpectedState;
let devnet: Devnet;
let db: TestDatabase;
let running: RunningIndexer;
let app: NestFastifyApplication;

beforeAll(async () => {
  // Long enough for an epoch boundary after the Conway scenario's withdrawals: rewards are left to report.
  chain = await generate({ seed: 7, blocks: 180, txPerBlock: 5, forks: 4, maxForkDepth: 4 });
  expected = chain.expected;
  devnet = await startDevnet({ chain: { file: chain.file }, network: 'custom', port: 0 });
  db = await createTestDatabase();
  running = await startIndexer(
    indexerConfig(db.url, devnet.url, { network: 'custom', batchSize: 40 }),
    silentLogger,
  );
  await waitUntil(() => running.store.tipPoint?.id === expected.tip.id, 120_000, 'sync to the generated tip');
  app = await startApp(testConfig(db, { NETWORK: 'custom', RATE_LIMIT_ENABLED: 'false' }));
}, 180_000);

afterAll(async () => {
  await app?.close();
  await running?.stop();
  await devnet?.close();
  await db?.drop();
});

/** GET validated against the spec for its endpoint; returns status and body. */
async function request(endpoint: string, url: string) {
  const response = await get(app, url);
  expect({ url, errors: schemaErrors(endpoint, response.status, response.body) }).toEqual({
    url,
    errors: [],
  });
  return response;
}

/** Every item of a paged list, `count` per request until a short page. */
async function allPages(endpoint: string, url: string, count: number, order: 'asc' | 'desc') {
  const items: unknown[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await request(endpoint, `${url}?count=${count}&page=${page}&order=${order}`);
    expect({ url, page, status }).toEqual({ url, page, status: 200 });
    items.push(...body);
    if (body.length < count) return items;
  }
}

describe('GET /accounts/{stake_address} for every stake address', () => {
  it('reports the registration, delegations, sums and balances the generator expects', async () => {
    const entries = Object.entries(expected.accounts);
    // The chain exercises every field, so a field the API got wrong cannot hide behind nulls and zeros.
    const accounts = entries.map(([, a]) => a);
    for (const field of ['poolId', 'drepId', 'activeEpoch'] as const)
      expect(accounts.some((a) => a[field] !== null)).toBe(true);
    for (const field of ['withdrawalsSum', 'reservesSum', 'treasurySum', 'withdrawableAmount'] as const) {
      expect(accounts.some((a) => a[field] !== '0')).toBe(true);
    }
    const want = Object.fromEntries(
      entries.map(([stakeAddress, a]) => [
        stakeAddress,
        {
          stake_address: stakeAddress,
          active: a.active,
          registered: a.registered,
          active_epoch: a.activeEpoch,
          controlled_amount: a.controlledAmount,
          rewards_sum: a.rewardsSum,
          withdrawals_sum: a.withdrawalsSum,
          reserves_sum: a.reservesSum,
          treasury_sum: a.treasurySum,
          withdrawable_amount: a.withdrawableAmount,
          pool_id: a.poolId,
          drep_id: a.drepId,
        },
      ]),
    );
    const served = async () =>
      Object.fromEntries(
        await Promise.all(
          entries.map(async ([stakeAddress]) => [
            stakeAddress,
            (await request('/accounts/{stake_address}', `/accounts/${stakeAddress}`)).body,
          ]),
        ),
      );
    // Reward balances come from the indexer's rewards worker, shortly after the blocks.
    await waitUntil(
      async () => JSON.stringify(await served()) === JSON.stringify(want),
      30_000,
      'reward balances',
    ).catch(() => undefined);
    expect(await served()).toEqual(want);
  });
});

describe('GET /assets/{asset} for every asset', () => {
  it('sums mints, finds the first mint and reads CIP-25 or CIP-68 metadata as the generator wrote it', async () => {
    const units = Object.keys(expected.assets);
    expect(units.some((unit) => expected.assets[unit].cip25Metadata !== null)).toBe(true);
    expect(
      units.some((unit) => isCip68UserToken(unit) && expected.assets[unit].cip68ReferenceDatum !== null),
    ).toBe(true);
    for (const [unit, a] of Object.entries(expected.assets)) {
      const { status, body } = await request('/assets/{asset}', `/assets/${unit}`);
      expect({ unit, status, body }).toEqual({
        unit,
        status: 200,
        body: {
          asset: unit,
          policy_id: a.policyId,
          asset_name: a.assetName,
          fingerprint: assetFingerprint(a.policyId, a.assetName ?? ''),
          quantity: a.quantity,
          initial_mint_tx_hash: a.initialMintTxHash,
          mint_or_burn_count: a.mintOrBurnCount,
          ...expectedOnchainMetadata(unit, a),
          metadata: null,
        },
      });
    }
  });
});

function isCip68UserToken(unit: string): boolean {
  return CIP68_USER_TOKEN_PREFIXES.includes(unit.slice(56, 64));
}

/** CIP-68 for user tokens with a reference datum, else the generator's CIP-25 entry. */
function expectedOnchainMetadata(unit: string, asset: ExpectedState['assets'][string]) {
  if (isCip68UserToken(unit) && asset.cip68ReferenceDatum !== null)
    return cip68Metadata(asset.cip68ReferenceDatum);
  return {
    onchain_metadata: asset.cip25Metadata,
    onchain_metadata_standard: asset.cip25Standard,
    onchain_metadata_extra: null,
  };
}

/**
 * The generator's datums are `Constr 0 [{bytes: bytes | int}, version, extra]` with UTF-8 keys and
 * values (tx-builders/cip68.ts); Blockfrost shows them as strings and numbers, `CIP68v<version>`, and
 * the extra field as its CBOR hex.
 */
function cip68Metadata(datumHex: string) {
  const datum = new Decoder({ mapsAsObjects: false }).decode(Buffer.from(datumHex, 'hex')) as unknown;
  if (!(datum instanceof Tag) || datum.tag !== 121) throw new Error(`not Constr 0: ${datumHex}`);
  const [fields, version, extra] = datum.value as [Map<Uint8Array, Uint8Array | number>, number, unknown];
  const text = (value: Uint8Array | number) =>
    typeof value === 'number' ? value : Buffer.from(value).toString('utf8');
  return {
    onchain_metadata: Object.fromEntries([...fields].map(([key, value]) => [text(key), text(value)])),
    onchain_metadata_standard: `CIP68v${version}`,
    onchain_metadata_extra: Buffer.from(encode(extra)).toString('hex'),
  };
}

describe('GET /addresses/{address}/utxos/{asset} for every address', () => {
  const endpoint = '/addresses/{address}/utxos/{asset}';

  it('lists the unspent outputs of each unit held, pure-ADA ones for lovelace, in both orders and any page size', async () => {
    const addresses = Object.entries(expected.addresses);
    expect(addresses.length).toBeGreaterThan(0);
    let withAssets = 0;
    for (const [address, { utxos }] of addresses) {
      const units = [...new Set(utxos.flatMap((utxo) => Object.keys(utxo.assets)))];
      withAssets += units.length;
      for (const unit of ['lovelace', ...units]) {
        const want = utxos
          .filter((utxo) =>
            unit === 'lovelace' ? Object.keys(utxo.assets).length === 0 : unit in utxo.assets,
          )
          .map((utxo) => ({
            address,
            tx_hash: utxo.txHash,
            tx_index: utxo.index,
            output_index: utxo.index,
            amount: [
              { unit: 'lovelace', quantity: utxo.lovelace },
              ...Object.entries(utxo.assets)
                .sort(([a], [b]) => (a < b ? -1 : 1))
                .map(([assetUnit, quantity]) => ({ unit: assetUnit, quantity })),
            ],
            block: blockOf(utxo.txHash),
            data_hash: utxo.dataHash,
            inline_datum: utxo.inlineDatum,
            reference_script_hash: utxo.referenceScriptHash,
          }));
        const url = `/addresses/${address}/utxos/${unit}`;
        expect({ url, utxos: await allPages(endpoint, url, 100, 'asc') }).toEqual({ url, utxos: want });
        expect({ url, utxos: await allPages(endpoint, url, 3, 'desc') }).toEqual({
          url,
          utxos: want.reverse(),
        });
      }
    }
    expect(withAssets).toBeGreaterThan(0);
  });
});

/** The Ogmios fields of a generated block (Byron or Praos) that the block endpoint shows. */
interface GeneratedBlock {
  type: 'ebb' | 'bft' | 'praos';
  id: string;
  ancestor: string;
  transactions?: GeneratedTx[];
  /** Praos blocks' issuer (Byron ones only have a verification key) */
  issuer?: {
    vrfVerificationKey: string;
    operationalCertificate: { count: number; kes: { verificationKey: string } };
  };
}

/** The Ogmios fields of a generated transaction that say which addresses it touches. */
interface GeneratedTx {
  id: string;
  /** `collaterals` when it failed phase 2: it spends its collaterals and creates only its collateral return */
  spends?: 'inputs' | 'collaterals';
  inputs: { transaction: { id: string }; index: number }[];
  outputs: { address: string }[];
  collaterals?: { transaction: { id: string }; index: number }[];
  collateralReturn?: { address: string };
}

/** Hash of the final-chain block holding the transaction (the generator's blocks carry their txs). */
function blockOf(txHash: string): string {
  const block = (chain.finalChain as unknown as GeneratedBlock[]).find((b) =>
    b.transactions?.some((tx) => tx.id === txHash),
  );
  if (!block) throw new Error(`transaction ${txHash} is in no block of the final chain`);
  return block.id;
}

describe('GET /blocks/epoch/{epoch_number}/slot/{slot_number} for every block', () => {
  it('serves each block of the final chain with its links, times and confirmations', async () => {
    const blocks = expected.blocks;
    expect(blocks.map((b) => b.hash)).toEqual(chain.finalChain.map((b) => b.id));
    // Byron epoch-boundary blocks have no epoch slot: the endpoint never serves them, though they are
    // the previous and next blocks of their neighbours.
    expect(blocks.some((block) => block.epochSlot === null)).toBe(true);
    for (const [i, block] of blocks.entries()) {
      if (block.epochSlot === null) continue;
      const ogmios = chain.finalChain[i] as unknown as GeneratedBlock;
      // Byron blocks have no VRF key nor operational certificate.
      const issuer = ogmios.type === 'praos' ? ogmios.issuer! : undefined;
      const url = `/blocks/epoch/${block.epoch}/slot/${block.epochSlot}`;
      const { body } = await request('/blocks/epoch/{epoch_number}/slot/{slot_number}', url);
      expect({ url, body }).toEqual({
        url,
        body: {
          time: block.time,
          height: block.height,
          hash: block.hash,
          slot: block.slot,
          epoch: block.epoch,
          epoch_slot: block.epochSlot,
          slot_leader: block.slotLeader,
          size: block.size,
          tx_count: block.txCount,
          output: block.output,
          fees: block.fees,
          block_vrf: issuer ? vrfKeyToBech32(issuer.vrfVerificationKey) : null,
          op_cert: issuer?.operationalCertificate.kes.verificationKey ?? null,
          op_cert_counter: issuer ? String(issuer.operationalCertificate.count) : null,
          previous_block: blocks[i - 1]?.hash ?? ogmios.ancestor,
          next_block: i + 1 < blocks.length ? blocks[i + 1].hash : null,
          confirmations: expected.tip.height - block.height!,
        },
      });
    }
  });
});

describe('the lists of every block: /blocks/{hash_or_number}/txs, /addresses, /next, /previous and /blocks/slot', () => {
  it('lists the transactions of each block, the blocks around it and each block by its slot', async () => {
    const blocks = expected.blocks;
    const ogmios = chain.finalChain as unknown as GeneratedBlock[];
    const hashes = (body: { hash: string }[]) => body.map((block) => block.hash);
    expect(ogmios.some((block) => (block.transactions ?? []).length > 1)).toBe(true);
    for (const [i, block] of blocks.entries()) {
      const url = `/blocks/${block.hash}`;
      const txs = await allPages('/blocks/{hash_or_number}/txs', `${url}/txs`, 2, 'asc');
      expect({ url, txs }).toEqual({ url, txs: (ogmios[i].transactions ?? []).map((tx) => tx.id) });
      const next = await request('/blocks/{hash_or_number}/next', `${url}/next?count=3&page=2`);
      expect({ url, next: hashes(next.body) }).toEqual({
        url,
        next: blocks.slice(i + 4, i + 7).map((b) => b.hash),
      });
      // Before the first blocks: the genesis pseudo-block the indexer stores, which is not a chain block.
      if (i >= 3) {
        const previous = await request('/blocks/{hash_or_number}/previous', `${url}/previous?count=3`);
        expect({ url, previous: hashes(previous.body) }).toEqual({
          url,
          previous: blocks.slice(i - 3, i).map((b) => b.hash),
        });
      }
      // Epoch-boundary blocks have no slot of their own.
      if (block.epochSlot === null) continue;
      const { body } = await request('/blocks/slot/{slot_number}', `/blocks/slot/${block.slot}`);
      expect({ slot: block.slot, hash: body.hash }).toEqual({ slot: block.slot, hash: block.hash });
    }
  });

  it("lists the addresses of each block's outputs and spent outputs, worked out from the Ogmios blocks", async () => {
    const addressOf = new Map(expected.genesisUtxos.map((u) => [`${u.txHash}#${u.index}`, u.address]));
    const ogmios = chain.finalChain as unknown as GeneratedBlock[];
    let invalid = 0;
    for (const [i, block] of ogmios.entries()) {
      const touched = new Map<string, string[]>();
      const touch = (address: string | undefined, txHash: string) => {
        if (address === undefined) return;
        const txs = touched.get(address) ?? [];
        if (!txs.includes(txHash)) touched.set(address, [...txs, txHash]);
      };
      for (const tx of block.transactions ?? []) {
        const failed = tx.spends === 'collaterals';
        if (failed) invalid++;
        for (const { transaction, index } of failed ? tx.collaterals! : tx.inputs)
          touch(addressOf.get(`${transaction.id}#${index}`), tx.id);
        const created = failed
          ? tx.collateralReturn
            ? [[tx.outputs.length, tx.collateralReturn] as const]
            : []
          : tx.outputs.map((output, index) => [index, output] as const);
        for (const [index, output] of created) {
          addressOf.set(`${tx.id}#${index}`, output.address);
          touch(output.address, tx.id);
        }
      }
      // Bytewise order: JavaScript compares strings by UTF-16 code units, the same for these ASCII strings.
      const want = [...touched.keys()]
        .sort((a, b) => (a < b ? -1 : 1))
        .map((address) => ({ address, transactions: touched.get(address)!.map((tx_hash) => ({ tx_hash })) }));
      const url = `/blocks/${expected.blocks[i].hash}/addresses`;
      const served = await allPages('/blocks/{hash_or_number}/addresses', url, 3, 'asc');
      expect({ url, served }).toEqual({ url, served: want });
    }
    expect(invalid).toBeGreaterThan(0);
  });
});

describe('GET /nutlink/{address}/tickers for every oracle', () => {
  it('counts each ticker and finds its latest block height', async () => {
    const oracles = Object.entries(expected.oracles);
    expect(oracles.length).toBeGreaterThan(0);
    for (const [address, { tickers }] of oracles) {
      const want = Object.entries(tickers)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, t]) => ({ name, count: t.count, latest_block: t.latestBlock }));
      const url = `/nutlink/${address}/tickers`;
      expect({ url, tickers: await allPages('/nutlink/{address}/tickers', url, 100, 'asc') }).toEqual({
        url,
        tickers: want,
      });
      const desc = (await allPages('/nutlink/{address}/tickers', url, 2, 'desc')) as { name: string }[];
      expect(desc.map((t) => t.name).sort()).toEqual(want.map((t) => t.name));
    }
  });
});

describe('GET /nutlink/{address}, /tickers/{ticker} and /nutlink/tickers/{ticker} for every oracle', () => {
  it("answers each oracle's registration, and as many records of each ticker as it counts", async () => {
    const everyOracle = new Map<string, number>();
    for (const [address, { tickers }] of Object.entries(expected.oracles)) {
      const { status, body } = await get(app, `/nutlink/${address}`);
      expect(schemaErrors('/nutlink/{address}', status, body)).toEqual([]);
      // The generator registers https://nut.link/<address tail>/metadata.json; tests fetch no metadata.
      expect(body).toEqual({
        address,
        metadata_url: `https://nut.link/${address.slice(-8)}/metadata.json`,
        metadata_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        metadata: null,
      });
      for (const [ticker, { count, latestBlock }] of Object.entries(tickers)) {
        const url = `/nutlink/${address}/tickers/${ticker}`;
        const records = (await allPages('/nutlink/{address}/tickers/{ticker}', url, 100, 'asc')) as {
          block_height: number;
        }[];
        expect({ url, count: records.length, latest: records.at(-1)?.block_height }).toEqual({
          url,
          count,
          latest: latestBlock,
        });
        everyOracle.set(ticker, (everyOracle.get(ticker) ?? 0) + count);
      }
    }
    for (const [ticker, count] of everyOracle) {
      const url = `/nutlink/tickers/${ticker}`;
      const records = (await allPages('/nutlink/tickers/{ticker}', url, 100, 'desc')) as {
        address: string;
      }[];
      // Every output of a posting transaction is a record; the oracles' own are the ones counted above.
      const atOracles = records.filter((r) => r.address in expected.oracles).length;
      expect({ url, atOracles }).toEqual({ url, atOracles: count });
    }
  });
});

describe('GET /txs/{hash} and /txs/{hash}/utxos for every transaction', () => {
  type Ref = { transaction: { id: string }; index: number };
  const refs = (list: Ref[] | undefined, kind: string) =>
    (list ?? []).map((ref) => `${kind} ${ref.transaction.id}#${ref.index}`);
  const ledgerOrder = (list: Ref[] | undefined) =>
    [...(list ?? [])].sort((a, b) =>
      a.transaction.id === b.transaction.id
        ? a.index - b.index
        : a.transaction.id < b.transaction.id
          ? -1
          : 1,
    );

  it("serves the ledger's size, and each invalid transaction as db-sync stores it", async () => {
    const txs = chain.finalChain.flatMap((block) => block.transactions ?? []);
    // The chain must exercise the rules below (the order of reference and collateral inputs: the fixtures of txs.e2e).
    const invalid = txs.filter((tx) => tx.spends === 'collaterals');
    expect(invalid.some((tx) => tx.collateralReturn && tx.redeemers?.length)).toBe(true);
    expect(txs.some((tx) => tx.cbor?.startsWith('84'))).toBe(true);
    for (const tx of txs) {
      const valid = tx.spends === 'inputs';
      const { body } = await request('/txs/{hash}', `/txs/${tx.id}`);
      const cborBytes = tx.cbor!.length / 2;
      const outputs = valid ? tx.outputs.length : tx.collateralReturn ? 1 : 0;
      const spent = valid ? tx.inputs : tx.collaterals;
      expect({
        tx: tx.id,
        fields: pick(body, ['size', 'redeemer_count', 'valid_contract', 'utxo_count']),
      }).toEqual({
        tx: tx.id,
        fields: {
          // The ledger's size leaves out the is_valid flag of Alonzo-and-later transactions.
          size: tx.cbor!.startsWith('84') ? cborBytes - 1 : cborBytes,
          redeemer_count: valid ? (tx.redeemers?.length ?? 0) : 0,
          valid_contract: valid,
          utxo_count: (spent?.length ?? 0) + outputs,
        },
      });
      const utxos = (await request('/txs/{hash}/utxos', `/txs/${tx.id}/utxos`)).body as {
        inputs: { tx_hash: string; output_index: number; collateral: boolean; reference: boolean }[];
        outputs: { output_index: number; collateral: boolean }[];
      };
      const kind = (i: { collateral: boolean; reference: boolean }) =>
        i.reference ? 'reference' : i.collateral ? 'collateral' : 'spend';
      const want = valid
        ? [
            ...refs(ledgerOrder(tx.references), 'reference'),
            ...refs(ledgerOrder(tx.inputs), 'spend'),
            ...refs(ledgerOrder(tx.collaterals), 'collateral'),
          ]
        : refs(ledgerOrder(tx.collaterals), 'spend');
      const wantOutputs = valid
        ? [
            ...tx.outputs.map((_, index) => `${index} false`),
            ...(tx.collateralReturn ? [`${tx.outputs.length} true`] : []),
          ]
        : tx.collateralReturn
          ? [`${tx.outputs.length} false`]
          : [];
      expect({
        tx: tx.id,
        inputs: utxos.inputs.map((i) => `${kind(i)} ${i.tx_hash}#${i.output_index}`),
        outputs: utxos.outputs.map((o) => `${o.output_index} ${o.collateral}`),
      }).toEqual({ tx: tx.id, inputs: want, outputs: wantOutputs });
    }
  });
});

const pick = (body: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, body[key]]));

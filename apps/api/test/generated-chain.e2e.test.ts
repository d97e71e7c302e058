import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { startDevnet, type Devnet } from '@frostline/devnet';
import type { ExpectedState } from '@frostline/devnet/generate';
import { startIndexer, type RunningIndexer } from '@frostline/indexer/app';
import { generate, type GeneratedChain } from '@frostline/indexer/testing/generated';
import { indexerConfig, silentLogger, waitUntil } from '@frostline/indexer/testing/indexer';
import {
  assetFingerprint,
  decodeShelleyAddress,
  paymentCredentialToBech32,
  stakeAddressFromCredential,
  vrfKeyToBech32,
} from '@frostline/model';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Decoder, encode, Tag } from 'cbor-x';
import pg from 'pg';
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
  chain = await generate({ seed: 25, blocks: 180, txPerBlock: 5, forks: 4, maxForkDepth: 4 });
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

describe('GET /addresses/{address} and /addresses/{address}/extended for every address', () => {
  it('sums the unspent outputs, and shows each asset with its decimals and on-chain NFT metadata', async () => {
    const addresses = Object.entries(expected.addresses);
    let withAssets = 0;
    for (const [address, { utxos }] of addresses) {
      const quantities = new Map<string, bigint>();
      for (const utxo of utxos)
        for (const [unit, quantity] of Object.entries(utxo.assets))
          quantities.set(unit, (quantities.get(unit) ?? 0n) + BigInt(quantity));
      const assets = [...quantities].sort(([a], [b]) => (a < b ? -1 : 1));
      withAssets += assets.length;
      const decoded = decodeShelleyAddress(address);
      const want = {
        address,
        amount: [
          {
            unit: 'lovelace',
            quantity: String(utxos.reduce((sum, utxo) => sum + BigInt(utxo.lovelace), 0n)),
          },
          ...assets.map(([unit, quantity]) => ({ unit, quantity: String(quantity) })),
        ],
        stake_address:
          decoded?.type === 'base' ? stakeAddressFromCredential(decoded.stake, decoded.networkId) : null,
        type: decoded === null ? 'byron' : 'shelley',
        script: decoded !== null && 'payment' in decoded && decoded.payment.type === 'script',
      };
      const plain = await request('/addresses/{address}', `/addresses/${address}`);
      // A pointer address's stake address is what the indexer resolved its pointer to (none in Conway).
      if (decoded?.type === 'pointer') want.stake_address = plain.body.stake_address;
      expect({ address, status: plain.status, body: plain.body }).toEqual({
        address,
        status: 200,
        body: want,
      });
      const extended = await request('/addresses/{address}/extended', `/addresses/${address}/extended`);
      const [lovelace, ...held] = want.amount;
      expect({ address, status: extended.status, body: extended.body }).toEqual({
        address,
        status: 200,
        body: {
          ...want,
          amount: [
            { ...lovelace, decimals: 6, has_nft_onchain_metadata: false },
            ...held.map((asset) => ({ ...asset, ...expectedDisplay(asset.unit) })),
          ],
        },
      });
    }
    // The chain holds assets with on-chain metadata and CIP-68 fungible tokens with decimals.
    expect(withAssets).toBeGreaterThan(0);
    const displays = Object.keys(expected.assets).map(expectedDisplay);
    expect(displays.some((d) => d.has_nft_onchain_metadata)).toBe(true);
    expect(displays.some((d) => d.decimals !== null)).toBe(true);
  });
});

/**
 * No registry entries on a devnet: a CIP-68 fungible token's decimals come from its reference datum, every
 * other asset has none; NFT metadata is on chain when CIP-68 or CIP-25 metadata is found.
 */
function expectedDisplay(unit: string) {
  const metadata = expectedOnchainMetadata(unit, expected.assets[unit]!).onchain_metadata as Record<
    string,
    unknown
  > | null;
  const fungible = ['0014df10', '001bc280'].includes(unit.slice(56, 64));
  const decimals = fungible && isCip68UserToken(unit) ? metadata?.decimals : undefined;
  return {
    decimals: typeof decimals === 'number' ? decimals : null,
    has_nft_onchain_metadata: metadata !== null,
  };
}

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
  outputs: GeneratedOutput[];
  collaterals?: { transaction: { id: string }; index: number }[];
  collateralReturn?: GeneratedOutput;
  certificates?: GeneratedCertificate[];
}

/** Ogmios's value: lovelace under `ada`, asset quantities under their policy id and asset name. */
interface GeneratedOutput {
  address: string;
  value: Record<string, Record<string, number | bigint | string>>;
}

/** An output of the final chain, with its place in chain order. */
interface ChainOutput {
  address: string;
  /** quantity per unit, lovelace included */
  units: Map<string, bigint>;
  /** 0 for the genesis outputs, in genesisUtxos order; then each block's outputs in chain order */
  order: number;
  key: string;
}

/** A transaction of the final chain: the outputs it created and the outputs it spent that the chain showed. */
interface ChainTransaction {
  txHash: string;
  /** position in expected.blocks */
  block: number;
  txIndex: number;
  created: ChainOutput[];
  spent: ChainOutput[];
}

/** The genesis outputs, as the genesis pseudo-transactions create them. */
function genesisOutputs(): ChainOutput[] {
  return expected.genesisUtxos.map((u, order) => ({
    address: u.address,
    units: new Map([['lovelace', BigInt(u.lovelace)]]),
    order,
    key: `${u.txHash}#${u.index}`,
  }));
}

/**
 * Every transaction of the final chain, worked out from the Ogmios blocks and the genesis outputs: a
 * phase-2-invalid transaction spends its collaterals and creates only its collateral return, at the index
 * after its regular outputs.
 */
function chainTransactions(): ChainTransaction[] {
  const outputs = new Map<string, ChainOutput>(genesisOutputs().map((output) => [output.key, output]));
  let order = outputs.size;
  const transactions: ChainTransaction[] = [];
  for (const [i, block] of (chain.finalChain as unknown as GeneratedBlock[]).entries()) {
    for (const [txIndex, tx] of (block.transactions ?? []).entries()) {
      const failed = tx.spends === 'collaterals';
      const spent = (failed ? tx.collaterals! : tx.inputs).flatMap(
        ({ transaction, index }) => outputs.get(`${transaction.id}#${index}`) ?? [],
      );
      const created = (
        failed
          ? tx.collateralReturn
            ? [[tx.outputs.length, tx.collateralReturn] as const]
            : []
          : tx.outputs.map((output, index) => [index, output] as const)
      ).map(([index, output]) => {
        const units = new Map<string, bigint>();
        for (const [policy, names] of Object.entries(output.value))
          for (const [name, quantity] of Object.entries(names))
            units.set(policy === 'ada' ? 'lovelace' : policy + name, BigInt(quantity));
        const key = `${tx.id}#${index}`;
        const created: ChainOutput = { address: output.address, units, order: order++, key };
        outputs.set(key, created);
        return created;
      });
      transactions.push({ txHash: tx.id, block: i, txIndex, created, spent });
    }
  }
  return transactions;
}

/** A certificate of a generated transaction: pool registrations and retirements name their pool here. */
interface GeneratedCertificate {
  type: string;
  stakePool?: { id: string; retirementEpoch?: number };
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
    const ogmios = chain.finalChain as unknown as GeneratedBlock[];
    const invalid = ogmios
      .flatMap((block) => block.transactions ?? [])
      .filter((tx) => tx.spends === 'collaterals');
    const transactions = chainTransactions();
    for (const i of ogmios.keys()) {
      const touched = new Map<string, string[]>();
      for (const tx of transactions.filter((t) => t.block === i)) {
        for (const { address } of [...tx.spent, ...tx.created]) {
          const txs = touched.get(address) ?? [];
          if (!txs.includes(tx.txHash)) touched.set(address, [...txs, tx.txHash]);
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
    expect(invalid.length).toBeGreaterThan(0);
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

describe('the history of every address, account and asset, worked out from the Ogmios blocks', () => {
  type Row = { tx_hash: string; tx_index: number; block_height: number | null; block_time: number };
  let transactions: ChainTransaction[];
  /** the account (bech32) of each output, as the indexer resolved its stake part (pointers included) */
  let accountOf: Map<string, string>;

  beforeAll(async () => {
    transactions = chainTransactions();
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      const { rows } = await sql.query<{ key: string; view: string }>(
        `SELECT encode(t.hash, 'hex') || '#' || o.index AS key, s.view
         FROM tx_out o JOIN tx t ON t.id = o.tx_id JOIN stake_address s ON s.id = o.stake_address_id`,
      );
      accountOf = new Map(rows.map((r) => [r.key, r.view]));
    } finally {
      await sql.end();
    }
  });

  const row = (tx: ChainTransaction): Row => ({
    tx_hash: tx.txHash,
    tx_index: tx.txIndex,
    block_height: expected.blocks[tx.block].height,
    block_time: expected.blocks[tx.block].time,
  });

  /** The genesis pseudo-transactions (no block height, as db-sync's genesis block) first, by hash; then the rest. */
  function genesisFirst<T extends Row, G extends { tx_hash: string } | string>(
    rows: T[],
    genesisRow: (row: T) => G = (row) => row.tx_hash as G,
  ): (T | G)[] {
    const hash = (g: G) => (typeof g === 'string' ? g : g.tx_hash);
    const genesis = rows.filter((r) => r.block_height === null).map(genesisRow);
    return [
      ...genesis.sort((a, b) => (hash(a) < hash(b) ? -1 : 1)),
      ...rows.filter((r) => r.block_height !== null),
    ];
  }

  /** Every page of a list, `count` per request, checked against the schema unless it lists genesis rows. */
  async function pages<T extends Row = Row>(
    endpoint: string,
    url: string,
    count: number,
    order: 'asc' | 'desc',
    query = '',
  ) {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const response = await get(app, `${url}?count=${count}&page=${page}&order=${order}${query}`);
      expect({ url, page, status: response.status }).toEqual({ url, page, status: 200 });
      // Blockfrost's schema wants a block height, which db-sync's genesis block has not (RYO answers null).
      if (!(response.body as Row[]).some((r) => r.block_height === null))
        expect({ url, errors: schemaErrors(endpoint, 200, response.body) }).toEqual({ url, errors: [] });
      items.push(...response.body);
      if (response.body.length < count) return items;
    }
  }

  /** Quantity per unit over the outputs. */
  function unitSums(outputs: ChainOutput[]): Map<string, bigint> {
    const sums = new Map<string, bigint>();
    for (const output of outputs)
      for (const [unit, quantity] of output.units) sums.set(unit, (sums.get(unit) ?? 0n) + quantity);
    return sums;
  }

  const byUnit = ([a]: readonly [string, bigint], [b]: readonly [string, bigint]) => (a < b ? -1 : 1);

  /** received_sum or sent_sum: lovelace first, then the assets by unit. */
  const sumsBody = (sums: Map<string, bigint>) => [
    { unit: 'lovelace', quantity: String(sums.get('lovelace') ?? 0n) },
    ...[...sums]
      .filter(([unit]) => unit !== 'lovelace')
      .sort(byUnit)
      .map(([unit, quantity]) => ({ unit, quantity: String(quantity) })),
  ];

  function addressHistory(address: string) {
    const genesis = expected.genesisUtxos.filter((u) => u.address === address).map((u) => u.txHash);
    const touching = transactions.filter((tx) =>
      [...tx.spent, ...tx.created].some((output) => output.address === address),
    );
    return { genesis, touching };
  }

  /** An account's rows after genesis: a row per transaction and address, a transaction's by its lowest output. */
  function accountHistory(stakeAddress: string) {
    const ofAccount = (output: ChainOutput) => accountOf.get(output.key) === stakeAddress;
    return transactions.flatMap((tx) => {
      const first = new Map<string, ChainOutput>();
      for (const output of [...tx.spent, ...tx.created].filter(ofAccount))
        if ((first.get(output.address)?.order ?? Infinity) > output.order) first.set(output.address, output);
      return [...first.values()]
        .sort((a, b) => a.order - b.order)
        .map((output) => ({ address: output.address, ...row(tx) }));
    });
  }

  it('lists the transactions of every address in both orders and any page size, and its totals', async () => {
    const addresses = [
      ...new Set([
        ...expected.genesisUtxos.map((u) => u.address),
        ...transactions.flatMap((tx) => tx.created.map((o) => o.address)),
      ]),
    ];
    let withAssets = 0;
    for (const [n, address] of addresses.entries()) {
      const { genesis, touching } = addressHistory(address);
      const want = [...genesis.sort(), ...touching.map(row)];
      const url = `/addresses/${address}/transactions`;
      const endpoint = '/addresses/{address}/transactions';
      expect({ address, served: genesisFirst(await pages(endpoint, url, 1 + (n % 7), 'asc')) }).toEqual({
        address,
        served: want,
      });
      const desc = await pages(endpoint, url, 100, 'desc');
      expect({ address, served: genesisFirst(desc.toReversed()) }).toEqual({ address, served: want });
      const hashes = await request('/addresses/{address}/txs', `/addresses/${address}/txs?order=desc`);
      expect({ address, hashes: hashes.body }).toEqual({
        address,
        hashes: desc.slice(0, 100).map((r) => r.tx_hash),
      });

      const ofAddress = (output: ChainOutput) => output.address === address;
      const received = unitSums(
        [...genesisOutputs(), ...transactions.flatMap((tx) => tx.created)].filter(ofAddress),
      );
      const sent = unitSums(transactions.flatMap((tx) => tx.spent).filter(ofAddress));
      withAssets += received.size > 1 ? 1 : 0;
      const total = await request('/addresses/{address}/total', `/addresses/${address}/total`);
      expect(total.body).toEqual({
        address,
        received_sum: sumsBody(received),
        sent_sum: sumsBody(sent),
        tx_count: genesis.length + touching.length,
      });
    }
    expect(withAssets).toBeGreaterThan(0);
  });

  it("filters an address's, an account's and an asset's transactions by from/to (block[:index], both ends inclusive)", async () => {
    const busiest = <T>(keys: string[], history: (key: string) => T[]) =>
      keys.map((key) => [key, history(key)] as const).sort(([, a], [, b]) => b.length - a.length)[0]!;
    const [address, addressRows] = busiest(Object.keys(expected.addresses), (a) =>
      addressHistory(a).touching.map(row),
    );
    const [account, accountRows] = busiest(Object.keys(expected.accounts), accountHistory);
    const [unit, assetRows] = busiest(Object.keys(expected.assets), (unit) =>
      transactions.filter((tx) => tx.created.some((o) => o.units.has(unit))).map(row),
    );
    const lists = [
      {
        endpoint: '/addresses/{address}/transactions',
        url: `/addresses/${address}/transactions`,
        rows: addressRows,
      },
      // A transaction's several rows of the account are all in or all out of a range.
      {
        endpoint: '/accounts/{stake_address}/transactions',
        url: `/accounts/${account}/transactions`,
        rows: accountRows as Row[],
      },
      { endpoint: '/assets/{asset}/transactions', url: `/assets/${unit}/transactions`, rows: assetRows },
    ];
    expect(new Set(accountRows.map((r) => r.tx_hash)).size).toBeLessThan(accountRows.length);
    const at = (r: Row) => [r.block_height!, r.tx_index] as const;
    const after = (r: Row, [height, index]: readonly [number, number]) =>
      r.block_height! > height || (r.block_height === height && r.tx_index >= index);
    const before = (r: Row, [height, index]: readonly [number, number]) =>
      r.block_height! < height || (r.block_height === height && r.tx_index <= index);
    for (const { endpoint, url, rows } of lists) {
      expect({ url, rows: rows.length > 6 }).toEqual({ url, rows: true });
      const first = rows[2]!;
      const last = rows.at(-3)!;
      const lastBut = rows.at(-2)!;
      const cases = [
        {
          query: `&from=${first.block_height}:${first.tx_index}&to=${last.block_height}:${last.tx_index}`,
          want: rows.filter((r) => after(r, at(first)) && before(r, at(last))),
        },
        {
          query: `&from=${first.block_height}`,
          want: rows.filter((r) => after(r, [first.block_height!, 0])),
        },
        {
          query: `&to=${last.block_height}`,
          want: rows.filter((r) => before(r, [last.block_height!, 2 ** 31])),
        },
        {
          query: `&from=${lastBut.block_height}:0&to=${lastBut.block_height}`,
          want: rows.filter((r) => r.block_height === lastBut.block_height),
        },
      ];
      for (const { query, want } of cases) {
        expect(want.length).toBeGreaterThan(0);
        expect({ url, query, served: await pages(endpoint, url, 2, 'asc', query) }).toEqual({
          url,
          query,
          served: want,
        });
        expect({ url, query, served: await pages(endpoint, url, 3, 'desc', query) }).toEqual({
          url,
          query,
          served: want.toReversed(),
        });
      }
    }
  });

  it('lists the transactions of a payment credential, each transaction once', async () => {
    const byCredential = new Map<string, Set<string>>();
    for (const tx of transactions)
      for (const { address } of [...tx.spent, ...tx.created]) {
        const decoded = decodeShelleyAddress(address);
        if (!decoded || !('payment' in decoded)) continue;
        const credential = paymentCredentialToBech32(decoded.payment);
        byCredential.set(credential, (byCredential.get(credential) ?? new Set()).add(address));
      }
    // The generator gives each payment key one address; the busiest credential's list is the longest.
    const touching = (addresses: Set<string>) =>
      transactions
        .filter((tx) => [...tx.spent, ...tx.created].some((o) => addresses.has(o.address)))
        .map(row);
    const [credential, want] = [...byCredential]
      .map(([credential, addresses]) => [credential, touching(addresses)] as const)
      .sort(([, a], [, b]) => b.length - a.length)[0]!;
    expect(want.length).toBeGreaterThan(10);
    const url = `/addresses/${credential}/transactions`;
    expect(await pages('/addresses/{address}/transactions', url, 4, 'desc')).toEqual(want.toReversed());
    const total = await request('/addresses/{address}/total', `/addresses/${credential}/total`);
    expect({ address: total.body.address, tx_count: total.body.tx_count }).toEqual({
      address: credential,
      tx_count: want.length,
    });
  });

  it("answers bad from/to with Blockfrost's 400 once the address is known, and 404 before", async () => {
    const [address] = Object.keys(expected.addresses);
    const invalid = {
      error: 'Bad Request',
      message: 'Invalid (malformed or out of range) from/to parameter(s).',
      status_code: 400,
    };
    for (const query of ['from=x', 'to=1:-1', 'from=5&to=4', 'from=2147483648']) {
      for (const path of [
        `/addresses/${address}/transactions`,
        `/accounts/${Object.keys(expected.accounts)[0]}/transactions`,
      ]) {
        const response = await get(app, `${path}?${query}`);
        expect({ path, query, status: response.status, body: response.body }).toEqual({
          path,
          query,
          status: 400,
          body: invalid,
        });
      }
      const unseen = await get(
        app,
        `/addresses/${paymentCredentialToBech32({ type: 'key', hash: '00'.repeat(28) })}/transactions?${query}`,
      );
      expect({ query, status: unseen.status }).toEqual({ query, status: 404 });
    }
  });

  it("lists the transactions of every asset and every account, with the accounts' totals and live assets", async () => {
    for (const unit of Object.keys(expected.assets)) {
      const want = transactions.filter((tx) => tx.created.some((o) => o.units.has(unit))).map(row);
      const url = `/assets/${unit}/transactions`;
      expect({ unit, served: await pages('/assets/{asset}/transactions', url, 2, 'asc') }).toEqual({
        unit,
        served: want,
      });
      const hashes = await request('/assets/{asset}/txs', `/assets/${unit}/txs?order=desc&count=3`);
      expect({ unit, hashes: hashes.body }).toEqual({
        unit,
        hashes: want
          .toReversed()
          .slice(0, 3)
          .map((r) => r.tx_hash),
      });
    }
    let withTransactions = 0;
    for (const stakeAddress of Object.keys(expected.accounts)) {
      const ofAccount = (output: ChainOutput) => accountOf.get(output.key) === stakeAddress;
      const want = accountHistory(stakeAddress);
      // The genesis pseudo-transactions first, by hash (their order and fields are the genesis block's).
      const genesis = expected.genesisUtxos
        .filter((u) => accountOf.get(`${u.txHash}#${u.index}`) === stakeAddress)
        .map((u) => ({ address: u.address, tx_hash: u.txHash }))
        .sort((a, b) => (a.tx_hash < b.tx_hash ? -1 : 1));
      want.unshift(...(genesis as typeof want));
      withTransactions += want.length > 0 ? 1 : 0;
      const url = `/accounts/${stakeAddress}/transactions`;
      expect({
        stakeAddress,
        served: genesisFirst(
          await pages<Row & { address: string }>('/accounts/{stake_address}/transactions', url, 3, 'asc'),
          (r) => ({ address: r.address, tx_hash: r.tx_hash }),
        ),
      }).toEqual({ stakeAddress, served: want });

      const received = unitSums(
        [...genesisOutputs(), ...transactions.flatMap((tx) => tx.created)].filter(ofAccount),
      );
      const sent = unitSums(transactions.flatMap((tx) => tx.spent).filter(ofAccount));
      const total = await request(
        '/accounts/{stake_address}/addresses/total',
        `/accounts/${stakeAddress}/addresses/total`,
      );
      expect(total.body).toEqual({
        stake_address: stakeAddress,
        received_sum: sumsBody(received),
        sent_sum: sumsBody(sent),
        tx_count: new Set(want.map((r) => r.tx_hash)).size,
      });
      const held = [...received]
        .filter(([unit]) => unit !== 'lovelace')
        .map(([unit, quantity]) => [unit, quantity - (sent.get(unit) ?? 0n)] as const)
        .filter(([, quantity]) => quantity > 0n);
      const assets = await request(
        '/accounts/{stake_address}/addresses/assets',
        `/accounts/${stakeAddress}/addresses/assets`,
      );
      const served = (assets.body as { unit: string; quantity: string }[]).toSorted((a, b) =>
        a.unit < b.unit ? -1 : 1,
      );
      expect({ stakeAddress, served }).toEqual({
        stakeAddress,
        served: held.toSorted(byUnit).map(([unit, quantity]) => ({ unit, quantity: String(quantity) })),
      });
    }
    expect(withTransactions).toBeGreaterThan(0);
  });
});

describe('the epochs of the chain: /epochs/{number}, /latest, /next, /blocks and a pool’s blocks', () => {
  const sum = (values: (string | null)[]) => values.reduce((total, value) => total + BigInt(value ?? 0), 0n);
  const byEpoch = () => {
    const epochs = new Map<number, typeof expected.blocks>();
    for (const block of expected.blocks) epochs.set(block.epoch, [...(epochs.get(block.epoch) ?? []), block]);
    return epochs;
  };

  it("sums each epoch over the generator's blocks, within the epoch's bounds", async () => {
    const epochs = byEpoch();
    expect(epochs.size).toBeGreaterThan(1);
    for (const [epoch, blocks] of epochs) {
      const { body } = await request('/epochs/{number}', `/epochs/${epoch}`);
      expect({ epoch, body }).toEqual({
        epoch,
        body: {
          epoch,
          start_time: expect.any(Number),
          end_time: expect.any(Number),
          first_block_time: blocks[0]!.time,
          last_block_time: blocks.at(-1)!.time,
          block_count: blocks.length,
          tx_count: blocks.reduce((total, block) => total + block.txCount, 0),
          output: String(sum(blocks.map((block) => block.output))),
          fees: String(sum(blocks.map((block) => block.fees))),
          active_stake: null,
        },
      });
      expect(body.start_time).toBeLessThanOrEqual(body.first_block_time);
      expect(body.last_block_time).toBeLessThan(body.end_time);
    }
    const numbers = [...epochs.keys()];
    expect((await request('/epochs/latest', '/epochs/latest')).body.epoch).toBe(numbers.at(-1));
    const next = await request('/epochs/{number}/next', `/epochs/${numbers[0]}/next`);
    expect(next.body.map((e: { epoch: number }) => e.epoch)).toEqual(numbers.slice(1));
    const previous = await request('/epochs/{number}/previous', `/epochs/${numbers.at(-1)}/previous`);
    expect(previous.body.map((e: { epoch: number }) => e.epoch)).toEqual(numbers.slice(0, -1));
  });

  it('lists the blocks of each epoch, and of each pool in it and in all, in both orders', async () => {
    const leaders = new Set<string>();
    for (const [epoch, blocks] of byEpoch()) {
      const hashes = blocks.map((block) => block.hash);
      expect(await allPages('/epochs/{number}/blocks', `/epochs/${epoch}/blocks`, 7, 'asc')).toEqual(hashes);
      expect(await allPages('/epochs/{number}/blocks', `/epochs/${epoch}/blocks`, 100, 'desc')).toEqual(
        hashes.reverse(),
      );
      for (const leader of new Set(blocks.map((block) => block.slotLeader))) {
        if (!leader.startsWith('pool1')) continue;
        leaders.add(leader);
        const url = `/epochs/${epoch}/blocks/${leader}`;
        expect({ url, blocks: await allPages('/epochs/{number}/blocks/{pool_id}', url, 3, 'asc') }).toEqual({
          url,
          blocks: blocks.filter((block) => block.slotLeader === leader).map((block) => block.hash),
        });
      }
    }
    expect(leaders.size).toBeGreaterThan(1);
    for (const leader of leaders) {
      const url = `/pools/${leader}/blocks`;
      const made = expected.blocks.filter((block) => block.slotLeader === leader).map((block) => block.hash);
      expect({ url, blocks: await allPages('/pools/{pool_id}/blocks', url, 5, 'desc') }).toEqual({
        url,
        blocks: made.reverse(),
      });
    }
  });
});

describe('the pools registered on the chain: /pools, /retired, /retiring and each pool’s updates', () => {
  it('lists the pools the valid transactions register and retire, as the Ogmios blocks hold them', async () => {
    const tipEpoch = expected.blocks.at(-1)!.epoch;
    const updates = new Map<string, { tx_hash: string; cert_index: number; action: string }[]>();
    const retiring = new Map<string, number>();
    for (const block of chain.finalChain as unknown as GeneratedBlock[]) {
      for (const tx of block.transactions ?? []) {
        if (tx.spends === 'collaterals') continue;
        for (const [index, certificate] of (tx.certificates ?? []).entries()) {
          const registers = certificate.type === 'stakePoolRegistration';
          if (!registers && certificate.type !== 'stakePoolRetirement') continue;
          const pool = certificate.stakePool!.id;
          const action = registers ? 'registered' : 'deregistered';
          updates.set(pool, [...(updates.get(pool) ?? []), { tx_hash: tx.id, cert_index: index, action }]);
          if (registers) retiring.delete(pool);
          else retiring.set(pool, certificate.stakePool!.retirementEpoch!);
        }
      }
    }
    expect(updates.size).toBeGreaterThan(0);
    const retired = [...retiring].filter(([, epoch]) => epoch <= tipEpoch).map(([pool]) => pool);
    expect(await allPages('/pools', '/pools', 3, 'asc')).toEqual(
      [...updates.keys()].filter((pool) => !retired.includes(pool)),
    );
    const retirements = (ahead: boolean) =>
      [...retiring]
        .filter(([, epoch]) => epoch > tipEpoch === ahead)
        .map(([pool_id, epoch]) => ({ pool_id, epoch }))
        .sort((a, b) => a.epoch - b.epoch);
    expect(await allPages('/pools/retired', '/pools/retired', 100, 'asc')).toEqual(retirements(false));
    expect(await allPages('/pools/retiring', '/pools/retiring', 100, 'asc')).toEqual(retirements(true));
    for (const [pool, certificates] of updates) {
      const url = `/pools/${pool}/updates`;
      expect({ url, updates: await allPages('/pools/{pool_id}/updates', url, 2, 'asc') }).toEqual({
        url,
        updates: certificates,
      });
      const relays = await request('/pools/{pool_id}/relays', `/pools/${pool}/relays`);
      expect({ url, status: relays.status }).toEqual({ url, status: 200 });
    }
  });
});

import { createTestDatabase, type TestDatabase } from '@frostline/db/testing';
import { startDevnet, type Devnet } from '@frostline/devnet';
import type { ExpectedState } from '@frostline/devnet/generate';
import { startIndexer, type RunningIndexer } from '@frostline/indexer/app';
import { generate, type GeneratedChain } from '@frostline/indexer/testing/generated';
import { indexerConfig, silentLogger, waitUntil } from '@frostline/indexer/testing/indexer';
import {
  assetFingerprint,
  decodeShelleyAddress,
  stakeAddressFromCredential,
  vrfKeyToBech32,
} from '@frostline/model';
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
  outputs: { address: string }[];
  collaterals?: { transaction: { id: string }; index: number }[];
  collateralReturn?: { address: string };
  certificates?: GeneratedCertificate[];
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

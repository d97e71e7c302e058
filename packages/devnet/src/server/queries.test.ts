/// <reference types="jest" />
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { createLedgerStateQueryClient, createTransactionSubmissionClient } from '@cardano-ogmios/client';
import { FAUCET_LOVELACE } from '../generate/index.js';
import { DEMO_WALLET_LOVELACE, demoWallets } from '../networks/demo-wallets.js';
import { startDevnet, type Devnet } from './devnet.js';
import { connect } from './test-support/ogmios-client.js';
import { pointOf, syntheticBlocks } from './test-support/fixtures.js';
import { validated } from './test-support/validated.js';
import { RawClient } from './test-support/ws-client.js';

const KEY = 'a'.repeat(56);
const SCRIPT = 'b'.repeat(56);
const account = (credential: string, from: 'verificationKey' | 'script', rewards: number) => ({
  from,
  credential,
  stakePool: { id: 'pool1pu5jlj4q9w9jlxeu370a3c9myx47md5j5m2str0naunn2q3lkdy' },
  rewards: { ada: { lovelace: rewards } },
  deposit: { ada: { lovelace: 2000000 } },
});

describe('ledger-state and network queries (custom network)', () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startDevnet({ chain: { blocks: syntheticBlocks(1, 30) }, port: 0 });
    await devnet.replayed;
    devnet.setRewardAccounts([account(KEY, 'verificationKey', 10), account(SCRIPT, 'script', 5)]);
    devnet.setRewardAccounts([
      account(KEY, 'verificationKey', 25),
      { from: 'script', credential: SCRIPT, registered: false },
    ]);
  });
  afterAll(() => devnet.close());

  it('answers tip, epoch, era summaries and start, height and start time through the Ogmios client', async () => {
    const client = await createLedgerStateQueryClient(await connect(devnet.port));
    expect(await client.ledgerTip()).toEqual(pointOf(30));
    expect(await client.networkTip()).toEqual(pointOf(30));
    expect(await client.networkBlockHeight()).toBe(30);
    expect(await client.epoch()).toBe(4); // slot 300: Byron epochs 0–1 are slots 0–99, then 100-slot epochs
    expect(await client.networkStartTime()).toEqual(new Date('2025-01-01T00:00:00Z'));
    const summaries = await client.eraSummaries();
    expect(summaries).toHaveLength(7);
    expect(summaries[6]).toEqual({
      start: { time: { seconds: 2200 }, slot: 300, epoch: 4 },
      parameters: { epochLength: 100, slotLength: { milliseconds: 1000 }, safeZone: 30 },
    });
    expect(await client.eraStart()).toEqual({ time: { seconds: 2200 }, slot: 300, epoch: 4 });
    await client.shutdown();
  });

  it('answers rewardAccountSummaries from the ledger at the tip; unregistered credentials are absent', async () => {
    const client = await createLedgerStateQueryClient(await connect(devnet.port));
    const keyHash = CSL.Credential.from_keyhash(CSL.Ed25519KeyHash.from_hex(KEY));
    const stakeAddress = CSL.RewardAddress.new(0, keyHash).to_address().to_bech32();
    expect(await client.rewardAccountSummaries({ keys: [KEY], scripts: [SCRIPT, 'c'.repeat(56)] })).toEqual([
      {
        ...account(KEY, 'verificationKey', 25),
        rewards: { ada: { lovelace: 25n } },
        deposit: { ada: { lovelace: 2000000n } },
      },
    ]);
    // The devnet keeps one ledger state, the tip's: an acquired point changes the tip and epoch only.
    await client.acquireLedgerState(pointOf(20));
    const acquired = await client.rewardAccountSummaries({ keys: [KEY], scripts: [SCRIPT] });
    expect(acquired.map((summary) => [summary.credential, summary.rewards.ada.lovelace])).toEqual([
      [KEY, 25n],
    ]);
    expect(await client.ledgerTip()).toEqual(pointOf(20));
    await client.releaseLedgerState();
    expect((await client.rewardAccountSummaries({ keys: [stakeAddress] }))[0].credential).toBe(KEY);
    await client.shutdown();
    await validated(
      devnet,
      'QueryLedgerStateRewardAccountSummariesResponse',
      'queryLedgerState/rewardAccountSummaries',
      {
        keys: [KEY],
      },
    );
  });

  it('answers a nonce per epoch, from the last block before it, stable within the epoch', async () => {
    const nonces = async (point?: object) => {
      const raw = await RawClient.connect(devnet.url);
      if (point) {
        raw.send({ jsonrpc: '2.0', method: 'acquireLedgerState', params: { point }, id: null });
        await raw.texts(1);
      }
      raw.send({ jsonrpc: '2.0', method: 'queryLedgerState/nonces', id: null });
      const [text] = await raw.texts(1);
      raw.close();
      return JSON.parse(text).result;
    };
    // Blocks every 10 slots; epoch 4 is slots 300–399, the tip is at slot 300, the last block of epoch 3 at 290.
    const atTip = await nonces();
    expect(atTip.lastEpochLastAncestor).toBe(pointOf(29).id);
    expect(atTip.epochNonce).toMatch(/^[0-9a-f]{64}$/);
    const epoch3 = await nonces(pointOf(25));
    expect(epoch3.lastEpochLastAncestor).toBe(pointOf(19).id);
    expect(epoch3.epochNonce).not.toBe(atTip.epochNonce);
    expect((await nonces(pointOf(21))).epochNonce).toBe(epoch3.epochNonce);
  });

  it('refuses to acquire a point that is not on the chain with 2000', async () => {
    const client = await createLedgerStateQueryClient(await connect(devnet.port));
    await expect(client.acquireLedgerState({ slot: 15, id: 'f'.repeat(64) })).rejects.toThrow(
      'Failed to acquire requested point.',
    );
    await client.shutdown();
    const response = await validated(devnet, 'AcquireLedgerStateResponse', 'acquireLedgerState', {
      point: { slot: 15, id: 'f'.repeat(64) },
    });
    expect(response.error).toMatchObject({ code: 2000, data: 'pointNotOnChain' });
  });

  it.each(['byron', 'shelley', 'alonzo', 'conway'] as const)(
    'answers genesisConfiguration %s in the schema shape',
    async (era) => {
      const client = await createLedgerStateQueryClient(await connect(devnet.port));
      // The client overloads genesisConfiguration once per era literal, which the union `era`
      // matches none of: narrow it to one literal per call.
      const genesis =
        era === 'byron'
          ? client.genesisConfiguration(era)
          : era === 'shelley'
            ? client.genesisConfiguration(era)
            : era === 'alonzo'
              ? client.genesisConfiguration(era)
              : client.genesisConfiguration(era);
      expect(await genesis).toMatchObject({ era });
      await client.shutdown();
      await validated(
        devnet,
        'QueryNetworkGenesisConfigurationResponse',
        'queryNetwork/genesisConfiguration',
        { era },
      );
    },
  );

  it('answers protocolParameters from genesis, then from a protocolParameters event', async () => {
    const response = await validated(
      devnet,
      'QueryLedgerStateProtocolParametersResponse',
      'queryLedgerState/protocolParameters',
    );
    expect(response.result).toMatchObject({
      minFeeCoefficient: 44,
      minUtxoDepositCoefficient: 4310,
      version: { major: 10 },
    });
    // Every Plutus language runs on the custom network: V1 and V2 from its Alonzo file, V3 from Conway's.
    const costModels = response.result.plutusCostModels as Record<string, number[]>;
    expect(
      Object.fromEntries(Object.entries(costModels).map(([language, model]) => [language, model.length])),
    ).toEqual({
      'plutus:v1': 166,
      'plutus:v2': 175,
      'plutus:v3': 251,
    });
    devnet.setProtocolParameters(290, { ...response.result, minFeeCoefficient: 45 });
    const client = await createLedgerStateQueryClient(await connect(devnet.port));
    expect((await client.protocolParameters()).minFeeCoefficient).toBe(45);
    await client.shutdown();
  });

  it.each([
    ['QueryLedgerStateTipResponse', 'queryLedgerState/tip'],
    ['QueryLedgerStateEpochResponse', 'queryLedgerState/epoch'],
    ['QueryLedgerStateEraSummariesResponse', 'queryLedgerState/eraSummaries'],
    ['QueryLedgerStateEraStartResponse', 'queryLedgerState/eraStart'],
    ['QueryNetworkTipResponse', 'queryNetwork/tip'],
    ['QueryNetworkBlockHeightResponse', 'queryNetwork/blockHeight'],
    ['QueryNetworkStartTimeResponse', 'queryNetwork/startTime'],
    ['QueryLedgerStateNoncesResponse', 'queryLedgerState/nonces'],
  ])('answers %s in the schema shape', async (schema, method) => {
    await validated(devnet, schema, method);
  });

  it('answers evaluateTransaction and submitTransaction errors in the schema shape', async () => {
    const response = await validated(devnet, 'EvaluateTransactionResponse', 'evaluateTransaction', {
      transaction: { cbor: '84a400' },
    });
    expect(response.error.code).toBe(-32602);
    const client = await createTransactionSubmissionClient(await connect(devnet.port));
    await expect(client.submitTransaction('84a400')).rejects.toMatchObject({ code: -32603 });
    await client.shutdown();
  });

  it('plugs an evaluation engine in with one option', async () => {
    const budget = [{ validator: { purpose: 'spend', index: 0 }, budget: { memory: 1700, cpu: 476468 } }];
    const withEngine = await startDevnet({
      chain: { blocks: [] },
      port: 0,
      evaluator: async ({ cbor }) =>
        cbor === '84a400' ? { result: budget } : { error: { code: 3004, message: 'no' } },
    });
    const client = await createTransactionSubmissionClient(await connect(withEngine.port));
    expect(await client.evaluateTransaction('84a400')).toEqual(budget);
    await client.shutdown();
    await withEngine.close();
  });
});

describe('custom network: agrees with the chain generator', () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startDevnet({ chain: { blocks: [] }, port: 0 });
  });
  afterAll(() => devnet.close());

  it("funds the generator's faucet and the demo wallets in the Shelley genesis", async () => {
    const client = await createLedgerStateQueryClient(await connect(devnet.port));
    const shelley = await client.genesisConfiguration('shelley');
    const demo = { ada: { lovelace: DEMO_WALLET_LOVELACE } };
    expect(shelley.initialFunds).toEqual({
      addr_test1vrt8ctkwdxvw6h9h4xmww6ms39yaja42dddyg28tgpy34ecadwxnf: { ada: { lovelace: FAUCET_LOVELACE } },
      ...Object.fromEntries(
        demoWallets(0).flatMap(({ mnemonicAddress, signingKeyAddress }) => [
          [mnemonicAddress, demo],
          [signingKeyAddress, demo],
        ]),
      ),
    });
    await client.shutdown();
  });

  it('runs Byron for epochs 0–1, Babbage from epoch 2 and Conway from epoch 4, the default --conway-epoch', async () => {
    const client = await createLedgerStateQueryClient(await connect(devnet.port));
    const summaries = await client.eraSummaries();
    expect(summaries[0]).toMatchObject({
      start: { slot: 0, epoch: 0 },
      end: { time: { seconds: 2000 }, slot: 100, epoch: 2 },
      parameters: { epochLength: 50, slotLength: { milliseconds: 20000 } },
    });
    // Shelley to Alonzo start and end at slot 100: zero-length eras, as the hard-fork combinator reports them.
    expect(summaries.slice(1, 5).every(({ start, end }) => start.slot === 100 && end?.slot === 100)).toBe(
      true,
    );
    expect(summaries[5]).toMatchObject({
      start: { slot: 100, epoch: 2 },
      end: { time: { seconds: 2200 }, slot: 300, epoch: 4 },
    });
    expect(summaries[6]).toMatchObject({ start: { time: { seconds: 2200 }, slot: 300, epoch: 4 } });
    await client.shutdown();
  });
});

describe('networks', () => {
  it.each([
    ['mainnet', 4492800, 208, 1596059091],
    ['preprod', 86400, 4, 1655769600],
    ['preview', 0, 0, 1666656000],
  ] as const)(
    '%s: the first Shelley-based era starts at slot %i, epoch %i',
    async (network, slot, epoch, unix) => {
      const devnet = await startDevnet({ chain: { blocks: [] }, port: 0, network });
      const client = await createLedgerStateQueryClient(await connect(devnet.port));
      const summaries = await client.eraSummaries();
      const shelley = summaries[1];
      expect(shelley.start).toMatchObject({ slot, epoch });
      const start = (await client.networkStartTime()).getTime() / 1000;
      expect(start + Number(shelley.start.time.seconds)).toBe(unix);
      await client.shutdown();
      await devnet.close();
    },
  );

  it('reports health like Ogmios, with a non-null lastTipUpdate even before the first block', async () => {
    const devnet = await startDevnet({ chain: { blocks: [] }, port: 0, network: 'preview' });
    const response = await fetch(`http://127.0.0.1:${devnet.port}/health`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      lastKnownTip: 'origin',
      connectionStatus: 'connected',
      version: '6.14.0',
      network: 'preview',
    });
    expect(typeof body.lastTipUpdate).toBe('string');
    devnet.appendBlock(syntheticBlocks(1, 1)[0]);
    const after = (await (await fetch(`http://127.0.0.1:${devnet.port}/health`)).json()) as Record<
      string,
      unknown
    >;
    expect(after).toMatchObject({
      lastKnownTip: { slot: 10, height: 1 },
      currentEra: 'conway',
      currentEpoch: 0,
      slotInEpoch: 10,
    });
    await devnet.close();
  });
});

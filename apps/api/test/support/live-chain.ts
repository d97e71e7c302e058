import type CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { submitFromAccount, type DemoAccount, type OgmiosCall, type Signer } from '@frostline/devnet/testing';
import { testRedisUrl, waitUntil } from '@frostline/indexer/testing/indexer';
import { Redis } from 'ioredis';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startLocalStack, type LocalStack } from './local-stack.js';
import { ogmiosRequest } from './payments.js';
import { get, startApp, testConfig } from './test-app.js';

/**
 * The whole local stack on a chain the test turns by hand: a devnet that forges only when told, its
 * system start far ahead so that each forged block takes the next slot (an epoch is 100 of them), the
 * real indexer with its workers, and the API. It starts from one empty Conway block: the demo wallets' genesis funds are all there is to spend.
 * The staking and governance walk-throughs run on it.
 */
export interface LiveChain {
  stack: LocalStack;
  app: NestFastifyApplication;
  /** An Ogmios call to the devnet: the ledger's own answers, independent of the indexer. */
  ogmios: OgmiosCall;
  /** GET on the API; fails the test on a status other than 200. */
  api<T>(path: string): Promise<T>;
  epoch(): Promise<number>;
  /** The account's reward balance as the devnet's ledger has it. */
  rewards(account: DemoAccount): Promise<bigint>;
  /** Submits a transaction from the account (see `submitFromAccount`), forges it and waits for the API to have it. */
  submit(
    account: DemoAccount,
    extend: (builder: CSL.TransactionBuilder) => void,
    signers: Signer[],
  ): Promise<string>;
  /** Forges `count` blocks, then waits until the API's `/blocks/latest` is the devnet's tip. */
  forge(count?: number): Promise<void>;
  /**
   * Forges epoch by epoch until the tip is in `epoch`, its first block included, and the API has it;
   * at each boundary it waits for the indexer's epoch walk (reward balances, stake and ledger
   * snapshots) to finish, as a live indexer at the tip does before the next epoch comes.
   */
  forgeInto(epoch: number): Promise<void>;
  /** Waits until `check` holds for what the API answers at `path` (the workers' epoch snapshots). */
  until<T>(path: string, check: (body: T) => boolean, what: string): Promise<T>;
  stop(): Promise<void>;
}

const NEVER = 3_600_000;

export async function startLiveChain(): Promise<LiveChain> {
  const stack = await startLocalStack({
    forgeInterval: NEVER,
    followLive: false,
    systemStart: new Date('2100-01-01T00:00:00Z'),
  });
  const app = await startApp(
    testConfig(stack.db, { NETWORK: 'custom', OGMIOS_URL: stack.devnet.url, RATE_LIMIT_ENABLED: 'false' }),
  );
  const ogmios: OgmiosCall = async (method, params = {}) => {
    const answer = await ogmiosRequest(stack.devnet.url, method, params);
    if (answer.error !== undefined) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
  };
  const api = async <T>(path: string): Promise<T> => {
    const { status, body } = await get(app, `/api/v0${path}`);
    if (status !== 200) throw new Error(`GET ${path}: ${status} ${JSON.stringify(body)}`);
    return body as T;
  };
  const epoch = () => ogmios('queryLedgerState/epoch') as Promise<number>;
  const indexed = async () => {
    const tip = stack.devnet.tip();
    if (tip === 'origin') return;
    await waitUntil(
      async () => (await get(app, '/api/v0/blocks/latest')).body?.hash === tip.id,
      60_000,
      `the indexer at block ${tip.height}`,
    );
  };
  // BullMQ's event stream of the rewards queue: an epoch walk is an `all` job added, then completed.
  const redis = new Redis(testRedisUrl());
  const walks = async () => {
    const events = await redis.xrange(`${stack.queuePrefix}:rewards:events`, '-', '+');
    const fields = events.map(([, list]) =>
      Object.fromEntries(list.flatMap((_, i) => (i % 2 ? [] : [[list[i], list[i + 1]]]))),
    );
    const added = fields
      .filter(({ event, name }) => event === 'added' && name === 'all')
      .map(({ jobId }) => jobId);
    const completed = new Set(fields.filter(({ event }) => event === 'completed').map(({ jobId }) => jobId));
    return { added: added.length, pending: added.filter((id) => !completed.has(id)).length };
  };
  const forge = async (count = 1) => {
    for (let block = 0; block < count; block += 1) stack.devnet.forge();
    await indexed();
  };
  return {
    stack,
    app,
    ogmios,
    api,
    epoch,
    forge,
    async rewards(account) {
      const [summary] = await ogmios('queryLedgerState/rewardAccountSummaries', {
        keys: [account.stake.hash.to_hex()],
      });
      return BigInt(summary?.rewards.ada.lovelace ?? 0);
    },
    async submit(account, extend, signers) {
      const id = await submitFromAccount(ogmios, account, extend, signers);
      await forge();
      return id;
    },
    async forgeInto(target) {
      for (let next = (await epoch()) + 1; next <= target; next += 1) {
        const { added } = await walks();
        while ((await epoch()) < next) stack.devnet.forge();
        await indexed();
        await waitUntil(
          async () => {
            const now = await walks();
            return now.added > added && now.pending === 0;
          },
          60_000,
          `the indexer's walk of epoch ${next}`,
        );
      }
    },
    async until<T>(path: string, check: (body: T) => boolean, what: string) {
      let body: T | undefined;
      await waitUntil(
        async () => {
          const answer = await get(app, `/api/v0${path}`);
          body = answer.body as T;
          return answer.status === 200 && check(body);
        },
        60_000,
        what,
      );
      return body!;
    },
    async stop() {
      redis.disconnect();
      await app.close();
      await stack.stop();
    },
  };
}

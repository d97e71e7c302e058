import { createServer } from 'node:net';
import { WebSocketServer } from 'ws';
import { BlockFrostAPI } from '@blockfrost/blockfrost-js';
import { demoWallets, type Devnet } from '@frostline/devnet';
import { decodeShelleyAddress, encodeBech32, hexToBytes } from '@frostline/model';
import { waitUntil } from '@frostline/indexer/testing/indexer';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startLocalStack, type LocalStack } from './support/local-stack.js';
import { ogmiosRequest, signedPayment, type SpendableOutput } from './support/payments.js';
import { get, getValid, startApp, testConfig, TOKEN } from './support/test-app.js';

// The local stack with a devnet that forges only when the test says so: transactions submitted through
// blockfrost-js stay pending, and /mempool… shows them from Ogmios' mempool monitoring, their inputs
// resolved from the index (and, for the chained one, from the pending transaction it spends), until a
// block includes them.

const [payer, payee, bystander] = demoWallets(0);
const NEVER = 3_600_000;

let stack: LocalStack;
let devnet: Devnet;
let app: NestFastifyApplication;
let client: BlockFrostAPI;

beforeAll(async () => {
  stack = await startLocalStack({ seed: 7, blocks: 20, forgeInterval: NEVER, followLive: false });
  devnet = stack.devnet;
  app = await startApp(
    testConfig(stack.db, { NETWORK: 'custom', OGMIOS_URL: devnet.url, RATE_LIMIT_ENABLED: 'false' }),
  );
  await app.listen(0, '127.0.0.1');
  client = new BlockFrostAPI({ customBackend: `${await app.getUrl()}/api/v0`, projectId: TOKEN });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await stack?.stop();
});

interface MempoolOutput {
  address: string;
  amount: { unit: string; quantity: string }[];
  output_index: number;
}

describe('pending transactions submitted through blockfrost-js', () => {
  let first: { cbor: Uint8Array; id: string };
  let second: { cbor: Uint8Array; id: string };
  let funds: SpendableOutput;

  it('are listed by GET /mempool in submission order (mempool, mempoolAll)', async () => {
    const [utxo] = await client.addressesUtxosAll(payer!.signingKeyAddress);
    funds = { txHash: utxo!.tx_hash, index: utxo!.output_index, lovelace: BigInt(utxo!.amount[0]!.quantity) };
    const parameters = (await ogmiosRequest(devnet.url, 'queryLedgerState/protocolParameters'))
      .result as Record<string, unknown>;
    first = signedPayment(payer!, funds, payee!.signingKeyAddress, 25_000_000n, parameters);
    expect(await client.txSubmit(first.cbor)).toBe(first.id);
    // Chained on the first's change, which only the mempool holds.
    const { body } = await getValid(app, '/mempool/{hash}', `/api/v0/mempool/${first.id}`);
    const change = (body as { outputs: MempoolOutput[] }).outputs.at(-1)!;
    expect(change.address).toBe(payer!.signingKeyAddress);
    const changeInput = {
      txHash: first.id,
      index: change.output_index,
      lovelace: BigInt(change.amount[0]!.quantity),
    };
    second = signedPayment(payer!, changeInput, payee!.signingKeyAddress, 5_000_000n, parameters);
    expect(await client.txSubmit(second.cbor)).toBe(second.id);

    await waitUntil(async () => (await client.mempool()).length === 2, 10_000, 'both in the mempool');
    expect(await client.mempool()).toEqual([{ tx_hash: first.id }, { tx_hash: second.id }]);
    expect(await client.mempool({ order: 'desc' })).toEqual([{ tx_hash: second.id }, { tx_hash: first.id }]);
    expect(await client.mempool({ count: 1, page: 2 })).toEqual([{ tx_hash: second.id }]);
    expect(await client.mempoolAll()).toEqual([{ tx_hash: first.id }, { tx_hash: second.id }]);
    const { body: listed } = await getValid(app, '/mempool', '/mempool?count=1');
    expect(listed).toEqual([{ tx_hash: first.id }]);
  });

  it('are shown by GET /mempool/{hash} (mempoolTx) with inputs resolved from the index and the mempool', async () => {
    const shown = await client.mempoolTx(first.id);
    const { body } = await getValid(app, '/mempool/{hash}', `/api/v0/mempool/${first.id}`);
    expect(body).toEqual(shown);
    const fee = shown.tx.fees;
    const change = funds.lovelace - 25_000_000n - BigInt(fee);
    expect(shown).toEqual({
      tx: {
        hash: first.id,
        output_amount: [{ unit: 'lovelace', quantity: String(funds.lovelace - BigInt(fee)) }],
        fees: fee,
        deposit: '0',
        // The ledger's size: the transaction's CBOR less the is_valid flag.
        size: first.cbor.length - 1,
        invalid_before: null,
        invalid_hereafter: null,
        utxo_count: 3,
        withdrawal_count: 0,
        mir_cert_count: 0,
        delegation_count: 0,
        stake_cert_count: 0,
        pool_update_count: 0,
        pool_retire_count: 0,
        asset_mint_or_burn_count: 0,
        redeemer_count: 0,
        valid_contract: true,
      },
      inputs: [
        {
          address: payer!.signingKeyAddress,
          tx_hash: funds.txHash,
          output_index: funds.index,
          collateral: false,
          reference: false,
        },
      ],
      outputs: [
        [payee!.signingKeyAddress, 25_000_000n, 0],
        [payer!.signingKeyAddress, change, 1],
      ].map(([address, lovelace, index]) => ({
        address,
        amount: [{ unit: 'lovelace', quantity: String(lovelace) }],
        output_index: index,
        data_hash: null,
        inline_datum: null,
        collateral: false,
        reference_script_hash: null,
      })),
      redeemers: [],
    });
    expect(BigInt(fee)).toBeGreaterThan(0n);
    const chained = await client.mempoolTx(second.id);
    expect(chained.inputs).toEqual([
      {
        address: payer!.signingKeyAddress,
        tx_hash: first.id,
        output_index: 1,
        collateral: false,
        reference: false,
      },
    ]);
    expect(chained.tx.deposit).toBe('0');
  });

  it('are found by GET /mempool/addresses/{address} (mempoolByAddress, mempoolByAddressAll) by input or output', async () => {
    const both = [{ tx_hash: first.id }, { tx_hash: second.id }];
    expect(await client.mempoolByAddress(payee!.signingKeyAddress)).toEqual(both);
    expect(await client.mempoolByAddressAll(payer!.signingKeyAddress)).toEqual(both);
    // A payment credential finds what its addresses do.
    const payeeAddress = decodeShelleyAddress(payee!.signingKeyAddress);
    if (payeeAddress?.type !== 'enterprise')
      throw new Error('the payee’s signing-key address is an enterprise one');
    const credential = encodeBech32('addr_vkh', hexToBytes(payeeAddress.payment.hash));
    expect(await client.mempoolByAddress(credential)).toEqual(both);
    expect(await client.mempoolByAddress(payer!.signingKeyAddress, { order: 'desc', count: 1 })).toEqual([
      { tx_hash: second.id },
    ]);
    const { body } = await getValid(
      app,
      '/mempool/addresses/{address}',
      `/api/v0/mempool/addresses/${bystander!.signingKeyAddress}`,
    );
    expect(body).toEqual([]);
  });

  it('leave the mempool paths once a block includes them, and are then transactions of the index', async () => {
    devnet.forge();
    await waitUntil(
      async () => (await get(app, `/api/v0/txs/${second.id}`)).status === 200,
      30_000,
      'indexed',
    );
    await waitUntil(async () => (await client.mempool()).length === 0, 10_000, 'an empty mempool');
    expect(await client.mempoolByAddress(payee!.signingKeyAddress)).toEqual([]);
    const { status, body } = await get(app, `/api/v0/mempool/${first.id}`);
    expect([status, body]).toEqual([
      404,
      { error: 'Not Found', message: 'The requested component has not been found.', status_code: 404 },
    ]);
  });
});

describe('without a node to ask', () => {
  /** Blockfrost's 500 for a node that cannot be reached or does not answer. */
  const BACKEND_ERROR = {
    error: 'Internal Server Error',
    message: 'An unexpected response was received from the backend.',
    status_code: 500,
  };

  /** An app of the stack's database whose node is at `ogmiosUrl` (none when undefined), closed after `use`. */
  async function withNodeAt(
    ogmiosUrl: string | undefined,
    use: (app: NestFastifyApplication) => Promise<void>,
  ) {
    const other = await startApp(
      testConfig(stack.db, {
        NETWORK: 'custom',
        ...(ogmiosUrl === undefined ? {} : { OGMIOS_URL: ogmiosUrl }),
      }),
    );
    try {
      await use(other);
    } finally {
      await other.close();
    }
  }

  it('answers Blockfrost’s 500 when OGMIOS_URL is not set, as /tx/submit does', async () => {
    await withNodeAt(undefined, async (nodeless) => {
      for (const path of [
        '/mempool',
        `/mempool/${'ab'.repeat(32)}`,
        `/mempool/addresses/${payee!.signingKeyAddress}`,
      ]) {
        const { status, body } = await get(nodeless, path);
        expect([status, body]).toEqual([
          500,
          {
            error: 'Internal Server Error',
            message: 'This deployment has no node to read the mempool of (OGMIOS_URL is not set).',
            status_code: 500,
          },
        ]);
      }
    });
  });

  it('answers Blockfrost’s 500 when the node cannot be reached, and asks again on the next request', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    await withNodeAt(`ws://127.0.0.1:${closedPort}`, async (unreachable) => {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const { status, body } = await get(unreachable, '/mempool');
        expect([status, body]).toEqual([500, BACKEND_ERROR]);
      }
    });
  });

  it('answers Blockfrost’s 500, not a hang, when the node takes the connection and never answers', async () => {
    const silent = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as { port: number };
    try {
      await withNodeAt(`ws://127.0.0.1:${port}`, async (hanging) => {
        const { status, body } = await get(hanging, '/mempool');
        expect([status, body]).toEqual([500, BACKEND_ERROR]);
      });
    } finally {
      silent.clients.forEach((socket) => socket.terminate());
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

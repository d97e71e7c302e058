import { Address, Assets, Client, TransactionHash } from '@evolution-sdk/evolution';
import type { Chain } from '@evolution-sdk/evolution/sdk/client/Chain';
import { startStack, type Stack } from './support/stack.js';
import { FUNDS, testMnemonic } from './support/wallets.js';

const mnemonic = testMnemonic(4);

/**
 * Evolution ships mainnet, preprod and preview chains only. The devnet's custom network
 * (packages/devnet/genesis/custom): magic 42, system start 2025-01-01, two Byron epochs of 50 slots of
 * 20 s, then 1 s slots in 100-slot epochs from slot 100.
 */
const custom: Chain = {
  id: 0,
  name: 'frostline devnet',
  networkMagic: 42,
  epochLength: 100,
  slotConfig: { zeroTime: BigInt(Date.UTC(2025, 0, 1) + 2000 * 1000), zeroSlot: 100n, slotLength: 1000 },
};

let stack: Stack;
let client: ReturnType<ReturnType<typeof Client.make>['withSeed']>['withBlockfrost'] extends (
  ...args: never[]
) => infer C
  ? C
  : never;
let address: string;

beforeAll(async () => {
  address = Address.toBech32(await Client.make(custom).withSeed({ mnemonic }).address());
  stack = await startStack([{ address, lovelace: FUNDS }]);
  client = Client.make(custom)
    .withBlockfrost({ baseUrl: stack.url, projectId: stack.projectId })
    .withSeed({ mnemonic });
}, 120_000);

afterAll(() => stack?.stop());

describe('@evolution-sdk/evolution with its Blockfrost provider', () => {
  it('reads the wallet’s UTxOs and the protocol parameters', async () => {
    const utxos = await client.getWalletUtxos();
    expect(utxos.map((utxo) => Assets.lovelaceOf(utxo.assets))).toEqual([FUNDS]);
    const served = await stack.get('/epochs/latest/parameters');
    expect(await client.getProtocolParameters()).toMatchObject({
      minFeeA: served.min_fee_a,
      minFeeB: served.min_fee_b,
      maxTxSize: served.max_tx_size,
    });
  });

  it('builds, signs and submits a payment, and awaits it with awaitTx', async () => {
    const built = await client
      .newTx()
      .payToAddress({ address: Address.fromBech32(address), assets: Assets.fromLovelace(5_000_000n) })
      .build();
    const hash = await built.signAndSubmit();
    expect(await client.awaitTx(hash, 200, 30_000)).toBe(true);
    const outputs = (await client.getWalletUtxos()).filter(
      (utxo) => TransactionHash.toHex(utxo.transactionId) === TransactionHash.toHex(hash),
    );
    expect(outputs.map((utxo) => Assets.lovelaceOf(utxo.assets))).toContain(5_000_000n);
  });
});

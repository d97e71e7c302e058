import { Blockfrost, Lucid, walletFromSeed, type LucidEvolution } from '@lucid-evolution/lucid';
import { startStack, type Stack } from './support/stack.js';
import { FUNDS, testMnemonic } from './support/wallets.js';

const seed = testMnemonic(1);
const { address } = walletFromSeed(seed, { network: 'Custom' });

let stack: Stack;
let lucid: LucidEvolution;

beforeAll(async () => {
  stack = await startStack([{ address, lovelace: FUNDS }]);
  lucid = await Lucid(new Blockfrost(stack.url, stack.projectId), 'Custom');
  lucid.selectWallet.fromSeed(seed);
}, 120_000);

afterAll(() => stack?.stop());

describe('@lucid-evolution/lucid with its Blockfrost provider', () => {
  it('reads the wallet’s UTxOs and the protocol parameters', async () => {
    expect(await lucid.wallet().address()).toBe(address);
    const utxos = await lucid.wallet().getUtxos();
    expect(utxos.map((utxo) => utxo.assets)).toEqual([{ lovelace: FUNDS }]);

    const served = await stack.get('/epochs/latest/parameters');
    const parameters = await lucid.config().provider!.getProtocolParameters();
    expect(parameters).toMatchObject({
      minFeeA: served.min_fee_a,
      minFeeB: served.min_fee_b,
      coinsPerUtxoByte: BigInt(served.coins_per_utxo_size),
      maxTxExMem: BigInt(served.max_tx_ex_mem),
      costModels: served.cost_models_raw,
    });
  });
});

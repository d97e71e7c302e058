import { BlockFrostAPI } from '@blockfrost/blockfrost-js';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { startStack, type Stack } from './support/stack.js';
import { FUNDS } from './support/wallets.js';

// blockfrost-js wraps endpoints and has no wallet, builder or await: transactions are built and signed
// with CSL as its users do, from the parameters and UTxOs it reads, and confirmation is polled.
const key = CSL.PrivateKey.from_normal_bytes(Buffer.alloc(32, 5));
const address = CSL.EnterpriseAddress.new(
  0,
  CSL.Credential.from_keyhash(key.to_public().hash()),
).to_address();
const bech32 = address.to_bech32();

let stack: Stack;
let api: BlockFrostAPI;

beforeAll(async () => {
  stack = await startStack([{ address: bech32, lovelace: FUNDS }]);
  api = new BlockFrostAPI({ projectId: stack.projectId, customBackend: stack.url });
}, 120_000);

afterAll(() => stack?.stop());

type Parameters = Awaited<ReturnType<BlockFrostAPI['epochsLatestParameters']>>;
type Utxo = Awaited<ReturnType<BlockFrostAPI['addressesUtxosAll']>>[number];

const bigNum = (value: string | number) => CSL.BigNum.from_str(String(value));
/** Blockfrost's decimal prices as the exact fraction CSL wants (they have at most 8 decimals). */
const ratio = (value: number) => CSL.UnitInterval.new(bigNum(Math.round(value * 1e8)), bigNum(1e8));

function builderConfig(parameters: Parameters): CSL.TransactionBuilderConfig {
  return CSL.TransactionBuilderConfigBuilder.new()
    .fee_algo(CSL.LinearFee.new(bigNum(parameters.min_fee_a), bigNum(parameters.min_fee_b)))
    .pool_deposit(bigNum(parameters.pool_deposit))
    .key_deposit(bigNum(parameters.key_deposit))
    .max_value_size(Number(parameters.max_val_size))
    .max_tx_size(parameters.max_tx_size)
    .coins_per_utxo_byte(bigNum(parameters.coins_per_utxo_size!))
    .ex_unit_prices(CSL.ExUnitPrices.new(ratio(parameters.price_mem!), ratio(parameters.price_step!)))
    .ref_script_coins_per_byte(ratio(parameters.min_fee_ref_script_cost_per_byte!))
    .build();
}

/** Pays `lovelace` to `to` from the wallet's lovelace-only UTxOs, the change back; signed. */
function payment(parameters: Parameters, utxos: Utxo[], to: CSL.Address, lovelace: bigint): CSL.Transaction {
  const builder = CSL.TransactionBuilder.new(builderConfig(parameters));
  for (const utxo of utxos) {
    const lovelaceOnly = utxo.amount.find((amount) => amount.unit === 'lovelace')!.quantity;
    builder.add_regular_input(
      address,
      CSL.TransactionInput.new(CSL.TransactionHash.from_hex(utxo.tx_hash), utxo.output_index),
      CSL.Value.new(bigNum(lovelaceOnly)),
    );
  }
  builder.add_output(CSL.TransactionOutput.new(to, CSL.Value.new(bigNum(lovelace.toString()))));
  builder.add_change_if_needed(address);
  const body = builder.build();
  const witnesses = CSL.TransactionWitnessSet.new();
  const vkeys = CSL.Vkeywitnesses.new();
  vkeys.add(
    CSL.make_vkey_witness(CSL.FixedTransaction.new_from_body_bytes(body.to_bytes()).transaction_hash(), key),
  );
  witnesses.set_vkeys(vkeys);
  return CSL.Transaction.new(body, witnesses);
}

describe('@blockfrost/blockfrost-js', () => {
  it('reads the wallet’s UTxOs and the protocol parameters', async () => {
    const utxos = await api.addressesUtxosAll(bech32);
    expect(utxos).toEqual([
      expect.objectContaining({
        address: bech32,
        amount: [{ unit: 'lovelace', quantity: FUNDS.toString() }],
      }),
    ]);
    expect(await api.epochsLatestParameters()).toEqual(await stack.get('/epochs/latest/parameters'));
  });

  it('submits a payment built with CSL from what it read; the recipient’s UTxOs show it', async () => {
    const recipient = CSL.EnterpriseAddress.new(
      0,
      CSL.Credential.from_keyhash(CSL.PrivateKey.from_normal_bytes(Buffer.alloc(32, 6)).to_public().hash()),
    ).to_address();
    const transaction = payment(
      await api.epochsLatestParameters(),
      await api.addressesUtxosAll(bech32),
      recipient,
      7_000_000n,
    );
    const hash = await api.txSubmit(transaction.to_bytes());
    expect(hash).toBe(
      CSL.FixedTransaction.new_from_body_bytes(transaction.body().to_bytes()).transaction_hash().to_hex(),
    );
    // blockfrost-js has no await: its users poll. txs(hash) answers 404 until GET /txs/{hash} lands
    // (branch txs), so the recipient's UTxOs are polled instead.
    let received: Utxo[] = [];
    while (!received.length) {
      received = await api.addressesUtxosAll(recipient.to_bech32()).catch(() => []);
      if (!received.length) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(received).toEqual([
      expect.objectContaining({ tx_hash: hash, amount: [{ unit: 'lovelace', quantity: '7000000' }] }),
    ]);
  });
});

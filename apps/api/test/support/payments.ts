import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { DemoWallet } from '@frostline/devnet';
import { isInteger, isSafeNumber, parse } from 'lossless-json';
import WebSocket from 'ws';

/** One Ogmios JSON-RPC call, as a client library makes it. */
export async function ogmiosRequest(
  url: string,
  method: string,
  params: object = {},
): Promise<{ result?: unknown; error?: unknown }> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
  socket.send(JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }));
  // Ledger pots exceed 2^53 lovelace: integers a double cannot hold arrive as bigint, the rest as numbers.
  const response = parse(await answer, undefined, (value) =>
    isInteger(value) && !isSafeNumber(value) ? BigInt(value) : parseFloat(value),
  ) as {
    result?: unknown;
    error?: unknown;
  };
  socket.close();
  return response;
}

export interface SpendableOutput {
  txHash: string;
  index: number;
  lovelace: bigint;
}

/**
 * Pays `lovelace` from an output at the wallet's signing-key address to `to`, the change (its last
 * output) back to that address: built with CSL under the node's protocol parameters and signed.
 */
export function signedPayment(
  wallet: DemoWallet,
  input: SpendableOutput,
  to: string,
  lovelace: bigint,
  parameters: Record<string, unknown>,
): { cbor: Uint8Array; id: string } {
  const number = (value: unknown) => CSL.BigNum.from_str(String(value));
  const ada = (name: string) => number((parameters[name] as { ada: { lovelace: number } }).ada.lovelace);
  const builder = CSL.TransactionBuilder.new(
    CSL.TransactionBuilderConfigBuilder.new()
      .fee_algo(CSL.LinearFee.new(number(parameters.minFeeCoefficient), ada('minFeeConstant')))
      .coins_per_utxo_byte(number(parameters.minUtxoDepositCoefficient))
      .pool_deposit(ada('stakePoolDeposit'))
      .key_deposit(ada('stakeCredentialDeposit'))
      .max_value_size((parameters.maxValueSize as { bytes: number }).bytes)
      .max_tx_size((parameters.maxTransactionSize as { bytes: number }).bytes)
      .build(),
  );
  const key = CSL.PrivateKey.from_bech32(wallet.signingKey);
  builder.add_key_input(
    key.to_public().hash(),
    CSL.TransactionInput.new(CSL.TransactionHash.from_hex(input.txHash), input.index),
    CSL.Value.new(number(input.lovelace)),
  );
  builder.add_output(CSL.TransactionOutput.new(CSL.Address.from_bech32(to), CSL.Value.new(number(lovelace))));
  builder.add_change_if_needed(CSL.Address.from_bech32(wallet.signingKeyAddress));
  const transaction = CSL.FixedTransaction.new_from_body_bytes(builder.build().to_bytes());
  transaction.sign_and_add_vkey_signature(key);
  return { cbor: transaction.to_bytes(), id: transaction.transaction_hash().to_hex() };
}

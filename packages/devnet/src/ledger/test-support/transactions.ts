import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { firstConwayBlock } from '../../chain/first-conway-block.js';
import type { Utxo } from '../outputs.js';

/** A key pair from a fixed seed byte, with its enterprise address on the testnet. */
export function demoKey(seed: number) {
  const key = CSL.PrivateKey.from_normal_bytes(Buffer.alloc(32, seed));
  const hash = key.to_public().hash();
  const address = CSL.EnterpriseAddress.new(0, CSL.Credential.from_keyhash(hash)).to_address();
  return { key, hash, address, bech32: address.to_bech32() };
}
export type DemoKey = ReturnType<typeof demoKey>;

export const bigNum = (amount: bigint | number) => CSL.BigNum.from_str(String(amount));

export function input({
  transaction,
  index,
}: {
  transaction: { id: string };
  index: number;
}): CSL.TransactionInput {
  return CSL.TransactionInput.new(CSL.TransactionHash.from_hex(transaction.id), index);
}

export function inputs(list: CSL.TransactionInput[]): CSL.TransactionInputs {
  const set = CSL.TransactionInputs.new();
  list.forEach((item) => set.add(item));
  return set;
}

export function outputs(list: CSL.TransactionOutput[]): CSL.TransactionOutputs {
  const set = CSL.TransactionOutputs.new();
  list.forEach((item) => set.add(item));
  return set;
}

export function adaOutput(address: CSL.Address, lovelace: bigint): CSL.TransactionOutput {
  return CSL.TransactionOutput.new(address, CSL.Value.new(bigNum(lovelace)));
}

/** An Ogmios UTxO item holding `lovelace` at `address`. */
export function utxo(id: string, index: number, address: string, lovelace: bigint): Utxo {
  return { transaction: { id }, index, address, value: { ada: { lovelace } } };
}

/** The body signed by `signers` (vkey witnesses added to whatever `witnesses` already holds). */
export function sign(
  body: CSL.TransactionBody,
  signers: DemoKey[],
  witnesses = CSL.TransactionWitnessSet.new(),
  auxiliary?: CSL.AuxiliaryData,
): Uint8Array {
  const hash = CSL.FixedTransaction.new_from_body_bytes(body.to_bytes()).transaction_hash();
  const vkeys = CSL.Vkeywitnesses.new();
  signers.forEach(({ key }) => vkeys.add(CSL.make_vkey_witness(hash, key)));
  if (signers.length > 0) witnesses.set_vkeys(vkeys);
  return CSL.Transaction.new(body, witnesses, auxiliary).to_bytes();
}

export function transactionId(cbor: Uint8Array): string {
  return CSL.FixedTransaction.from_bytes(cbor).transaction_hash().to_hex();
}

export const FUNDING_TX = 'ab'.repeat(32);

/** A Conway block (custom network, slot 400) whose one transaction (FUNDING_TX) pays `lovelace` to `owner`. */
export function fundingBlock(owner: DemoKey, lovelace: bigint) {
  return firstConwayBlock([
    {
      id: FUNDING_TX,
      spends: 'inputs',
      inputs: [],
      outputs: [{ address: owner.bech32, value: { ada: { lovelace } } }],
    },
  ]);
}

/**
 * `payer` pays `lovelace` to `payee` from the output of `fundingBlock(payer, funds)`, the rest back
 * to itself; `ttl` bounds the slots it is valid in.
 */
export function payFromFunding(
  payer: DemoKey,
  payee: DemoKey,
  funds: bigint,
  lovelace: bigint,
  ttl?: number,
): Uint8Array {
  const fee = 200_000n;
  const body = CSL.TransactionBody.new_tx_body(
    inputs([input({ transaction: { id: FUNDING_TX }, index: 0 })]),
    outputs([adaOutput(payee.address, lovelace), adaOutput(payer.address, funds - lovelace - fee)]),
    bigNum(fee),
  );
  if (ttl !== undefined) body.set_ttl(bigNum(ttl));
  return sign(body, [payer]);
}

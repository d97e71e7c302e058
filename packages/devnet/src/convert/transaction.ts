/**
 * Shelley … Conway transactions → Ogmios v6 `Transaction` JSON, as Ogmios 6.14
 * emits it with `--include-cbor`.
 *
 * Input is a full transaction `[body, witness_set, is_valid?, auxiliary_data/null]`
 * (3 elements up to Mary, 4 from Alonzo). Bodies are decoded with cbor-x;
 * everything Ogmios hashes or echoes (body, datums, redeemers, native scripts)
 * is taken from the original bytes via `cbor.ts` spans.
 */
import type { Transaction, TransactionOutput, TransactionOutputReference } from '@cardano-ogmios/schema';
import { encodeAddress, encodeRewardAccount } from './address.js';
import { arraySpans } from './cbor.js';
import { convertCertificates } from './certificates.js';
import { type Cbor, Tag, blake2b256, bytes, decodeCbor, hex, items, map, toNumber } from './codec.js';
import { proposalProcedure, protocolUpdate, votingProcedures } from './governance.js';
import { auxiliaryData } from './metadata.js';
import { referenceScript } from './script.js';
import type { EraName } from './types.js';
import { assets, coin, value } from './value.js';
import { convertWitnesses } from './witnesses.js';

export interface TransactionOptions {
  /** Add `cbor` (hex of the whole transaction), as `--include-transaction-cbor` does. Default true. */
  includeCbor?: boolean;
}

export function convertShelleyTransaction(
  tx: Uint8Array,
  era: EraName,
  options: TransactionOptions = {},
): Transaction {
  const parts = arraySpans(tx, 0);
  const [bodySpan, witnessSpan] = parts;
  const bodyBytes = tx.subarray(bodySpan![0], bodySpan![1]);
  const body = map(decodeCbor(bodyBytes));
  const isValid = parts.length === 4 ? decodeCbor(tx.subarray(...parts[2]!)) !== false : true;
  const auxSpan = parts[parts.length - 1]!;
  const aux = tx[auxSpan[0]] === 0xf6 ? undefined : auxiliaryData(tx.subarray(auxSpan[0], auxSpan[1]));
  const witnesses = convertWitnesses(tx, witnessSpan!);

  const result: Transaction = {
    id: hex(blake2b256(bodyBytes)),
    spends: isValid ? 'inputs' : 'collaterals',
    inputs: outputReferences(body.get(0)),
    outputs: items(body.get(1)).map(output),
    signatories: witnesses.signatories,
  };
  const set = <K extends keyof Transaction>(key: K, field: Cbor, convert: (raw: Cbor) => Transaction[K]) => {
    if (field !== undefined) result[key] = convert(field);
  };
  set('references', body.get(18), outputReferences);
  set('collaterals', body.get(13), outputReferences);
  set('collateralReturn', body.get(16), output);
  set('totalCollateral', body.get(17), coin);
  result.fee = coin(body.get(2));
  result.validityInterval = validityInterval(body, era);

  const { certificates, transfers } = convertCertificates(body.get(4) ?? []);
  if (certificates.length > 0) result.certificates = certificates;
  set('withdrawals', body.get(5), withdrawals);
  const mint = body.get(9);
  if (mint !== undefined && map(mint).size > 0) result.mint = assets(mint);
  set('requiredExtraSignatories', body.get(14), (raw) =>
    [...new Set(items(raw).map((h) => hex(bytes(h))))].sort(),
  );
  set('network', body.get(15), (raw) => (raw === 1 ? 'mainnet' : 'testnet'));
  set('scriptIntegrityHash', body.get(11), (raw) => hex(bytes(raw)));

  // Pre-Conway parameter updates come first, then MIRs (Ogmios' fold order); Conway has neither.
  const update = body.has(6) ? protocolUpdate(body.get(6)) : { proposals: [], votes: [] };
  const proposals = [...update.proposals, ...transfers, ...items(body.get(20) ?? []).map(proposalProcedure)];
  const votes = [...update.votes, ...(body.has(19) ? votingProcedures(body.get(19)) : [])];
  if (proposals.length > 0) result.proposals = proposals;
  if (votes.length > 0) result.votes = votes;

  const auxHash = body.get(7);
  if (auxHash !== undefined && aux !== undefined)
    result.metadata = { hash: hex(bytes(auxHash)), labels: aux.labels };

  const scripts = [...witnesses.scripts, ...(aux?.scripts ?? [])];
  if (scripts.length > 0)
    result.scripts = Object.fromEntries(scripts.map(({ hash, script }) => [hash, script]));
  if (Object.keys(witnesses.datums).length > 0) result.datums = witnesses.datums;
  if (witnesses.redeemers.length > 0) result.redeemers = witnesses.redeemers;

  const treasury = { ...optionalCoin('value', body.get(21)), ...optionalCoin('donation', body.get(22)) };
  if (Object.keys(treasury).length > 0) result.treasury = treasury;
  if (options.includeCbor !== false) result.cbor = hex(tx);
  return result;
}

function optionalCoin(key: string, raw: Cbor) {
  return raw === undefined ? {} : { [key]: coin(raw) };
}

/** Inputs are ledger Sets: sorted by (transaction id, index), duplicates collapsed. */
function outputReferences(raw: Cbor): TransactionOutputReference[] {
  const unique = new Map<string, TransactionOutputReference>();
  for (const input of items(raw)) {
    const [id, index] = input as [Cbor, Cbor];
    const reference = { transaction: { id: hex(bytes(id)) }, index: toNumber(index) };
    unique.set(`${reference.transaction.id}#${reference.index}`, reference);
  }
  return [...unique.values()].sort((a, b) =>
    a.transaction.id === b.transaction.id ? a.index - b.index : a.transaction.id < b.transaction.id ? -1 : 1,
  );
}

/** Legacy `[address, amount, datum_hash?]` or Babbage `{0: address, 1: amount, 2: datum_option, 3: script_ref}`. */
function output(raw: Cbor): TransactionOutput {
  if (Array.isArray(raw)) {
    const [address, amount, datumHash] = raw as [Cbor, Cbor, Cbor];
    return {
      address: encodeAddress(bytes(address)),
      value: value(amount),
      ...(datumHash === undefined ? {} : { datumHash: hex(bytes(datumHash)) }),
    };
  }
  const fields = map(raw);
  const result: TransactionOutput = {
    address: encodeAddress(bytes(fields.get(0))),
    value: value(fields.get(1)),
  };
  const datum = fields.get(2) as [number, Cbor] | undefined;
  if (datum?.[0] === 0) result.datumHash = hex(bytes(datum[1]));
  if (datum?.[0] === 1) result.datum = hex(embeddedCbor(datum[1]));
  const script = fields.get(3);
  if (script !== undefined) result.script = referenceScript(embeddedCbor(script));
  return result;
}

/** `#6.24(bytes .cbor T)`: the inner bytes, exactly as given. */
function embeddedCbor(raw: Cbor): Uint8Array {
  if (raw instanceof Tag && raw.tag === 24) return bytes(raw.value);
  throw new Error('expected tag 24 (embedded CBOR)');
}

function validityInterval(body: Map<Cbor, Cbor>, era: EraName): Transaction['validityInterval'] {
  const interval: NonNullable<Transaction['validityInterval']> = {};
  if (body.has(8) && era !== 'shelley') interval.invalidBefore = toNumber(body.get(8));
  if (body.has(3)) interval.invalidAfter = toNumber(body.get(3));
  return interval;
}

function withdrawals(raw: Cbor): Transaction['withdrawals'] {
  const result: NonNullable<Transaction['withdrawals']> = {};
  for (const [account, amount] of map(raw)) result[encodeRewardAccount(bytes(account))] = coin(amount);
  return result;
}

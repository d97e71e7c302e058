import { readFileSync } from 'node:fs';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { convertTransaction } from '@frostline/devnet/convert';
import { aikenUtxos as caseUtxos, type AikenCase } from '@frostline/evaluator/testing/aiken-cases';
import { datumHash, scriptHash, type ScriptLanguage } from '@frostline/model';
import { stringify } from 'lossless-json';
import type pg from 'pg';
import { ChainSeed } from './seed.js';

// Fixtures of test-data/evaluate (see its SOURCES.md) and the Aiken phase-2 cases, which
// @frostline/evaluator owns and loads, and the ways the evaluate tests feed them in: as
// additionalUtxoSet (Ogmios v5 JSON) or as rows of the indexer's tables.

export {
  aikenBudgets,
  aikenCase,
  aikenCases,
  aikenParameters,
  type AikenCase,
} from '@frostline/evaluator/testing/aiken-cases';

export const evaluateTestData = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../test-data/evaluate/${name}`, import.meta.url), 'utf8')) as T;

export interface BlockfrostFixture {
  id: string;
  network: string;
  endpoints: string[];
  postBody?: string;
  fully_offline?: boolean;
  response: Record<string, unknown>;
}

export const blockfrostFixtures = evaluateTestData<{ fixtures: BlockfrostFixture[] }>(
  'blockfrost_evaluate_fixtures.json',
).fixtures;
export const blockfrostFixture = (fragment: string): BlockfrostFixture =>
  blockfrostFixtures.find((fixture) => fixture.id.includes(fragment))!;

/** An Ogmios v6 UTxO as the devnet's converter writes it (quantities bigint). */
export interface Utxo {
  transaction: { id: string };
  index: number;
  address: string;
  value: { ada: { lovelace: bigint } } & Record<string, Record<string, bigint>>;
  datumHash?: string;
  datum?: string;
  script?: { language: ScriptLanguage; cbor: string };
}

/** The case's resolved UTxOs, their outputs read by the devnet's CBOR → Ogmios converter. */
export const aikenUtxos = (testCase: AikenCase): Utxo[] =>
  caseUtxos(
    testCase,
    (transaction) =>
      convertTransaction(transaction, 'babbage').outputs as Omit<Utxo, 'transaction' | 'index'>[],
  );

/** Ogmios v5 `[TxIn, TxOut]`, as Blockfrost clients send them. */
export function v5Pair(utxo: Utxo): [unknown, unknown] {
  const { ada, ...policies } = utxo.value;
  const assets: Record<string, bigint> = {};
  for (const [policy, names] of Object.entries(policies)) {
    for (const [name, quantity] of Object.entries(names))
      assets[name === '' ? policy : `${policy}.${name}`] = quantity;
  }
  return [
    { txId: utxo.transaction.id, index: utxo.index },
    {
      address: utxo.address,
      value: { coins: ada.lovelace, ...(Object.keys(assets).length > 0 && { assets }) },
      ...(utxo.datumHash !== undefined && { datumHash: utxo.datumHash }),
      ...(utxo.datum !== undefined && { datum: utxo.datum }),
      ...(utxo.script !== undefined && { script: { [utxo.script.language]: utxo.script.cbor } }),
    },
  ];
}

/** The JSON body blockfrost-js would send (bigint as bare integers). */
export function evaluateBody(cbor: string, utxos: Utxo[] = []): string {
  return stringify(utxos.length > 0 ? { cbor, additionalUtxoSet: utxos.map(v5Pair) } : { cbor })!;
}

/**
 * Stores UTxOs as the indexer does: one block, a transaction row per transaction id, its outputs
 * (datum hash also for inline datums, assets, reference script by hash). Outputs listed in `spent`
 * are marked spent by a later transaction.
 */
export async function seedUtxos(
  sql: pg.Client,
  seed: ChainSeed,
  utxos: Utxo[],
  spent: Utxo[] = [],
): Promise<void> {
  await seed.block({
    hash: randomHash(),
    height: 1,
    slot: 100,
    epoch: 1,
    epochSlot: 100,
    time: 1_700_000_000,
  });
  const txIds = new Map<string, number>();
  const spentIds: number[] = [];
  for (const utxo of [...utxos, ...spent]) {
    if (!txIds.has(utxo.transaction.id)) txIds.set(utxo.transaction.id, await seed.tx(utxo.transaction.id));
    const { ada, ...policies } = utxo.value;
    const script = utxo.script;
    const scriptHashHex = script ? scriptHash(script.language, script.cbor) : null;
    if (script && scriptHashHex) {
      await sql.query(
        `INSERT INTO script (id, hash, language, bytes, tx_id) VALUES ($1, decode($2, 'hex'), $3, decode($4, 'hex'), $5)
         ON CONFLICT (hash) DO NOTHING`,
        [nextScriptId++, scriptHashHex, script.language, script.cbor, txIds.get(utxo.transaction.id)],
      );
    }
    const id = await seed.output(txIds.get(utxo.transaction.id)!, utxo.index, {
      address: utxo.address,
      value: ada.lovelace.toString(),
      assets: Object.entries(policies).flatMap(([policyId, names]) =>
        Object.entries(names).map(([assetName, quantity]) => ({
          policyId,
          assetName,
          quantity: quantity.toString(),
        })),
      ),
      dataHash: utxo.datumHash ?? (utxo.datum ? datumHash(utxo.datum) : null),
      inlineDatum: utxo.datum ?? null,
      referenceScriptHash: scriptHashHex,
    });
    if (spent.includes(utxo)) spentIds.push(id);
  }
  if (spentIds.length > 0) {
    const spender = await seed.tx(randomHash());
    for (const id of spentIds) await seed.spend(id, spender);
  }
}

let nextScriptId = 1;
const randomHash = () =>
  CSL.TransactionHash.from_bytes(Buffer.from(crypto.getRandomValues(new Uint8Array(32)))).to_hex();

/**
 * A Conway-era answer of Ogmios 6.14 to queryLedgerState/protocolParameters (its test vector 015), as
 * the indexer stores it: integers beyond 2^53 as decimal text, so that none loses a digit.
 */
export function ogmiosVectorParameters(): Record<string, any> {
  const text = readFileSync(
    new URL('../../test-data/ogmios-protocol-parameters-015.json', import.meta.url),
    'utf8',
  );
  return JSON.parse(text.replace(/(?<=[:[,\s])(-?\d{16,})(?=[,\]}\s])/g, '"$1"'));
}

/**
 * Stores `parameters` as the indexer does for `epoch` (Ogmios queryLedgerState/protocolParameters),
 * with the epoch nonce (hex) when one is given.
 */
export async function storeProtocolParameters(
  sql: pg.Client,
  epoch: number,
  parameters: object,
  nonce: string | null = null,
): Promise<void> {
  await sql.query(
    `INSERT INTO protocol_parameters (epoch, params, nonce) VALUES ($1, $2, decode($3, 'hex'))`,
    [epoch, JSON.stringify(parameters), nonce],
  );
}

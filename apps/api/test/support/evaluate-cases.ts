import { readFileSync } from 'node:fs';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { convertTransaction } from '@frostline/devnet/convert';
import { datumHash, scriptHash, type ScriptLanguage } from '@frostline/model';
import { stringify } from 'lossless-json';
import type pg from 'pg';
import { ChainSeed } from './seed.js';

// Fixtures of test-data/evaluate (see its SOURCES.md) and the ways the evaluate tests feed them in:
// as additionalUtxoSet (Ogmios v5 JSON) or as rows of the indexer's tables.

export const evaluateTestData = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../test-data/evaluate/${name}`, import.meta.url), 'utf8')) as T;

export interface AikenCase {
  name: string;
  network: 'preview' | 'mainnet';
  tx_cbor: string;
  resolved_inputs_cbor: string | null;
  resolved_outputs_cbor: string;
  cost_model_language: 'plutus_v1' | 'plutus_v2';
  cost_model: number[];
  initial_budget: { cpu: number; mem: number };
  expected_budgets: { mem: number; cpu: number }[] | null;
  declared_redeemers_in_tx_derived: { tag: string; index: number }[];
}

export interface BlockfrostFixture {
  id: string;
  network: string;
  endpoints: string[];
  postBody?: string;
  fully_offline?: boolean;
  response: Record<string, unknown>;
}

export const aikenCases = evaluateTestData<{ cases: AikenCase[] }>('aiken_phase2_cases.json').cases;
export const aikenCase = (name: string): AikenCase => aikenCases.find((testCase) => testCase.name === name)!;
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

/**
 * The case's resolved UTxOs. Outputs go through the devnet's CBOR → Ogmios converter inside a
 * minimal transaction; inputs are zipped with them in order (absent inputs are the transaction
 * body's, as upstream says).
 */
export function aikenUtxos(testCase: AikenCase): Utxo[] {
  const wrapper = `84a3008001${testCase.resolved_outputs_cbor}0200a0f5f6`;
  const outputs = convertTransaction(Buffer.from(wrapper, 'hex'), 'babbage').outputs;
  const inputs = testCase.resolved_inputs_cbor
    ? CSL.TransactionInputs.from_hex(testCase.resolved_inputs_cbor)
    : CSL.Transaction.from_hex(testCase.tx_cbor).body().inputs();
  return outputs.map((output, i) => ({
    transaction: { id: inputs.get(i).transaction_id().to_hex() },
    index: inputs.get(i).index(),
    ...(output as Omit<Utxo, 'transaction' | 'index'>),
  }));
}

/** The case's expected answer in Ogmios v6 shape. */
export function aikenBudgets(testCase: AikenCase) {
  return testCase.expected_budgets!.map((budget, i) => ({
    validator: {
      purpose: testCase.declared_redeemers_in_tx_derived[i].tag,
      index: testCase.declared_redeemers_in_tx_derived[i].index,
    },
    budget: { memory: budget.mem, cpu: budget.cpu },
  }));
}

/** The protocol parameters the case was evaluated with, as Ogmios (and so the indexer) writes them. */
export function aikenParameters(testCase: AikenCase) {
  return {
    plutusCostModels: { [testCase.cost_model_language.replace('plutus_', 'plutus:')]: testCase.cost_model },
    maxExecutionUnitsPerTransaction: {
      memory: testCase.initial_budget.mem,
      cpu: testCase.initial_budget.cpu,
    },
  };
}

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

/** Stores `parameters` as the indexer does for `epoch` (Ogmios queryLedgerState/protocolParameters). */
export async function storeProtocolParameters(
  sql: pg.Client,
  epoch: number,
  parameters: object,
): Promise<void> {
  await sql.query(`INSERT INTO protocol_parameters (epoch, params) VALUES ($1, $2)`, [
    epoch,
    JSON.stringify(parameters),
  ]);
}

// The live devnet: how many submitted transactions per second it validates (simple payments, and spends
// of a Plutus V3 script) and forges into blocks, and how far the real indexer (apps/indexer/dist/main.js
// in its own process) lags behind the blocks it forges. Transactions are built and signed with CSL from a
// demo wallet of the custom genesis, as a user of `npm start` would.
import { performance } from 'node:perf_hooks';
import { createInteractionContext, createLedgerStateQueryClient } from '@cardano-ogmios/client';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { applyMigrations } from '@frostline/db';
import { demoWallets, startDevnet, type Devnet } from '@frostline/devnet';
import { metric, spawnIndexer } from './ingest.js';

export interface LiveResult {
  blockIntervalMs: number;
  payments: { count: number; validatedPerSecond: number; forgedPerSecond: number; blocks: number };
  plutus: { count: number; validatedPerSecond: number };
  /** forged (devnet tip) → stored (indexer_block_height), per block */
  indexerLagMs: { blocks: number; median: number; p95: number; max: number };
}

/** An always-succeeding Plutus V3 validator (flat UPLC in a CBOR byte string). */
const ALWAYS_SUCCEEDS = CSL.PlutusScript.new_v3(Buffer.from('450101002499', 'hex'));
const LOCKED = 10_000_000n;

type Lovelace = { ada: { lovelace: number } };
/** The Ogmios protocol parameters a transaction builder needs. */
export interface Parameters {
  minFeeCoefficient: number;
  minFeeConstant: Lovelace;
  minUtxoDepositCoefficient: number;
  stakePoolDeposit: Lovelace;
  stakeCredentialDeposit: Lovelace;
  maxValueSize: { bytes: number };
  maxTransactionSize: { bytes: number };
  scriptExecutionPrices: { memory: string; cpu: string };
  minFeeReferenceScripts: { base: number };
  plutusCostModels: Record<string, number[]>;
}
const big = (value: unknown) => CSL.BigNum.from_str(String(value));

export async function liveBench(options: {
  root: string;
  databaseUrl: string;
  redisUrl: string;
  metricsPort: number;
  payments: number;
  plutusSpends: number;
  log: (line: string) => void;
}): Promise<LiveResult> {
  const { log } = options;
  const blockIntervalMs = 1000;
  await applyMigrations(options.databaseUrl);
  const devnet = await startDevnet({
    chain: { blocks: [] },
    network: 'custom',
    port: 0,
    forgeInterval: blockIntervalMs,
  });
  const child = spawnIndexer({ ...options, ogmiosUrl: devnet.url });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lag = trackLag(devnet, `http://127.0.0.1:${options.metricsPort}/metrics`);
  try {
    await lag.synced;
    const { ledger, parameters } = await devnetLedger(devnet);
    const [payer, payee, scriptUser] = demoWallets(0);
    const utxoOf = async (address: string) => (await ledger.utxo({ addresses: [address] }))[0]!;

    log(`live: building ${options.payments} chained payments and ${options.plutusSpends} Plutus V3 spends`);
    const payments = chainedPayments(
      await utxoOf(payer!.signingKeyAddress),
      payer!.signingKey,
      payee!.signingKeyAddress,
      parameters,
      options.payments,
    );
    const lock = lockAtScript(
      await utxoOf(scriptUser!.signingKeyAddress),
      scriptUser!.signingKey,
      parameters,
      options.plutusSpends,
    );
    const spends = Array.from({ length: options.plutusSpends }, (_, index) =>
      scriptSpend(lock.id, index, options.plutusSpends, scriptUser!, parameters),
    );
    // Building blocked this process: lags count from the next block on.
    lag.measureFromNextBlock();

    const validatedPayments = await submitAll(devnet, payments);
    const forgedAt = await waitForOutput(ledger, payments.at(-1)!.id);
    const forgedPerSecond = payments.length / ((forgedAt - validatedPayments.started) / 1000);
    const blocks = lag.heightsBetween(validatedPayments.started, forgedAt);
    await submitAll(devnet, [lock]);
    await waitForOutput(ledger, lock.id);
    const validatedSpends = await submitAll(devnet, spends);
    await waitForOutput(ledger, spends.at(-1)!.id);
    await ledger.shutdown();
    // Idle blocks too, so that the lag is also measured for blocks without transactions.
    await new Promise((resolve) => setTimeout(resolve, 5 * blockIntervalMs));
    return {
      blockIntervalMs,
      payments: {
        count: payments.length,
        validatedPerSecond: validatedPayments.perSecond,
        forgedPerSecond,
        blocks,
      },
      plutus: { count: spends.length, validatedPerSecond: validatedSpends.perSecond },
      indexerLagMs: lag.summary(),
    };
  } finally {
    lag.stop();
    child.kill('SIGTERM');
    await exited;
    await devnet.close();
  }
}

/** A ledger-state client of the devnet, and the protocol parameters a transaction builder needs. */
export async function devnetLedger(devnet: Devnet) {
  const context = await createInteractionContext(
    () => undefined,
    () => undefined,
    { connection: { host: '127.0.0.1', port: devnet.port } },
  );
  const ledger = await createLedgerStateQueryClient(context);
  return { ledger, parameters: (await ledger.protocolParameters()) as unknown as Parameters };
}

export interface Built {
  id: string;
  cbor: Uint8Array;
}

/**
 * Submits the transactions one after the other through Devnet.submitTransaction (the ledger's
 * validation), each in its own event-loop turn like a request from a client, so that the forger and the
 * lag measurement keep running. The mempool holds two blocks' worth, as a node's does: when it is full
 * the submitter waits for a block, as a client would. The rate is over the time spent in the accepted
 * submissions (validating and adding to the mempool), the waits for room left out.
 */
async function submitAll(
  devnet: Devnet,
  transactions: Built[],
): Promise<{ started: number; perSecond: number }> {
  const started = performance.now();
  let validatingMs = 0;
  for (const { id, cbor } of transactions) {
    for (;;) {
      const before = performance.now();
      const outcome = devnet.submitTransaction(cbor);
      if (!('error' in outcome)) {
        validatingMs += performance.now() - before;
        break;
      }
      if (!isMempoolFull(outcome.error)) {
        throw new Error(`transaction ${id} refused: ${JSON.stringify(outcome.error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise(setImmediate);
  }
  return { started, perSecond: transactions.length / (validatingMs / 1000) };
}

/** The devnet's answer while its mempool is full (a node would make the submitter wait instead). */
export const isMempoolFull = (error: { message: string }) => error.message.includes('the mempool is full');

/** When the first output of transaction `id` is on chain (the ledger query answers at the tip). */
async function waitForOutput(
  ledger: Awaited<ReturnType<typeof createLedgerStateQueryClient>>,
  id: string,
): Promise<number> {
  for (;;) {
    const found = await ledger.utxo({ outputReferences: [{ transaction: { id }, index: 0 }] });
    if (found.length > 0) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Records when the devnet's tip reaches each height and when the indexer's `indexer_block_height`
 * does; `synced` resolves once the indexer follows the live blocks, and lags count from the block after
 * `measureFromNextBlock()`.
 */
function trackLag(devnet: Devnet, metricsUrl: string) {
  const forged = new Map<number, number>();
  const indexed = new Map<number, number>();
  let start = Infinity;
  const tip = setInterval(() => {
    const point = devnet.tip();
    if (point !== 'origin' && !forged.has(Number(point.height)))
      forged.set(Number(point.height), performance.now());
  }, 2);
  let polling = true;
  const poll = async () => {
    while (polling) {
      try {
        const height = metric(await (await fetch(metricsUrl)).text(), 'indexer_block_height');
        for (const [forgedHeight] of forged)
          if (forgedHeight <= height && !indexed.has(forgedHeight))
            indexed.set(forgedHeight, performance.now());
      } catch {
        // the indexer is starting
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  void poll();
  const synced = (async () => {
    while (indexed.size < 2) await new Promise((resolve) => setTimeout(resolve, 50));
  })();
  return {
    synced,
    measureFromNextBlock: () => (start = Math.max(0, ...forged.keys()) + 1),
    heightsBetween: (from: number, to: number) =>
      [...forged.values()].filter((at) => at >= from && at <= to).length,
    summary: () => {
      const lags = [...indexed]
        .filter(([height]) => height >= start)
        .map(([height, at]) => at - forged.get(height)!)
        .sort((a, b) => a - b);
      const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? 0;
      return { blocks: lags.length, median: at(0.5), p95: at(0.95), max: lags.at(-1) ?? 0 };
    },
    stop: () => {
      clearInterval(tip);
      polling = false;
    },
  };
}

function builder(parameters: Parameters): CSL.TransactionBuilder {
  const prices = parameters.scriptExecutionPrices;
  const ratio = (text: string) => {
    const [numerator, denominator] = text.split('/');
    return CSL.UnitInterval.new(big(numerator), big(denominator ?? 1));
  };
  return CSL.TransactionBuilder.new(
    CSL.TransactionBuilderConfigBuilder.new()
      .fee_algo(
        CSL.LinearFee.new(big(parameters.minFeeCoefficient), big(parameters.minFeeConstant.ada.lovelace)),
      )
      .coins_per_utxo_byte(big(parameters.minUtxoDepositCoefficient))
      .pool_deposit(big(parameters.stakePoolDeposit.ada.lovelace))
      .key_deposit(big(parameters.stakeCredentialDeposit.ada.lovelace))
      .max_value_size(parameters.maxValueSize.bytes)
      .max_tx_size(parameters.maxTransactionSize.bytes)
      .ex_unit_prices(CSL.ExUnitPrices.new(ratio(prices.memory), ratio(prices.cpu)))
      .ref_script_coins_per_byte(CSL.UnitInterval.new(big(parameters.minFeeReferenceScripts.base), big(1)))
      .build(),
  );
}

function signed(
  body: CSL.TransactionBody,
  keys: CSL.PrivateKey[],
  witnesses?: CSL.TransactionWitnessSet,
): Built {
  const transaction = witnesses
    ? CSL.FixedTransaction.new(body.to_bytes(), witnesses.to_bytes(), true)
    : CSL.FixedTransaction.new_from_body_bytes(body.to_bytes());
  keys.forEach((key) => transaction.sign_and_add_vkey_signature(key));
  return { id: transaction.transaction_hash().to_hex(), cbor: transaction.to_bytes() };
}

export interface LedgerUtxo {
  transaction: { id: string };
  index: number;
  value: { ada: { lovelace: number | bigint } };
}

/** `count` payments of 1 ada, each spending the change of the previous one (change at output 1). */
export function chainedPayments(
  funds: LedgerUtxo,
  signingKey: string,
  to: string,
  parameters: Parameters,
  count: number,
): Built[] {
  const key = CSL.PrivateKey.from_bech32(signingKey);
  const from = CSL.EnterpriseAddress.new(0, CSL.Credential.from_keyhash(key.to_public().hash())).to_address();
  const built: Built[] = [];
  let input = { id: funds.transaction.id, index: funds.index, lovelace: BigInt(funds.value.ada.lovelace) };
  for (let i = 0; i < count; i += 1) {
    const payment = builder(parameters);
    payment.add_key_input(
      key.to_public().hash(),
      CSL.TransactionInput.new(CSL.TransactionHash.from_hex(input.id), input.index),
      CSL.Value.new(big(input.lovelace)),
    );
    payment.add_output(CSL.TransactionOutput.new(CSL.Address.from_bech32(to), CSL.Value.new(big(1_000_000))));
    payment.add_change_if_needed(from);
    const body = payment.build();
    const transaction = signed(body, [key]);
    built.push(transaction);
    input = {
      id: transaction.id,
      index: 1,
      lovelace: BigInt(body.outputs().get(1).amount().coin().to_str()),
    };
  }
  return built;
}

function scriptAddress(): CSL.Address {
  return CSL.EnterpriseAddress.new(0, CSL.Credential.from_scripthash(ALWAYS_SUCCEEDS.hash())).to_address();
}

/** Locks `count` outputs of LOCKED lovelace (inline datum) at the script; the change stays key-locked. */
function lockAtScript(funds: LedgerUtxo, signingKey: string, parameters: Parameters, count: number): Built {
  const key = CSL.PrivateKey.from_bech32(signingKey);
  const from = CSL.EnterpriseAddress.new(0, CSL.Credential.from_keyhash(key.to_public().hash())).to_address();
  const lock = builder(parameters);
  lock.add_key_input(
    key.to_public().hash(),
    CSL.TransactionInput.new(CSL.TransactionHash.from_hex(funds.transaction.id), funds.index),
    CSL.Value.new(big(funds.value.ada.lovelace)),
  );
  for (let i = 0; i < count; i += 1) {
    const output = CSL.TransactionOutput.new(scriptAddress(), CSL.Value.new(big(LOCKED)));
    output.set_plutus_data(CSL.PlutusData.new_integer(CSL.BigInt.from_str(String(i))));
    lock.add_output(output);
  }
  lock.add_change_if_needed(from);
  return signed(lock.build(), [key]);
}

/** Spends locked output `index` back to the wallet; the lock's change (output `count`) is the collateral. */
function scriptSpend(
  lockId: string,
  index: number,
  count: number,
  wallet: { signingKey: string; signingKeyAddress: string },
  parameters: Parameters,
): Built {
  const key = CSL.PrivateKey.from_bech32(wallet.signingKey);
  const spend = builder(parameters);
  const inputs = CSL.TxInputsBuilder.new();
  const redeemer = CSL.Redeemer.new(
    CSL.RedeemerTag.new_spend(),
    big(0),
    CSL.PlutusData.new_integer(CSL.BigInt.from_str('0')),
    // Ample for a script that returns at once, within the per-transaction maximum.
    CSL.ExUnits.new(big(1_000_000), big(1_000_000_000)),
  );
  inputs.add_plutus_script_input(
    CSL.PlutusWitness.new_without_datum(ALWAYS_SUCCEEDS, redeemer),
    CSL.TransactionInput.new(CSL.TransactionHash.from_hex(lockId), index),
    CSL.Value.new(big(LOCKED)),
  );
  spend.set_inputs(inputs);
  const collateral = CSL.TxInputsBuilder.new();
  collateral.add_regular_input(
    CSL.Address.from_bech32(wallet.signingKeyAddress),
    CSL.TransactionInput.new(CSL.TransactionHash.from_hex(lockId), count),
    CSL.Value.new(big(5_000_000)),
  );
  spend.set_collateral(collateral);
  const models = CSL.Costmdls.new();
  const model = CSL.CostModel.new();
  parameters.plutusCostModels['plutus:v3']!.forEach((cost, i) =>
    model.set(i, cost < 0 ? CSL.Int.new_negative(big(-cost)) : CSL.Int.new(big(cost))),
  );
  models.insert(CSL.Language.new_plutus_v3(), model);
  spend.calc_script_data_hash(models);
  spend.add_change_if_needed(CSL.Address.from_bech32(wallet.signingKeyAddress));
  const transaction = spend.build_tx();
  return signed(transaction.body(), [key], transaction.witness_set());
}

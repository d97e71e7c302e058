import type { Builder } from '../context.js';
import { blake2b256, toHex } from '../keys.js';
import { oracleRegistration, tickerPost, transactionMetadata } from '../metadata.js';
import type { OutputDraft } from '../tx.js';
import { ada } from './funding.js';
import { oracleOutputs } from './invalid.js';

const TICKERS = ['ADAUSD', 'ADABTC', 'ADAEUR', 'ADACAD'];
const SOURCES = ['coinGecko', 'ergoOracles', 'kraken'];

/** Registers an oracle with nut.link (label 1967), paying its change back to the oracle address. */
export const registerOracle: Builder = (g) => {
  const oracle = g.actors.oracles.find(
    (candidate) => g.state.oracles.get(candidate.bech32)?.registered !== true,
  );
  if (oracle === undefined) return undefined;
  const inputs = oracleOutputs(g.state.utxos.items('oracle'), oracle.name);
  if (inputs.length === 0) return undefined;
  const url = `https://nut.link/${oracle.bech32.slice(-8)}/metadata.json`;
  return {
    draft: {
      inputs,
      outputs: [],
      change: oracle,
      changePool: 'oracle',
      metadata: transactionMetadata({
        1967: oracleRegistration(url, toHex(blake2b256(new TextEncoder().encode(url)))),
      }),
    },
    apply: () =>
      g.state.oracles.set(oracle.bech32, {
        registered: true,
        tickers: g.state.oracles.get(oracle.bech32)?.tickers ?? {},
      }),
  };
};

/**
 * Posts one to three tickers (label 1968). A third of the posts pay the oracle address twice, which
 * Blockfrost counts twice (one row per output to the address).
 */
export const postTickers: Builder = (g) => {
  const registered = g.actors.oracles.filter(
    (candidate) => g.state.oracles.get(candidate.bech32)?.registered === true,
  );
  if (registered.length === 0) return undefined;
  const oracle = g.random.pick(registered);
  // All of the oracle's outputs: spending them together keeps the oracle pool small.
  const inputs = oracleOutputs(g.state.utxos.items('oracle'), oracle.name);
  if (inputs.length === 0) return undefined;
  const tickers = TICKERS.filter(() => g.random.chance(0.6));
  if (tickers.length === 0) tickers.push(g.random.pick(TICKERS));
  const prices = Object.fromEntries(
    tickers.map((ticker) => [
      ticker,
      [{ source: g.random.pick(SOURCES), value: (g.random.between(1, 999_999) / 1_000_000).toString() }],
    ]),
  );
  const outputs: OutputDraft[] = g.random.chance(1 / 3)
    ? [{ to: oracle, lovelace: ada(2), pool: 'oracle' }]
    : [];
  const payments = outputs.length + 1;
  return {
    draft: {
      inputs,
      outputs,
      change: oracle,
      changePool: 'oracle',
      metadata: transactionMetadata({ 1968: tickerPost(prices) }),
    },
    apply: () => {
      const record = g.state.oracles.get(oracle.bech32)!;
      const next = { ...record.tickers };
      for (const ticker of tickers)
        next[ticker] = { count: (next[ticker]?.count ?? 0) + payments, latestBlock: g.height };
      g.state.oracles.set(oracle.bech32, { ...record, tickers: next });
    },
  };
};

/// <reference types="jest" />
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { Chain } from '../chain/chain.js';
import { memoryEntry } from '../chain/memory-source.js';
import type { Slot } from '../chain/point.js';
import { genesisProtocolParameters } from '../networks/genesis.js';
import { byronEpochLength, loadNetwork } from '../networks/networks.js';
import { Ledger } from './ledger.js';
import {
  adaOutput,
  bigNum,
  demoKey,
  fundingBlock,
  input,
  inputs,
  outputs,
  payFromFunding,
  sign,
  transactionId,
} from './test-support/transactions.js';

const network = loadNetwork('custom');
const alice = demoKey(1);
const bob = demoKey(2);
const FUNDS = 100_000_000n;
// The funding block's slot: the ledger validates at the slot the test sets.
const FUNDED_AT = 400;

const payBob = (lovelace: bigint, ttl?: number) => payFromFunding(alice, bob, FUNDS, lovelace, ttl);

/** Bob pays alice back from the output `paid` (a transaction of payBob) gave him. */
function payAliceBack(paid: Uint8Array, lovelace: bigint): Uint8Array {
  const fee = 200_000n;
  const body = CSL.TransactionBody.new_tx_body(
    inputs([input({ transaction: { id: transactionId(paid) }, index: 0 })]),
    outputs([adaOutput(alice.address, lovelace - fee)]),
    bigNum(fee),
  );
  return sign(body, [bob]);
}

function fundedLedger(maxBlockBodySize?: number) {
  const chain = new Chain();
  chain.append(memoryEntry(fundingBlock(alice, FUNDS), undefined, byronEpochLength(network)));
  const clock = { slot: (FUNDED_AT + 1) as Slot };
  const ledger = new Ledger(chain, network, () => clock.slot);
  if (maxBlockBodySize !== undefined)
    ledger.data.setProtocolParameters(0, {
      ...genesisProtocolParameters(network),
      maxBlockBodySize: { bytes: maxBlockBodySize },
    });
  return { ledger, clock };
}

describe('the devnet mempool', () => {
  it('holds two maximum block bodies of transactions and answers "mempool full" past that', () => {
    const first = payBob(10_000_000n);
    // Room for the first transaction and half of another one.
    const { ledger } = fundedLedger(Math.floor(first.length * 0.75));
    expect(ledger.submit(first)).toHaveProperty('result');
    const outcome = ledger.submit(payAliceBack(first, 10_000_000n));
    // The words the API answers with 425 Mempool Full (apps/api/src/common/ogmios-rpc.ts isMempoolFull).
    expect('error' in outcome && outcome.error.message).toMatch(/mempool.*full/i);
    expect(ledger.mempool.size.transactions).toBe(1);
  });

  it('evicts, after a block, a waiting transaction that the new slot made invalid', () => {
    const { ledger, clock } = fundedLedger();
    const expiring = payBob(10_000_000n, FUNDED_AT + 10);
    expect(ledger.submit(expiring)).toHaveProperty('result');
    clock.slot = FUNDED_AT + 20;
    expect(ledger.blockForged([])).toEqual([transactionId(expiring)]);
    expect(ledger.mempool.size.transactions).toBe(0);
  });

  it('evicts a transaction with the one it depends on, and keeps the still valid ones', () => {
    const { ledger, clock } = fundedLedger();
    const expiring = payBob(10_000_000n, FUNDED_AT + 10);
    const chained = payAliceBack(expiring, 10_000_000n);
    expect(ledger.submit(expiring)).toHaveProperty('result');
    expect(ledger.submit(chained)).toHaveProperty('result');
    // Still in its validity interval: nothing leaves but what the block included.
    clock.slot = FUNDED_AT + 5;
    expect(ledger.blockForged([])).toEqual([]);
    expect(ledger.mempool.list().map(({ id }) => id)).toEqual([
      transactionId(expiring),
      transactionId(chained),
    ]);
    clock.slot = FUNDED_AT + 20;
    expect(ledger.blockForged([])).toEqual([transactionId(expiring), transactionId(chained)]);
  });
});

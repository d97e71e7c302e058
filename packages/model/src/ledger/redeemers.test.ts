import { encodeShelleyAddress } from '../address.js';
import { decodeTransaction, type OgmiosRedeemer, type OgmiosTransaction } from './index.js';

// db-sync's redeemer rows for the redeemers of an Ogmios transaction: purpose names, ledger indexes resolved
// to the script each runs, budgets, and the data hash (blake2b-256 of the data's CBOR).

/** The hash of `d87980` (constructor 0, no fields), as Blockfrost's fixtures give it for such redeemers. */
const UNIT_DATA_HASH = '923918e403bf43c34b4ef6b48eb2ee04babed17320d8d1b9ff9ad086e86f44ec';
const hash = (byte: string) => byte.repeat(28);
const redeemer = (purpose: OgmiosRedeemer['validator']['purpose'], index: number): OgmiosRedeemer => ({
  validator: { purpose, index },
  redeemer: 'd87980',
  executionUnits: { memory: 1000 + index, cpu: 2_000_000 + index },
});
// Reward addresses of mainnet: e1 = key credential, f1 = script credential (CIP-19 header types 14, 15).
const KEY_REWARD = 'stake1u9fzg77vrgfqlplkjqe9hntdcvsurpvxd60yp2fhn73002qsv9pdk';

function transaction(fields: Partial<OgmiosTransaction>): OgmiosTransaction {
  return {
    id: 'aa'.repeat(32),
    spends: 'inputs',
    inputs: [
      { transaction: { id: '01'.repeat(32) }, index: 0 },
      { transaction: { id: '02'.repeat(32) }, index: 3 },
    ],
    outputs: [],
    fee: { ada: { lovelace: 200_000 } },
    ...fields,
  };
}

describe('redeemers', () => {
  it('resolves spend to the input at its ledger index and mint to the policies in byte order', () => {
    const tx = decodeTransaction(
      transaction({
        mint: { [hash('cc')]: { '': 1 }, [hash('0b')]: { '00': 5 } },
        redeemers: [redeemer('spend', 1), redeemer('mint', 0), redeemer('mint', 1)],
      }),
    );
    expect(tx.details.redeemers).toEqual([
      {
        purpose: 'spend',
        index: 1,
        memory: 1001n,
        steps: 2_000_001n,
        dataHash: UNIT_DATA_HASH,
        script: { kind: 'spentOutput', output: { txHash: '02'.repeat(32), index: 3 } },
      },
      expect.objectContaining({ purpose: 'mint', index: 0, script: { kind: 'hash', hash: hash('0b') } }),
      expect.objectContaining({ purpose: 'mint', index: 1, script: { kind: 'hash', hash: hash('cc') } }),
    ]);
  });

  it('orders reward accounts script credentials first and names key credentials no script', () => {
    const scriptReward = encodeShelleyAddress({
      type: 'reward',
      networkId: 1,
      stake: { type: 'script', hash: '00'.repeat(28) },
    });
    const tx = decodeTransaction(
      transaction({
        withdrawals: { [KEY_REWARD]: { ada: { lovelace: 1 } }, [scriptReward]: { ada: { lovelace: 2 } } },
        redeemers: [redeemer('withdraw', 0), redeemer('withdraw', 1)],
      }),
    );
    expect(tx.details.redeemers.map((r) => [r.purpose, r.index, r.script])).toEqual([
      ['reward', 0, { kind: 'hash', hash: '00'.repeat(28) }],
      ['reward', 1, null],
    ]);
  });

  it('orders voters committee, DRep, pool, script before key, and takes a proposal’s guardrails script', () => {
    const vote = (role: string, from: string, id: string) => ({
      proposal: { transaction: { id: '04'.repeat(32) }, index: 0 },
      issuer: { role, from, id },
      vote: 'yes',
    });
    const tx = decodeTransaction(
      transaction({
        votes: [
          vote('delegateRepresentative', 'verificationKey', hash('01')),
          vote('delegateRepresentative', 'script', hash('ff')),
          vote('constitutionalCommittee', 'script', hash('ee')),
          vote('delegateRepresentative', 'script', hash('ff')),
        ],
        proposals: [
          { action: { type: 'treasuryWithdrawals', withdrawals: {}, guardrails: { hash: hash('0c') } } },
          { action: { type: 'info' } },
        ],
        cbor: '84a0a0f5f6',
        redeemers: [
          redeemer('vote', 0),
          redeemer('vote', 1),
          redeemer('vote', 2),
          redeemer('propose', 0),
          redeemer('propose', 1),
        ],
      }),
    );
    expect(tx.details.redeemers.map((r) => [r.purpose, r.index, r.script])).toEqual([
      ['vote', 0, { kind: 'hash', hash: hash('ee') }],
      ['vote', 1, { kind: 'hash', hash: hash('ff') }],
      ['vote', 2, null],
      ['propose', 0, { kind: 'hash', hash: hash('0c') }],
      ['propose', 1, null],
    ]);
  });

  it('keeps none for a phase-2-invalid transaction, as db-sync', () => {
    const tx = decodeTransaction(
      transaction({
        spends: 'collaterals',
        collaterals: [{ transaction: { id: '03'.repeat(32) }, index: 0 }],
        redeemers: [redeemer('spend', 0)],
      }),
    );
    expect(tx.details.redeemers).toEqual([]);
    expect(tx.details.redeemerCount).toBe(0);
  });
});

/// <reference types="jest" />
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { referenceKey, type Utxo } from './outputs.js';
import { shelleySlotConfig } from '../networks/era-summaries.js';
import { genesisProtocolParameters } from '../networks/genesis.js';
import { loadNetwork } from '../networks/networks.js';
import {
  adaOutput,
  bigNum,
  demoKey,
  input,
  inputs,
  outputs,
  sign,
  utxo,
  type DemoKey,
} from './test-support/transactions.js';
import { parameterReader } from './parameters.js';
import { emptyGovernance } from './test-support/governance.js';
import { validateTransaction, type LedgerView } from './validate.js';

const network = loadNetwork('custom');
const parameters = genesisProtocolParameters(network);
const alice = demoKey(1);
const bob = demoKey(2);
const SLOT = 1000;
const FUNDS = 100_000_000n;
const FEE = 200_000n;
const funded = utxo('aa'.repeat(32), 0, alice.bech32, FUNDS);
const aliceStake = CSL.RewardAddress.new(0, CSL.Credential.from_keyhash(alice.hash));
const REWARDS = 3_000_000n;
const POOL_DEPOSIT = parameterReader(parameters).lovelace('stakePoolDeposit');

// Always-succeeding and always-failing Plutus V3 validators (flat UPLC in a CBOR byte string).
const succeeds = CSL.PlutusScript.new_v3(Buffer.from('450101002499', 'hex'));
const fails = CSL.PlutusScript.new_v3(Buffer.from('4401000061', 'hex'));
const scriptAddress = (script: CSL.PlutusScript) =>
  CSL.EnterpriseAddress.new(0, CSL.Credential.from_scripthash(script.hash())).to_address().to_bech32();
const locked = (script: CSL.PlutusScript, id: string): Utxo => ({
  ...utxo(id, 0, scriptAddress(script), 10_000_000n),
  datum: 'd87980',
});
const bobScript = CSL.NativeScript.new_script_pubkey(CSL.ScriptPubkey.new(bob.hash));
const bobScriptUtxo = utxo(
  'dd'.repeat(32),
  0,
  CSL.EnterpriseAddress.new(0, CSL.Credential.from_scripthash(bobScript.hash())).to_address().to_bech32(),
  FUNDS,
);

/** Alice's funds in an output that also carries a 4,000-byte reference script. */
const withReferenceScript: Utxo = {
  ...utxo('ef'.repeat(32), 0, alice.bech32, FUNDS),
  script: { language: 'plutus:v3', cbor: '59' + (4000).toString(16).padStart(4, '0') + '00'.repeat(4000) },
};
const ledger = new Map<string, Utxo>(
  [
    funded,
    locked(succeeds, 'bb'.repeat(32)),
    locked(fails, 'cc'.repeat(32)),
    bobScriptUtxo,
    withReferenceScript,
  ].map((item) => [referenceKey(item), item]),
);

const view: LedgerView = {
  era: 'conway',
  slot: SLOT,
  networkId: 0,
  protocolParameters: parameters,
  slotConfig: shelleySlotConfig(network),
  utxo: (reference) => ledger.get(referenceKey(reference)),
  epoch: 4,
  delegation: {
    ...emptyGovernance,
    account: ({ credential }) =>
      credential === alice.hash.to_hex()
        ? {
            from: 'verificationKey',
            credential,
            rewards: { ada: { lovelace: REWARDS } },
            deposit: { ada: { lovelace: 2_000_000n } },
          }
        : undefined,
    // Bob runs a stake pool (which the retirement tests retire).
    poolRegistered: (id) => id === bob.hash.to_bech32('pool'),
    drepDelegators: () => [],
  },
};

interface Payment {
  spend: Utxo[];
  fee: bigint;
  send: bigint;
  to: CSL.Address;
  /** Added to the change output (breaks value conservation when not 0). */
  changeError: bigint;
  ttl?: number;
  networkId?: CSL.NetworkId;
  signers: DemoKey[];
  requiredSigners: DemoKey[];
  metadataBytes: number;
  withdraw?: bigint;
  nativeScripts: CSL.NativeScript[];
  /** Retires the pool whose operator key this is. */
  retirePool?: DemoKey;
}

/** Alice pays bob; every field can be changed to break one rule. */
function payment(changes: Partial<Payment> = {}): Uint8Array {
  const p: Payment = {
    spend: [funded],
    fee: FEE,
    send: 10_000_000n,
    to: bob.address,
    changeError: 0n,
    signers: [alice],
    requiredSigners: [],
    metadataBytes: 0,
    nativeScripts: [],
    ...changes,
  };
  const total = p.spend.reduce(
    (sum, item) => sum + BigInt((item.value as { ada: { lovelace: bigint } }).ada.lovelace),
    0n,
  );
  const change = total + (p.withdraw ?? 0n) - p.send - p.fee + p.changeError;
  const body = CSL.TransactionBody.new_tx_body(
    inputs(p.spend.map(input)),
    outputs([adaOutput(p.to, p.send), adaOutput(alice.address, change)]),
    bigNum(p.fee),
  );
  if (p.ttl !== undefined) body.set_ttl(bigNum(p.ttl));
  if (p.networkId !== undefined) body.set_network_id(p.networkId);
  if (p.requiredSigners.length > 0) {
    const signers = CSL.Ed25519KeyHashes.new();
    p.requiredSigners.forEach(({ hash }) => signers.add(hash));
    body.set_required_signers(signers);
  }
  if (p.retirePool !== undefined) {
    const certificates = CSL.Certificates.new();
    certificates.add(CSL.Certificate.new_pool_retirement(CSL.PoolRetirement.new(p.retirePool.hash, 5)));
    body.set_certs(certificates);
  }
  if (p.withdraw !== undefined) {
    const withdrawals = CSL.Withdrawals.new();
    withdrawals.insert(aliceStake, bigNum(p.withdraw));
    body.set_withdrawals(withdrawals);
  }
  let auxiliary: CSL.AuxiliaryData | undefined;
  if (p.metadataBytes > 0) {
    auxiliary = CSL.AuxiliaryData.new();
    const metadata = CSL.GeneralTransactionMetadata.new();
    const chunks = CSL.MetadataList.new();
    for (let size = 0; size < p.metadataBytes; size += 64)
      chunks.add(CSL.TransactionMetadatum.new_bytes(new Uint8Array(64)));
    metadata.insert(bigNum(1), CSL.TransactionMetadatum.new_list(chunks));
    auxiliary.set_metadata(metadata);
    body.set_auxiliary_data_hash(CSL.hash_auxiliary_data(auxiliary));
  }
  const witnesses = CSL.TransactionWitnessSet.new();
  if (p.nativeScripts.length > 0) {
    const scripts = CSL.NativeScripts.new();
    p.nativeScripts.forEach((script) => scripts.add(script));
    witnesses.set_native_scripts(scripts);
  }
  return sign(body, p.signers, witnesses, auxiliary);
}

/** Spends the script output `from` with a unit redeemer, alice's funds as collateral. */
function scriptSpend(
  script: CSL.PlutusScript,
  from: Utxo,
  changes: { collateral?: boolean; valid?: boolean; costModel?: number[]; exUnits?: [number, number] } = {},
): Uint8Array {
  const { collateral = true, valid = true, exUnits = [1_000_000, 500_000_000] } = changes;
  const fee = 1_000_000n;
  const body = CSL.TransactionBody.new_tx_body(
    inputs([input(from)]),
    outputs([adaOutput(alice.address, 10_000_000n - fee)]),
    bigNum(fee),
  );
  if (collateral) body.set_collateral(inputs([input(funded)]));
  const redeemers = CSL.Redeemers.new();
  redeemers.add(
    CSL.Redeemer.new(
      CSL.RedeemerTag.new_spend(),
      bigNum(0),
      CSL.PlutusData.from_hex('d87980'),
      CSL.ExUnits.new(bigNum(exUnits[0]), bigNum(exUnits[1])),
    ),
  );
  const models = CSL.Costmdls.new();
  const costs = changes.costModel ?? (parameters.plutusCostModels as Record<string, number[]>)['plutus:v3']!;
  const model = CSL.CostModel.new();
  costs.forEach((cost, index) =>
    model.set(index, cost < 0 ? CSL.Int.new_negative(bigNum(-cost)) : CSL.Int.new(bigNum(cost))),
  );
  models.insert(CSL.Language.new_plutus_v3(), model);
  body.set_script_data_hash(CSL.hash_script_data(redeemers, models));
  const witnesses = CSL.TransactionWitnessSet.new();
  const scripts = CSL.PlutusScripts.new();
  scripts.add(script);
  witnesses.set_plutus_scripts(scripts);
  witnesses.set_redeemers(redeemers);
  const hash = CSL.FixedTransaction.new_from_body_bytes(body.to_bytes()).transaction_hash();
  const vkeys = CSL.Vkeywitnesses.new();
  vkeys.add(CSL.make_vkey_witness(hash, alice.key));
  witnesses.set_vkeys(vkeys);
  const tx = CSL.Transaction.new(body, witnesses);
  if (!valid) tx.set_is_valid(false);
  return tx.to_bytes();
}

function outcome(cbor: Uint8Array): { code?: number; data?: unknown; valid?: boolean } {
  const validation = validateTransaction(cbor, view);
  return validation.ok
    ? { valid: validation.transaction.valid }
    : { code: validation.error.code, data: validation.error.data };
}

/** Each rule: a transaction broken in exactly that way, then the corrected one. */
const rules: [string, number, () => Uint8Array, () => Uint8Array][] = [
  [
    'unknown input',
    3117,
    () => payment({ spend: [utxo('ee'.repeat(32), 0, alice.bech32, FUNDS)] }),
    () => payment(),
  ],
  ['empty input set', 3121, () => payment({ spend: [], changeError: FUNDS }), () => payment()],
  ['validity interval', 3118, () => payment({ ttl: SLOT }), () => payment({ ttl: SLOT + 1 })],
  [
    'network id of the body',
    3124,
    () => payment({ networkId: CSL.NetworkId.mainnet() }),
    () => payment({ networkId: CSL.NetworkId.testnet() }),
  ],
  [
    'network of an output address',
    3124,
    () => payment({ to: CSL.EnterpriseAddress.new(1, CSL.Credential.from_keyhash(bob.hash)).to_address() }),
    () => payment(),
  ],
  [
    'transaction size',
    3119,
    () => payment({ metadataBytes: 17_000, fee: 1_000_000n }),
    () => payment({ metadataBytes: 15_000, fee: 1_000_000n }),
  ],
  ['minimum UTxO value', 3125, () => payment({ send: 800_000n }), () => payment({ send: 900_000n })],
  ['minimum fee', 3122, () => payment({ fee: 160_000n }), () => payment({ fee: 170_000n })],
  ['value conservation', 3123, () => payment({ changeError: 1n }), () => payment()],
  [
    'pool deposit not returned by its retirement (the epoch boundary returns it)',
    3123,
    () => payment({ retirePool: bob, signers: [alice, bob], changeError: POOL_DEPOSIT }),
    () => payment({ retirePool: bob, signers: [alice, bob] }),
  ],
  ['key witness of an input', 3101, () => payment({ signers: [] }), () => payment()],
  [
    'required signer',
    3101,
    () => payment({ requiredSigners: [bob] }),
    () => payment({ requiredSigners: [bob], signers: [alice, bob] }),
  ],
  [
    'key witness of a withdrawal',
    3101,
    () => payment({ withdraw: REWARDS, signers: [bob], spend: [bobScriptUtxo], nativeScripts: [bobScript] }),
    () => payment({ withdraw: REWARDS }),
  ],
  [
    'whole reward balance withdrawn',
    3141,
    () => payment({ withdraw: REWARDS - 1n }),
    () => payment({ withdraw: REWARDS }),
  ],
  [
    'script witness of a script input',
    3102,
    () => payment({ spend: [bobScriptUtxo], signers: [bob] }),
    () => payment({ spend: [bobScriptUtxo], signers: [bob], nativeScripts: [bobScript] }),
  ],
  [
    'native script satisfied',
    3103,
    () => payment({ spend: [bobScriptUtxo], signers: [alice], nativeScripts: [bobScript] }),
    () => payment({ spend: [bobScriptUtxo], signers: [bob], nativeScripts: [bobScript] }),
  ],
  [
    'script data hash',
    3113,
    () => scriptSpend(succeeds, locked(succeeds, 'bb'.repeat(32)), { costModel: [1, 2, 3] }),
    () => scriptSpend(succeeds, locked(succeeds, 'bb'.repeat(32))),
  ],
  [
    'collateral present',
    3132,
    () => scriptSpend(succeeds, locked(succeeds, 'bb'.repeat(32)), { collateral: false }),
    () => scriptSpend(succeeds, locked(succeeds, 'bb'.repeat(32))),
  ],
  [
    'declared execution units within the protocol maximum',
    3134,
    () => scriptSpend(succeeds, locked(succeeds, 'bb'.repeat(32)), { exUnits: [20_000_000, 1] }),
    () => scriptSpend(succeeds, locked(succeeds, 'bb'.repeat(32))),
  ],
];

describe('validateTransaction', () => {
  it.each(rules)('%s: rejected with %i, accepted once corrected', (_rule, code, broken, corrected) => {
    expect(outcome(broken()).code).toBe(code);
    expect(outcome(corrected())).toEqual({ valid: true });
  });

  it('reports the minimum fee and the fee provided', () => {
    expect(outcome(payment({ fee: 160_000n })).data).toEqual({
      minimumRequiredFee: { ada: { lovelace: expect.any(BigInt) } },
      providedFee: { ada: { lovelace: 160_000n } },
    });
  });

  it('rejects a forged signature with 3100', () => {
    const cbor = payment();
    const tx = CSL.Transaction.from_bytes(cbor);
    const witnesses = tx.witness_set();
    const forged = CSL.Vkeywitnesses.new();
    forged.add(CSL.make_vkey_witness(CSL.TransactionHash.from_bytes(new Uint8Array(32)), alice.key));
    witnesses.set_vkeys(forged);
    expect(outcome(CSL.Transaction.new(tx.body(), witnesses).to_bytes()).code).toBe(3100);
  });

  it('runs phase 2: a failing script declared valid is a 3136 mismatch, declared invalid it is accepted', () => {
    const cc = locked(fails, 'cc'.repeat(32));
    expect(outcome(scriptSpend(fails, cc))).toMatchObject({
      code: 3136,
      data: { declaredSpending: 'inputs' },
    });
    expect(outcome(scriptSpend(fails, cc, { valid: false }))).toEqual({ valid: false });
    expect(outcome(scriptSpend(succeeds, locked(succeeds, 'bb'.repeat(32)), { valid: false }))).toMatchObject(
      {
        code: 3136,
        data: { declaredSpending: 'collaterals' },
      },
    );
  });

  it('rejects a script that needs more than its declared units', () => {
    expect(
      outcome(scriptSpend(succeeds, locked(succeeds, 'bb'.repeat(32)), { exUnits: [1, 1] })),
    ).toMatchObject({
      code: 3136,
    });
  });

  it("charges the reference scripts of spent outputs in Conway only (Babbage's fee has no such part)", () => {
    const spend = payment({ spend: [withReferenceScript] });
    expect(outcome(spend)).toMatchObject({ code: 3122 });
    expect(validateTransaction(spend, { ...view, era: 'babbage' })).toMatchObject({ ok: true });
    expect(outcome(payment({ spend: [withReferenceScript], fee: FEE + 4000n * 15n }))).toEqual({
      valid: true,
    });
  });

  it('answers undecodable bytes with -32602', () => {
    expect(outcome(Buffer.from('deadbeef', 'hex')).code).toBe(-32602);
  });
});

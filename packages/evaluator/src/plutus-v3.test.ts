import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { evaluate } from './evaluate.js';
import type { PlutusCostModels } from './ogmios-types.js';
import { resolveOgmiosUtxos } from './ogmios-utxo.js';
import { readFixture } from './test-support/fixtures.js';

// `(program 1.1.0 (lam x (con unit ())))` flat-encoded (version 1.1.0, lambda, unit constant,
// padding) inside a CBOR byte string: an always-succeeding PlutusV3 validator (V3 takes the script
// context as its only argument and must return unit).
const ALWAYS_SUCCEEDS_V3 = '450101002499';

const { cost_models } = readFixture<{
  cost_models: Record<string, { cost_models_raw: Record<string, number[]> }>;
}>('cost_models.json');
const costModels: PlutusCostModels = { 'plutus:v3': cost_models.preview_latest.cost_models_raw.PlutusV3 };

const script = CSL.PlutusScript.new_v3(Buffer.from(ALWAYS_SUCCEEDS_V3, 'hex'));
const scriptAddress = CSL.EnterpriseAddress.new(
  0,
  CSL.Credential.from_scripthash(script.hash()),
).to_address();
const SCRIPT_UTXO = { transaction: { id: 'ee'.repeat(32) }, index: 0 };

const unit = () => CSL.PlutusData.from_hex('d87980');
const redeemer = (tag: CSL.RedeemerTag) =>
  CSL.Redeemer.new(tag, CSL.BigNum.zero(), unit(), CSL.ExUnits.new(CSL.BigNum.zero(), CSL.BigNum.zero()));

// Spends a UTxO locked by the script (inline datum) and mints one token under the same script.
function spendAndMint(): Uint8Array {
  const inputs = CSL.TransactionInputs.new();
  inputs.add(CSL.TransactionInput.new(CSL.TransactionHash.from_hex(SCRIPT_UTXO.transaction.id), 0));
  const outputs = CSL.TransactionOutputs.new();
  outputs.add(CSL.TransactionOutput.new(scriptAddress, CSL.Value.new(CSL.BigNum.from_str('4000000'))));
  const body = CSL.TransactionBody.new_tx_body(inputs, outputs, CSL.BigNum.from_str('1000000'));
  const mintAssets = CSL.MintAssets.new_from_entry(
    CSL.AssetName.new(Buffer.from('00', 'hex')),
    CSL.Int.new_i32(1),
  );
  body.set_mint(CSL.Mint.new_from_entry(script.hash(), mintAssets));

  const scripts = CSL.PlutusScripts.new();
  scripts.add(script);
  const redeemers = CSL.Redeemers.new();
  redeemers.add(redeemer(CSL.RedeemerTag.new_spend()));
  redeemers.add(redeemer(CSL.RedeemerTag.new_mint()));
  const witnesses = CSL.TransactionWitnessSet.new();
  witnesses.set_plutus_scripts(scripts);
  witnesses.set_redeemers(redeemers);
  return CSL.Transaction.new(body, witnesses).to_bytes();
}

describe('evaluate: PlutusV3 (Conway)', () => {
  it('runs an always-succeeding V3 script for a spend with an inline datum and for a mint', () => {
    const utxos = resolveOgmiosUtxos([
      {
        ...SCRIPT_UTXO,
        address: scriptAddress.to_bech32('addr_test'),
        value: { ada: { lovelace: 5_000_000n } },
        datum: 'd87980',
      },
    ]);
    if (!utxos.ok) throw new Error(utxos.error.message);
    const outcome = evaluate({
      transaction: spendAndMint(),
      utxos: utxos.utxos,
      costModels,
      maxExecutionUnits: { memory: 14_000_000, cpu: 10_000_000_000 },
      slotConfig: { zeroTime: 1666656000000, zeroSlot: 0, slotLength: 1000 },
    });
    expect(outcome).toEqual({
      result: [
        {
          validator: { purpose: 'spend', index: 0 },
          budget: { memory: expect.any(Number), cpu: expect.any(Number) },
        },
        {
          validator: { purpose: 'mint', index: 0 },
          budget: { memory: expect.any(Number), cpu: expect.any(Number) },
        },
      ],
    });
    // Startup, one application, one lambda and one constant: a few hundred memory units, tens of
    // thousands of cpu steps at most.
    for (const { budget } of (outcome as { result: { budget: { memory: number; cpu: number } }[] }).result) {
      expect(budget.memory).toBeGreaterThan(0);
      expect(budget.memory).toBeLessThan(1_000);
      expect(budget.cpu).toBeGreaterThan(0);
      expect(budget.cpu).toBeLessThan(200_000);
    }
  });
});

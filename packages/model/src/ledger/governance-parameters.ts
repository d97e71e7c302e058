import { Decoder } from 'cbor-x';

const decoder = new Decoder({ mapsAsObjects: false, useRecords: false });

type Value = number | string | Record<string, unknown> | null;

/** A CBOR rational (tag 30, [numerator, denominator]) as the double db-sync stores. */
function double(raw: unknown): number {
  const [numerator, denominator] = (raw as { value: [number | bigint, number | bigint] }).value;
  return Number(numerator) / Number(denominator);
}
const integer = (raw: unknown) => Number(raw as number | bigint);
const text = (raw: unknown) => BigInt(raw as number | bigint).toString();

const PLUTUS_LANGUAGES = ['PlutusV1', 'PlutusV2', 'PlutusV3'];

/** The DRep voting thresholds' names, in the order of CDDL `drep_voting_thresholds`. */
const DREP_THRESHOLDS = [
  'dvt_motion_no_confidence',
  'dvt_committee_normal',
  'dvt_committee_no_confidence',
  'dvt_update_to_constitution',
  'dvt_hard_fork_initiation',
  'dvt_p_p_network_group',
  'dvt_p_p_economic_group',
  'dvt_p_p_technical_group',
  'dvt_p_p_gov_group',
  'dvt_treasury_withdrawal',
];

// Blockfrost's names of a parameter update's entries (RYO's proposals_proposal_parameters.sql over db-sync's
// param_proposal), by the entry's key in CDDL `protocol_param_update`, in the forms its response schema gives
// them (the serialiser writes a number as text where the schema says string): ratios as doubles.
const ENTRIES: Record<number, (raw: unknown) => Record<string, Value>> = {
  0: (raw) => ({ min_fee_a: integer(raw) }),
  1: (raw) => ({ min_fee_b: integer(raw) }),
  2: (raw) => ({ max_block_size: integer(raw) }),
  3: (raw) => ({ max_tx_size: integer(raw) }),
  4: (raw) => ({ max_block_header_size: integer(raw) }),
  5: (raw) => ({ key_deposit: text(raw) }),
  6: (raw) => ({ pool_deposit: text(raw) }),
  7: (raw) => ({ e_max: integer(raw) }),
  8: (raw) => ({ n_opt: integer(raw) }),
  9: (raw) => ({ a0: double(raw) }),
  10: (raw) => ({ rho: double(raw) }),
  11: (raw) => ({ tau: double(raw) }),
  16: (raw) => ({ min_pool_cost: text(raw) }),
  17: (raw) => ({ min_utxo: text(raw), coins_per_utxo_size: text(raw), coins_per_utxo_word: text(raw) }),
  18: (raw) => ({
    cost_models: Object.fromEntries(
      [...(raw as Map<number, (number | bigint)[]>)].map(([language, costs]) => [
        PLUTUS_LANGUAGES[language]!,
        costs.map(Number),
      ]),
    ),
  }),
  19: (raw) => {
    const [memory, steps] = raw as [unknown, unknown];
    return { price_mem: double(memory), price_step: double(steps) };
  },
  20: (raw) => {
    const [memory, steps] = raw as [unknown, unknown];
    return { max_tx_ex_mem: text(memory), max_tx_ex_steps: text(steps) };
  },
  21: (raw) => {
    const [memory, steps] = raw as [unknown, unknown];
    return { max_block_ex_mem: text(memory), max_block_ex_steps: text(steps) };
  },
  22: (raw) => ({ max_val_size: text(raw) }),
  23: (raw) => ({ collateral_percent: integer(raw) }),
  24: (raw) => ({ max_collateral_inputs: integer(raw) }),
  25: (raw) => {
    const [motion, normal, noConfidence, hardFork, security] = (raw as unknown[]).map(double);
    return {
      pvt_motion_no_confidence: motion!,
      pvt_committee_normal: normal!,
      pvt_committee_no_confidence: noConfidence!,
      pvt_hard_fork_initiation: hardFork!,
      pvtpp_security_group: security!,
      pvt_p_p_security_group: security!,
    };
  },
  26: (raw) =>
    Object.fromEntries((raw as unknown[]).map((threshold, i) => [DREP_THRESHOLDS[i]!, double(threshold)])),
  27: (raw) => ({ committee_min_size: text(raw) }),
  28: (raw) => ({ committee_max_term_length: text(raw) }),
  29: (raw) => ({ gov_action_lifetime: text(raw) }),
  30: (raw) => ({ gov_action_deposit: text(raw) }),
  31: (raw) => ({ drep_deposit: text(raw) }),
  32: (raw) => ({ drep_activity: text(raw) }),
  33: (raw) => ({ min_fee_ref_script_cost_per_byte: double(raw) }),
};

/** Every name Blockfrost's `parameters` has, in its schema's order; what the update leaves unchanged is null. */
const NAMES = [
  'epoch',
  'min_fee_a',
  'min_fee_b',
  'max_block_size',
  'max_tx_size',
  'max_block_header_size',
  'key_deposit',
  'pool_deposit',
  'e_max',
  'n_opt',
  'a0',
  'rho',
  'tau',
  'decentralisation_param',
  'extra_entropy',
  'protocol_major_ver',
  'protocol_minor_ver',
  'min_utxo',
  'min_pool_cost',
  'cost_models',
  'price_mem',
  'price_step',
  'max_tx_ex_mem',
  'max_tx_ex_steps',
  'max_block_ex_mem',
  'max_block_ex_steps',
  'max_val_size',
  'collateral_percent',
  'max_collateral_inputs',
  'coins_per_utxo_size',
  'coins_per_utxo_word',
  'pvt_motion_no_confidence',
  'pvt_committee_normal',
  'pvt_committee_no_confidence',
  'pvt_hard_fork_initiation',
  ...DREP_THRESHOLDS,
  'committee_min_size',
  'committee_max_term_length',
  'gov_action_lifetime',
  'gov_action_deposit',
  'drep_deposit',
  'drep_activity',
  'pvtpp_security_group',
  'pvt_p_p_security_group',
  'min_fee_ref_script_cost_per_byte',
];

/**
 * Blockfrost's `parameters` of a parameter change, from its `protocol_param_update` CBOR: every parameter name,
 * null where the update leaves it, in the order of the response schema (the order Blockfrost's serialiser writes
 * them in). Conway updates carry no epoch, entropy, decentralisation or protocol version.
 */
export function parameterChangeJson(parameterUpdateCbor: Uint8Array): Record<string, Value> {
  const update = decoder.decode(parameterUpdateCbor) as Map<number, unknown>;
  const values: Record<string, Value> = {};
  for (const [key, raw] of update) Object.assign(values, ENTRIES[key]?.(raw));
  return Object.fromEntries(NAMES.map((name) => [name, values[name] ?? null]));
}

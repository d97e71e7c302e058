import type { EpochParameters } from '../types.js';
import { COST_MODEL_PARAMETER_NAMES } from './cost-model-names.js';

// Ogmios v6 `queryLedgerState/protocolParameters` as stored: integers beyond 2^53 may have been
// written as decimal text, so every integer is read as `number | string`.
type Integer = number | string;
type Lovelace = { ada: { lovelace: Integer } };
type Bytes = { bytes: Integer };
/** `"n/d"` */
type Ratio = string;

export interface OgmiosProtocolParameters {
  minFeeCoefficient: Integer;
  minFeeConstant: Lovelace;
  minFeeReferenceScripts?: { range: Integer; base: number; multiplier: number };
  minUtxoDepositCoefficient: Integer;
  minUtxoDepositConstant: Lovelace;
  maxBlockBodySize: Bytes;
  maxBlockHeaderSize: Bytes;
  maxTransactionSize: Bytes;
  maxValueSize?: Bytes;
  extraEntropy?: string;
  stakeCredentialDeposit: Lovelace;
  stakePoolDeposit: Lovelace;
  stakePoolRetirementEpochBound: Integer;
  stakePoolPledgeInfluence: Ratio;
  minStakePoolCost: Lovelace;
  desiredNumberOfStakePools: Integer;
  federatedBlockProductionRatio?: Ratio;
  monetaryExpansion: Ratio;
  treasuryExpansion: Ratio;
  collateralPercentage?: Integer;
  maxCollateralInputs?: Integer;
  plutusCostModels?: Record<string, Integer[]>;
  scriptExecutionPrices?: { memory: Ratio; cpu: Ratio };
  maxExecutionUnitsPerTransaction?: { memory: Integer; cpu: Integer };
  maxExecutionUnitsPerBlock?: { memory: Integer; cpu: Integer };
  stakePoolVotingThresholds?: {
    noConfidence: Ratio;
    constitutionalCommittee: { default: Ratio; stateOfNoConfidence: Ratio };
    hardForkInitiation: Ratio;
    protocolParametersUpdate: { security: Ratio };
  };
  constitutionalCommitteeMinSize?: Integer;
  constitutionalCommitteeMaxTermLength?: Integer;
  governanceActionLifetime?: Integer;
  governanceActionDeposit?: Lovelace;
  delegateRepresentativeVotingThresholds?: {
    noConfidence: Ratio;
    constitution: Ratio;
    constitutionalCommittee: { default: Ratio; stateOfNoConfidence: Ratio };
    hardForkInitiation: Ratio;
    protocolParametersUpdate: { network: Ratio; economic: Ratio; technical: Ratio; governance: Ratio };
    treasuryWithdrawals: Ratio;
  };
  delegateRepresentativeDeposit?: Lovelace;
  delegateRepresentativeMaxIdleTime?: Integer;
  version: { major: Integer; minor: Integer };
}

type CostModelKey = keyof typeof COST_MODEL_PARAMETER_NAMES;

/** Ogmios' language names and Blockfrost's, in Blockfrost's order. */
const LANGUAGES: [ogmios: string, blockfrost: CostModelKey][] = [
  ['plutus:v1', 'PlutusV1'],
  ['plutus:v2', 'PlutusV2'],
  ['plutus:v3', 'PlutusV3'],
];

const text = (n: Integer) => BigInt(n).toString();
const int = (n: Integer) => Number(n);
const lovelace = (value: Lovelace) => text(value.ada.lovelace);
const optional = <T, R>(value: T | undefined, map: (value: T) => R): R | null =>
  value === undefined ? null : map(value);

/** A ledger ratio as the double db-sync stores and Blockfrost serves. */
function ratio(value: Ratio): number {
  const [numerator, denominator] = value.split('/');
  return Number(numerator) / Number(denominator);
}

/** Blockfrost's named cost models: each value under its parameter's name; beyond the known names, under its index. */
export function namedCostModel(language: CostModelKey, values: readonly number[]): Record<string, number> {
  const names = COST_MODEL_PARAMETER_NAMES[language];
  return Object.fromEntries(values.map((value, index) => [names[index] ?? String(index), value]));
}

function costModels(models: Record<string, Integer[]> | undefined) {
  const present = LANGUAGES.filter(([ogmios]) => models?.[ogmios] !== undefined);
  if (present.length === 0) return { named: null, raw: null };
  const raw = Object.fromEntries(present.map(([ogmios, key]) => [key, models![ogmios]!.map(int)]));
  const named = Object.fromEntries(present.map(([, key]) => [key, namedCostModel(key, raw[key]!)]));
  return { named, raw };
}

/**
 * The parameters of `epoch` in Blockfrost's shape, from Ogmios' protocol parameters and the epoch
 * nonce (hex; null where the ledger's nonce is neutral). Fields of eras the parameters predate are
 * null, as db-sync leaves them; before Alonzo the minimum UTxO is a constant, from Alonzo on it is
 * the per-word (Alonzo) or per-byte (Babbage on) coefficient, which Blockfrost repeats in
 * `min_utxo`, `coins_per_utxo_word` and `coins_per_utxo_size`.
 */
export function epochParameters(
  epoch: number,
  p: OgmiosProtocolParameters,
  nonce: string | null,
): EpochParameters {
  const coefficient = BigInt(p.minUtxoDepositCoefficient);
  const perUtxoUnit = coefficient > 0n ? coefficient.toString() : null;
  const { named, raw } = costModels(p.plutusCostModels);
  const pools = p.stakePoolVotingThresholds;
  const dreps = p.delegateRepresentativeVotingThresholds;
  return {
    epoch,
    min_fee_a: int(p.minFeeCoefficient),
    min_fee_b: int(p.minFeeConstant.ada.lovelace),
    max_block_size: int(p.maxBlockBodySize.bytes),
    max_tx_size: int(p.maxTransactionSize.bytes),
    max_block_header_size: int(p.maxBlockHeaderSize.bytes),
    key_deposit: lovelace(p.stakeCredentialDeposit),
    pool_deposit: lovelace(p.stakePoolDeposit),
    e_max: int(p.stakePoolRetirementEpochBound),
    n_opt: int(p.desiredNumberOfStakePools),
    a0: ratio(p.stakePoolPledgeInfluence),
    rho: ratio(p.monetaryExpansion),
    tau: ratio(p.treasuryExpansion),
    // Babbage removed the parameter; the overlay schedule has been empty since.
    decentralisation_param: optional(p.federatedBlockProductionRatio, ratio) ?? 0,
    extra_entropy: p.extraEntropy === undefined || p.extraEntropy === 'neutral' ? null : p.extraEntropy,
    protocol_major_ver: int(p.version.major),
    protocol_minor_ver: int(p.version.minor),
    min_utxo: perUtxoUnit ?? lovelace(p.minUtxoDepositConstant),
    min_pool_cost: lovelace(p.minStakePoolCost),
    // The spec declares a string; db-sync has no nonce for a neutral one and Blockfrost then answers null.
    nonce: nonce as string,
    cost_models: named,
    cost_models_raw: raw,
    price_mem: optional(p.scriptExecutionPrices, (prices) => ratio(prices.memory)),
    price_step: optional(p.scriptExecutionPrices, (prices) => ratio(prices.cpu)),
    max_tx_ex_mem: optional(p.maxExecutionUnitsPerTransaction, (units) => text(units.memory)),
    max_tx_ex_steps: optional(p.maxExecutionUnitsPerTransaction, (units) => text(units.cpu)),
    max_block_ex_mem: optional(p.maxExecutionUnitsPerBlock, (units) => text(units.memory)),
    max_block_ex_steps: optional(p.maxExecutionUnitsPerBlock, (units) => text(units.cpu)),
    max_val_size: optional(p.maxValueSize, (size) => text(size.bytes)),
    collateral_percent: optional(p.collateralPercentage, int),
    max_collateral_inputs: optional(p.maxCollateralInputs, int),
    coins_per_utxo_size: perUtxoUnit,
    coins_per_utxo_word: perUtxoUnit,
    pvt_motion_no_confidence: optional(pools, (t) => ratio(t.noConfidence)),
    pvt_committee_normal: optional(pools, (t) => ratio(t.constitutionalCommittee.default)),
    pvt_committee_no_confidence: optional(pools, (t) => ratio(t.constitutionalCommittee.stateOfNoConfidence)),
    pvt_hard_fork_initiation: optional(pools, (t) => ratio(t.hardForkInitiation)),
    dvt_motion_no_confidence: optional(dreps, (t) => ratio(t.noConfidence)),
    dvt_committee_normal: optional(dreps, (t) => ratio(t.constitutionalCommittee.default)),
    dvt_committee_no_confidence: optional(dreps, (t) => ratio(t.constitutionalCommittee.stateOfNoConfidence)),
    dvt_update_to_constitution: optional(dreps, (t) => ratio(t.constitution)),
    dvt_hard_fork_initiation: optional(dreps, (t) => ratio(t.hardForkInitiation)),
    dvt_p_p_network_group: optional(dreps, (t) => ratio(t.protocolParametersUpdate.network)),
    dvt_p_p_economic_group: optional(dreps, (t) => ratio(t.protocolParametersUpdate.economic)),
    dvt_p_p_technical_group: optional(dreps, (t) => ratio(t.protocolParametersUpdate.technical)),
    dvt_p_p_gov_group: optional(dreps, (t) => ratio(t.protocolParametersUpdate.governance)),
    dvt_treasury_withdrawal: optional(dreps, (t) => ratio(t.treasuryWithdrawals)),
    committee_min_size: optional(p.constitutionalCommitteeMinSize, text),
    committee_max_term_length: optional(p.constitutionalCommitteeMaxTermLength, text),
    gov_action_lifetime: optional(p.governanceActionLifetime, text),
    gov_action_deposit: optional(p.governanceActionDeposit, lovelace),
    drep_deposit: optional(p.delegateRepresentativeDeposit, lovelace),
    drep_activity: optional(p.delegateRepresentativeMaxIdleTime, text),
    pvtpp_security_group: optional(pools, (t) => ratio(t.protocolParametersUpdate.security)),
    pvt_p_p_security_group: optional(pools, (t) => ratio(t.protocolParametersUpdate.security)),
    min_fee_ref_script_cost_per_byte: optional(p.minFeeReferenceScripts, (fee) => fee.base),
  };
}

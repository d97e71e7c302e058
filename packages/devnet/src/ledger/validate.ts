import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import {
  evaluate,
  resolveOgmiosUtxos,
  type EvaluationOutcome,
  type ExecutionUnits,
  type PlutusCostModels,
  type SlotConfig,
  type UtxoJson,
  undecodableTransaction,
} from '@frostline/evaluator';
import { referenceKey, type OutputReference, type Utxo } from './outputs.js';
import { convertTransaction, type OgmiosTransaction } from '../convert/index.js';
import type { RpcError } from '../server/rpc.js';
import {
  applyDelegation,
  noDelegationChanges,
  rewardCredential,
  type DelegationChanges,
  type DelegationState,
} from './delegation.js';
import { ledgerRules } from './governance.js';
import { parameterReader } from './parameters.js';
import * as errors from './submit-errors.js';

/** What a transaction is checked against: the live ledger state at the current slot. */
export interface LedgerView {
  era: 'babbage' | 'conway';
  slot: number;
  /** The epoch of `slot` (proposals expire and DRep mandates end by epoch). */
  epoch: number;
  /** 0 testnet, 1 mainnet. */
  networkId: number;
  /** Ogmios `protocolParameters` in force. */
  protocolParameters: Record<string, unknown>;
  slotConfig: SlotConfig;
  /** An unspent output (on chain or created by a mempool transaction and not spent by another one). */
  utxo(reference: OutputReference): Utxo | undefined;
  /** Reward accounts, stake pools and DReps (after the mempool's transactions). */
  delegation: DelegationState;
}

/** A transaction the ledger accepts, with what it changes in the UTxO set. */
export interface AcceptedTransaction {
  id: string;
  cbor: Uint8Array;
  /** The transaction as Ogmios shows it in a block. */
  json: OgmiosTransaction;
  /** False for a transaction whose scripts fail as it declares (isValid = false): it spends its collateral. */
  valid: boolean;
  /** What its withdrawals and certificates change (nothing when it is not valid). */
  delegation: DelegationChanges;
}

export type Validation = { ok: true; transaction: AcceptedTransaction } | { ok: false; error: RpcError };

/**
 * Phase 1 and phase 2 validation of a Babbage/Conway transaction, answered with Ogmios v6's
 * `submitTransaction` errors. The first failing rule is reported (the node reports all of them).
 *
 * Hand-written on top of CSL (fees, minimum UTxO values, deposits, script data hashes, signatures) and
 * @frostline/evaluator (phase 2) because no JavaScript ledger takes our protocol parameters: the scalus
 * Emulator fixes its own (cost models included), so it rejects every Plutus transaction built against
 * the devnet's parameters, and reports only free-text errors (see README "Live mode").
 */
export function validateTransaction(cbor: Uint8Array, view: LedgerView): Validation {
  let fixed: CSL.FixedTransaction;
  let tx: CSL.Transaction;
  let json: OgmiosTransaction;
  try {
    fixed = CSL.FixedTransaction.from_bytes(cbor);
    tx = CSL.Transaction.from_bytes(cbor);
    json = convertTransaction(cbor, view.era);
  } catch (error) {
    return fail(undecodableTransaction(String(error)));
  }
  const checker = new Checker(cbor, fixed, tx, json, view);
  const error = checker.phaseOne() ?? checker.phaseTwo();
  if (error !== undefined) return fail(error);
  return {
    ok: true,
    transaction: { id: json.id, cbor, json, valid: tx.is_valid(), delegation: checker.delegationChanges },
  };
}

const fail = (error: RpcError): Validation => ({ ok: false, error });

interface Resolved {
  reference: OutputReference;
  utxo: Utxo;
  output: CSL.TransactionOutput;
}

class Checker {
  private readonly body: CSL.TransactionBody;
  private readonly witnesses: CSL.TransactionWitnessSet;
  private readonly parameters;
  private readonly resolved = new Map<string, Resolved>();
  delegationChanges = noDelegationChanges();

  constructor(
    private readonly cbor: Uint8Array,
    private readonly fixed: CSL.FixedTransaction,
    private readonly tx: CSL.Transaction,
    private readonly json: OgmiosTransaction,
    private readonly view: LedgerView,
  ) {
    this.body = tx.body();
    this.witnesses = tx.witness_set();
    this.parameters = parameterReader(view.protocolParameters);
  }

  phaseOne(): RpcError | undefined {
    return (
      this.inputsExist() ??
      this.validityInterval() ??
      this.network() ??
      this.size() ??
      this.executionUnits() ??
      this.outputs() ??
      this.fee() ??
      this.valueConserved() ??
      this.withdrawals() ??
      this.delegation() ??
      this.signatures() ??
      this.scripts() ??
      this.scriptIntegrity() ??
      this.collateral()
    );
  }

  // ── inputs ────────────────────────────────────────────────────────────────────────────────────

  private inputsExist(): RpcError | undefined {
    const inputs = references(this.body.inputs());
    if (inputs.length === 0) return errors.emptyInputSet();
    const unknown: OutputReference[] = [];
    for (const reference of [
      ...inputs,
      ...references(this.body.reference_inputs()),
      ...references(this.body.collateral()),
    ]) {
      const key = referenceKey(reference);
      if (this.resolved.has(key)) continue;
      const utxo = this.view.utxo(reference);
      if (utxo === undefined) {
        unknown.push(reference);
        continue;
      }
      const encoded = resolveOgmiosUtxos([utxo as unknown as UtxoJson]);
      if (!encoded.ok) throw new Error(`unreadable ledger output ${key}`);
      const output = CSL.TransactionOutput.from_bytes(encoded.utxos[0]!.output);
      this.resolved.set(key, { reference, utxo, output });
    }
    return unknown.length > 0 ? errors.unknownOutputReferences(unknown) : undefined;
  }

  private resolvedOf(inputs: CSL.TransactionInputs | undefined): Resolved[] {
    return references(inputs).map((reference) => this.resolved.get(referenceKey(reference))!);
  }

  // ── interval, network, sizes ──────────────────────────────────────────────────────────────────

  private validityInterval(): RpcError | undefined {
    const invalidBefore = this.body.validity_start_interval_bignum();
    const invalidAfter = this.body.ttl_bignum();
    const slot = BigInt(this.view.slot);
    const tooEarly = invalidBefore !== undefined && slot < BigInt(invalidBefore.to_str());
    const tooLate = invalidAfter !== undefined && slot >= BigInt(invalidAfter.to_str());
    if (!tooEarly && !tooLate) return undefined;
    return errors.outsideOfValidityInterval(
      {
        ...(invalidBefore === undefined ? {} : { invalidBefore: Number(invalidBefore.to_str()) }),
        ...(invalidAfter === undefined ? {} : { invalidAfter: Number(invalidAfter.to_str()) }),
      },
      this.view.slot,
    );
  }

  private network(): RpcError | undefined {
    const expected = this.view.networkId === 1 ? 'mainnet' : 'testnet';
    const declared = this.body.network_id();
    if (declared !== undefined && declared.kind() !== this.view.networkId) {
      return errors.networkMismatch(expected, 'transaction', [declared.kind() === 1 ? 'mainnet' : 'testnet']);
    }
    const wrong = outputsOf(this.body)
      .map(({ output }) => output.address())
      // Byron addresses carry a protocol magic, not a network id.
      .filter((address) => CSL.ByronAddress.from_address(address) === undefined)
      .filter((address) => address.network_id() !== this.view.networkId)
      .map((address) => address.to_bech32());
    return wrong.length > 0 ? errors.networkMismatch(expected, 'address', wrong) : undefined;
  }

  private size(): RpcError | undefined {
    const maximum = this.parameters.bytes('maxTransactionSize');
    return this.cbor.length > maximum ? errors.transactionTooLarge(this.cbor.length, maximum) : undefined;
  }

  private executionUnits(): RpcError | undefined {
    const redeemers = this.witnesses.redeemers();
    if (redeemers === undefined) return undefined;
    const declared = redeemers.total_ex_units();
    const maximum = this.parameters.executionUnits();
    const provided = { memory: BigInt(declared.mem().to_str()), cpu: BigInt(declared.steps().to_str()) };
    const tooLarge = provided.memory > maximum.memory || provided.cpu > maximum.cpu;
    return tooLarge ? errors.executionUnitsTooLarge(provided, maximum) : undefined;
  }

  private outputs(): RpcError | undefined {
    const outputs = outputsOf(this.body);
    const jsonOutputs = [...(this.json.outputs ?? [])];
    if (this.json.collateralReturn !== undefined) jsonOutputs.push(this.json.collateralReturn);
    const maxValueSize = this.parameters.bytes('maxValueSize');
    const tooLarge = outputs.filter(({ output }) => output.amount().to_bytes().length > maxValueSize);
    if (tooLarge.length > 0) return errors.valueTooLarge(tooLarge.map(({ index }) => jsonOutputs[index]));
    const coinsPerByte = CSL.DataCost.new_coins_per_byte(
      CSL.BigNum.from_str(String(this.parameters.number('minUtxoDepositCoefficient'))),
    );
    const insufficient = outputs.flatMap(({ output, index }) => {
      const minimum = BigInt(CSL.min_ada_for_output(output, coinsPerByte).to_str());
      return BigInt(output.amount().coin().to_str()) < minimum
        ? [{ output: jsonOutputs[index], minimumRequiredValue: minimum }]
        : [];
    });
    return insufficient.length > 0 ? errors.insufficientlyFundedOutputs(insufficient) : undefined;
  }

  // ── fee and balance ───────────────────────────────────────────────────────────────────────────

  private fee(): RpcError | undefined {
    const sizeFee =
      BigInt(this.parameters.number('minFeeCoefficient')) * BigInt(this.cbor.length) +
      this.parameters.lovelace('minFeeConstant');
    const scriptFee = BigInt(CSL.min_script_fee(this.tx, this.parameters.scriptPrices()).to_str());
    const minimum = sizeFee + scriptFee + this.referenceScriptFee();
    const provided = BigInt(this.body.fee().to_str());
    return provided < minimum ? errors.transactionFeeTooSmall(minimum, provided) : undefined;
  }

  /** Conway's fee for the reference scripts of spent and referenced outputs (tiered by size). */
  private referenceScriptFee(): bigint {
    const base = this.parameters.referenceScriptBase();
    // The devnet's parameters have the Conway shape in every era; Babbage's fee has no such part.
    if (base === undefined || this.view.era !== 'conway') return 0n;
    const size = [...this.resolvedOf(this.body.inputs()), ...this.resolvedOf(this.body.reference_inputs())]
      .map(({ output }) => scriptSize(output.script_ref()))
      .reduce((total, bytes) => total + bytes, 0);
    return size === 0 ? 0n : BigInt(CSL.min_ref_script_fee(size, base).to_str());
  }

  private valueConserved(): RpcError | undefined {
    const { keyDeposit, poolDeposit } = this.deposits();
    let consumed = CSL.Value.zero();
    for (const { output } of this.resolvedOf(this.body.inputs()))
      consumed = consumed.checked_add(output.amount());
    // CSL counts a pool retirement's deposit as returned by the transaction; the ledger returns it to the
    // pool's reward account at the retirement epoch's boundary instead, so it is no input here.
    const implicit = CSL.get_implicit_input(this.body, poolDeposit, keyDeposit).coin();
    consumed = consumed.checked_add(
      CSL.Value.new(
        implicit.checked_sub(poolDeposit.checked_mul(CSL.BigNum.from_str(String(this.poolRetirements())))),
      ),
    );
    let produced = CSL.Value.new(
      this.body
        .fee()
        .checked_add(CSL.get_deposit(this.body, poolDeposit, keyDeposit))
        .checked_add(this.proposalDeposits()),
    );
    for (let i = 0; i < this.body.outputs().len(); i += 1)
      produced = produced.checked_add(this.body.outputs().get(i).amount());
    const mint = this.body.mint();
    if (mint !== undefined) {
      consumed = consumed.checked_add(withAssets(mint.as_positive_multiasset()));
      produced = produced.checked_add(withAssets(mint.as_negative_multiasset()));
    }
    const [inValue, outValue] = [valueJson(consumed), valueJson(produced)];
    return canonical(inValue) === canonical(outValue)
      ? undefined
      : errors.valueNotConserved(inValue, outValue);
  }

  /** CSL's deposit leaves out the proposal procedures' deposits, which the ledger counts as produced. */
  private proposalDeposits(): CSL.BigNum {
    const proposals = this.body.voting_proposals();
    let total = CSL.BigNum.zero();
    for (let i = 0; i < (proposals?.len() ?? 0); i += 1)
      total = total.checked_add(proposals!.get(i).deposit());
    return total;
  }

  private poolRetirements(): number {
    const certificates = this.body.certs();
    let count = 0;
    for (let i = 0; i < (certificates?.len() ?? 0); i += 1)
      if (certificates!.get(i).as_pool_retirement() !== undefined) count += 1;
    return count;
  }

  private deposits(): { keyDeposit: CSL.BigNum; poolDeposit: CSL.BigNum } {
    return {
      keyDeposit: CSL.BigNum.from_str(String(this.parameters.lovelace('stakeCredentialDeposit'))),
      poolDeposit: CSL.BigNum.from_str(String(this.parameters.lovelace('stakePoolDeposit'))),
    };
  }

  private withdrawals(): RpcError | undefined {
    const withdrawals = this.body.withdrawals();
    if (withdrawals === undefined) return undefined;
    const expected: Record<string, bigint> = {};
    let complete = true;
    for (let i = 0; i < withdrawals.keys().len(); i += 1) {
      const account = withdrawals.keys().get(i);
      const address = account.to_address().to_bech32();
      const summary = this.view.delegation.account(rewardCredential(address));
      const balance = summary === undefined ? undefined : BigInt(summary.rewards.ada.lovelace);
      expected[address] = balance ?? 0n;
      if (balance === undefined || BigInt(withdrawals.get(account)!.to_str()) !== balance) complete = false;
    }
    return complete ? undefined : errors.incompleteWithdrawals(expected);
  }

  /** Registration and delegation rules; a transaction declared invalid changes none of it. */
  private delegation(): RpcError | undefined {
    if (!this.tx.is_valid()) return undefined;
    const outcome = applyDelegation(
      this.json,
      this.view.delegation,
      ledgerRules(this.view.protocolParameters, this.view.epoch),
    );
    if ('error' in outcome) return outcome.error;
    this.delegationChanges = outcome.changes;
    return undefined;
  }

  // ── witnesses and scripts ─────────────────────────────────────────────────────────────────────

  private signatures(): RpcError | undefined {
    const bodyHash = this.fixed.transaction_hash().to_bytes();
    const signed = new Set<string>();
    const invalid: string[] = [];
    const vkeys = this.witnesses.vkeys();
    for (let i = 0; i < (vkeys?.len() ?? 0); i += 1) {
      const witness = vkeys!.get(i);
      const key = witness.vkey().public_key();
      if (key.verify(bodyHash, witness.signature())) signed.add(key.hash().to_hex());
      else invalid.push(toHexKey(key));
    }
    const bootstrapAddresses = new Set<string>();
    const bootstraps = this.witnesses.bootstraps();
    for (let i = 0; i < (bootstraps?.len() ?? 0); i += 1) {
      const witness = bootstraps!.get(i);
      const key = witness.vkey().public_key();
      if (!key.verify(bodyHash, witness.signature())) {
        invalid.push(toHexKey(key));
        continue;
      }
      const extended = CSL.Bip32PublicKey.from_bytes(Buffer.concat([key.as_bytes(), witness.chain_code()]));
      bootstrapAddresses.add(CSL.ByronAddress.icarus_from_key(extended, this.byronMagic()).to_base58());
    }
    if (invalid.length > 0) return errors.invalidSignatories(invalid);
    const missing = [...this.requiredKeyHashes(bootstrapAddresses)].filter((hash) => !signed.has(hash));
    return missing.length > 0 ? errors.missingSignatories(missing) : undefined;
  }

  private byronMagic(): number {
    const byron = this.resolvedOf(this.body.inputs())
      .map(({ output }) => CSL.ByronAddress.from_address(output.address()))
      .find((address) => address !== undefined);
    return byron?.byron_protocol_magic() ?? 0;
  }

  /**
   * Key hashes that must sign: spent and collateral outputs locked by a key, required signers, key
   * withdrawals and certificate credentials. A Byron input needs a bootstrap witness for its address;
   * one without is reported by its address root, as the ledger does.
   */
  private requiredKeyHashes(bootstrapAddresses: Set<string>): Set<string> {
    const required = new Set<string>();
    for (const { output } of [
      ...this.resolvedOf(this.body.inputs()),
      ...this.resolvedOf(this.body.collateral()),
    ]) {
      const byron = CSL.ByronAddress.from_address(output.address());
      if (byron !== undefined) {
        if (!bootstrapAddresses.has(byron.to_base58())) required.add(byronAddressRoot(byron));
        continue;
      }
      const key = output.address().payment_cred()?.to_keyhash();
      if (key !== undefined) required.add(key.to_hex());
    }
    const signers = this.body.required_signers();
    for (let i = 0; i < (signers?.len() ?? 0); i += 1) required.add(signers!.get(i).to_hex());
    for (const credential of this.credentialsNeedingWitness()) {
      const key = credential.to_keyhash();
      if (key !== undefined) required.add(key.to_hex());
    }
    for (const key of this.poolKeysNeedingWitness()) required.add(key);
    return required;
  }

  /** Stake, DRep and committee credentials of withdrawals, certificates and votes. */
  private credentialsNeedingWitness(): CSL.Credential[] {
    const credentials: CSL.Credential[] = [];
    const withdrawals = this.body.withdrawals();
    for (let i = 0; i < (withdrawals?.keys().len() ?? 0); i += 1) {
      credentials.push(withdrawals!.keys().get(i).payment_cred());
    }
    forEachCertificate(this.body, (certificate) => {
      // A legacy stake registration (no deposit field) needs no witness.
      const registration = certificate.as_stake_registration();
      if (registration !== undefined) {
        if (registration.coin() !== undefined) credentials.push(registration.stake_credential());
        return;
      }
      const stake =
        certificate.as_stake_deregistration() ??
        certificate.as_stake_delegation() ??
        certificate.as_vote_delegation() ??
        certificate.as_stake_and_vote_delegation() ??
        certificate.as_stake_registration_and_delegation() ??
        certificate.as_vote_registration_and_delegation() ??
        certificate.as_stake_vote_registration_and_delegation();
      if (stake !== undefined) credentials.push(stake.stake_credential());
      const drep =
        certificate.as_drep_registration() ??
        certificate.as_drep_deregistration() ??
        certificate.as_drep_update();
      if (drep !== undefined) credentials.push(drep.voting_credential());
      const committee = certificate.as_committee_hot_auth() ?? certificate.as_committee_cold_resign();
      if (committee !== undefined) credentials.push(committee.committee_cold_credential());
    });
    const voters = this.body.voting_procedures()?.get_voters();
    for (let i = 0; i < (voters?.len() ?? 0); i += 1) {
      const voter = voters!.get(i)!;
      const credential = voter.to_constitutional_committee_hot_credential() ?? voter.to_drep_credential();
      if (credential !== undefined) credentials.push(credential);
    }
    return credentials;
  }

  private poolKeysNeedingWitness(): string[] {
    const keys: string[] = [];
    forEachCertificate(this.body, (certificate) => {
      const registration = certificate.as_pool_registration()?.pool_params();
      if (registration !== undefined) {
        keys.push(registration.operator().to_hex());
        const owners = registration.pool_owners();
        for (let i = 0; i < owners.len(); i += 1) keys.push(owners.get(i).to_hex());
      }
      const retirement = certificate.as_pool_retirement();
      if (retirement !== undefined) keys.push(retirement.pool_keyhash().to_hex());
    });
    // A stake pool votes with its cold key.
    const voters = this.body.voting_procedures()?.get_voters();
    for (let i = 0; i < (voters?.len() ?? 0); i += 1) {
      const pool = voters!.get(i)!.to_stake_pool_key_hash();
      if (pool !== undefined) keys.push(pool.to_hex());
    }
    return keys;
  }

  /** Scripts the transaction runs: every one must be provided, and native ones must hold. */
  private scripts(): RpcError | undefined {
    const needed = this.neededScripts();
    const available = this.availableScripts();
    const missing = [...needed].filter((hash) => !available.has(hash));
    if (missing.length > 0) return errors.missingScripts(missing);
    const signers = new Set<string>();
    const vkeys = this.witnesses.vkeys();
    for (let i = 0; i < (vkeys?.len() ?? 0); i += 1)
      signers.add(vkeys!.get(i).vkey().public_key().hash().to_hex());
    const interval = {
      from: this.body.validity_start_interval_bignum(),
      until: this.body.ttl_bignum(),
    };
    const failing = [...needed].filter((hash) => {
      const native = available.get(hash)?.native;
      return native !== undefined && !nativeScriptHolds(native, signers, interval);
    });
    return failing.length > 0 ? errors.failingNativeScripts(failing) : undefined;
  }

  private neededScripts(): Set<string> {
    const needed = new Set<string>();
    for (const { output } of this.resolvedOf(this.body.inputs())) {
      const script = output.address().payment_cred()?.to_scripthash();
      if (script !== undefined) needed.add(script.to_hex());
    }
    for (const credential of this.credentialsNeedingWitness()) {
      const script = credential.to_scripthash();
      if (script !== undefined) needed.add(script.to_hex());
    }
    const policies = this.body.mint()?.keys();
    for (let i = 0; i < (policies?.len() ?? 0); i += 1) needed.add(policies!.get(i).to_hex());
    return needed;
  }

  /** Scripts of the witness set and reference scripts of spent and referenced outputs, by hash. */
  private availableScripts(): Map<string, { native?: CSL.NativeScript; language?: CSL.Language }> {
    const available = new Map<string, { native?: CSL.NativeScript; language?: CSL.Language }>();
    const natives = this.witnesses.native_scripts();
    for (let i = 0; i < (natives?.len() ?? 0); i += 1) {
      const script = natives!.get(i);
      available.set(script.hash().to_hex(), { native: script });
    }
    const plutus = this.witnesses.plutus_scripts();
    for (let i = 0; i < (plutus?.len() ?? 0); i += 1) {
      const script = plutus!.get(i);
      available.set(script.hash().to_hex(), { language: script.language_version() });
    }
    for (const { output } of [
      ...this.resolvedOf(this.body.inputs()),
      ...this.resolvedOf(this.body.reference_inputs()),
    ]) {
      const reference = output.script_ref();
      if (reference === undefined) continue;
      const native = reference.native_script();
      const script = reference.plutus_script();
      if (native !== undefined) available.set(native.hash().to_hex(), { native });
      if (script !== undefined)
        available.set(script.hash().to_hex(), { language: script.language_version() });
    }
    return available;
  }

  private scriptIntegrity(): RpcError | undefined {
    const redeemers = this.witnesses.redeemers();
    const datums = this.witnesses.plutus_data();
    const provided = this.body.script_data_hash()?.to_hex() ?? null;
    const hasScriptData = (redeemers?.len() ?? 0) > 0 || (datums?.len() ?? 0) > 0;
    if (!hasScriptData) {
      return provided === null ? undefined : errors.scriptIntegrityHashMismatch(provided, null);
    }
    const needed = this.neededScripts();
    const languages = new Map<number, CSL.Language>();
    for (const [hash, { language }] of this.availableScripts()) {
      if (language !== undefined && needed.has(hash)) languages.set(language.kind(), language);
    }
    const models = CSL.Costmdls.new();
    const parameters = this.parameters.costModels();
    for (const language of languages.values()) {
      const costs = parameters[LANGUAGE_NAMES[language.kind()]!];
      if (costs !== undefined) models.insert(language, costModel(costs));
    }
    const computed = CSL.hash_script_data(redeemers ?? CSL.Redeemers.new(), models, datums).to_hex();
    return provided === computed ? undefined : errors.scriptIntegrityHashMismatch(provided, computed);
  }

  private collateral(): RpcError | undefined {
    if ((this.witnesses.redeemers()?.len() ?? 0) === 0) return undefined;
    const collateral = this.resolvedOf(this.body.collateral());
    if (collateral.length === 0) return errors.missingCollateralInputs();
    const maximum = this.parameters.number('maxCollateralInputs');
    if (collateral.length > maximum) return errors.tooManyCollateralInputs(maximum, collateral.length);
    const byScript = collateral.filter(
      ({ output }) => output.address().payment_cred()?.to_scripthash() !== undefined,
    );
    if (byScript.length > 0)
      return errors.collateralLockedByScript(byScript.map(({ reference }) => reference));
    let balance = CSL.Value.zero();
    for (const { output } of collateral) balance = balance.checked_add(output.amount());
    const collateralReturn = this.body.collateral_return();
    if (collateralReturn !== undefined) balance = balance.clamped_sub(collateralReturn.amount());
    const balanceJson = valueJson(balance);
    if (Object.keys(balanceJson).length > 1) return errors.nonAdaCollateral(balanceJson);
    const provided = BigInt(balance.coin().to_str());
    const fee = BigInt(this.body.fee().to_str());
    const percentage = BigInt(this.parameters.number('collateralPercentage'));
    if (provided * 100n < fee * percentage) {
      return errors.insufficientCollateral(provided, (fee * percentage + 99n) / 100n);
    }
    const declared = this.body.total_collateral();
    if (declared !== undefined && BigInt(declared.to_str()) !== provided) {
      return errors.totalCollateralMismatch(BigInt(declared.to_str()), provided);
    }
    return undefined;
  }

  // ── phase 2 ───────────────────────────────────────────────────────────────────────────────────

  /** Runs every redeemer with @frostline/evaluator; the outcome must agree with the isValid flag. */
  phaseTwo(): RpcError | undefined {
    const redeemers = this.witnesses.redeemers();
    if ((redeemers?.len() ?? 0) === 0) return undefined;
    const maximum = this.parameters.executionUnits();
    const utxos = resolveOgmiosUtxos(
      [...this.resolved.values()].map(({ utxo }) => utxo as unknown as UtxoJson),
    );
    if (!utxos.ok) return utxos.error;
    const outcome = evaluate({
      transaction: this.cbor,
      utxos: utxos.utxos,
      costModels: this.parameters.costModels() as PlutusCostModels,
      maxExecutionUnits: { memory: Number(maximum.memory), cpu: Number(maximum.cpu) } as ExecutionUnits,
      slotConfig: this.view.slotConfig,
    });
    const failure = scriptFailure(outcome, redeemers!);
    if (typeof failure === 'object') return failure;
    const declaredValid = this.tx.is_valid();
    if (declaredValid && failure !== undefined) return errors.spendsMismatch('inputs', failure);
    if (!declaredValid && failure === undefined) {
      return errors.spendsMismatch('collaterals', 'every script of the transaction succeeds');
    }
    return undefined;
  }
}

/** Structural errors the evaluator reports per redeemer that Ogmios' submit reports with the same code. */
const SUBMIT_CODES = new Set([3110, 3111, 3115, 3117]);

/**
 * Why the scripts fail (a reason string), undefined when they all succeed within their declared units,
 * or the Ogmios error for a transaction that cannot be evaluated at all.
 */
function scriptFailure(outcome: EvaluationOutcome, redeemers: CSL.Redeemers): string | RpcError | undefined {
  if ('error' in outcome) {
    if (outcome.error.code !== 3010) return outcome.error as RpcError;
    const failures = outcome.error.data as { validator: unknown; error: RpcError }[];
    const structural = failures.find(({ error }) => SUBMIT_CODES.has(error.code));
    if (structural !== undefined) return structural.error;
    return failures
      .map(({ validator, error }) => `${JSON.stringify(validator)}: ${error.message}`)
      .join('; ');
  }
  const declared = new Map<string, CSL.ExUnits>();
  for (let i = 0; i < redeemers.len(); i += 1) {
    const redeemer = redeemers.get(i);
    declared.set(`${redeemer.tag().kind()}:${redeemer.index().to_str()}`, redeemer.ex_units());
  }
  for (const { validator, budget } of outcome.result) {
    const units = declared.get(`${PURPOSE_TAGS[validator.purpose]}:${validator.index}`);
    if (units === undefined) continue;
    if (
      BigInt(budget.memory) > BigInt(units.mem().to_str()) ||
      BigInt(budget.cpu) > BigInt(units.steps().to_str())
    ) {
      return `${validator.purpose}:${validator.index} needs ${budget.memory} memory and ${budget.cpu} cpu, more than it declares`;
    }
  }
  return undefined;
}

const PURPOSE_TAGS: Record<string, number> = {
  spend: 0,
  mint: 1,
  publish: 2,
  withdraw: 3,
  vote: 4,
  propose: 5,
};
const LANGUAGE_NAMES: Record<number, 'plutus:v1' | 'plutus:v2' | 'plutus:v3'> = {
  0: 'plutus:v1',
  1: 'plutus:v2',
  2: 'plutus:v3',
};

function references(inputs: CSL.TransactionInputs | undefined): OutputReference[] {
  const list: OutputReference[] = [];
  for (let i = 0; i < (inputs?.len() ?? 0); i += 1) {
    const input = inputs!.get(i);
    list.push({ transaction: { id: input.transaction_id().to_hex() }, index: input.index() });
  }
  return list;
}

/** Outputs and the collateral return, with their index in Ogmios' list (the return comes last). */
function outputsOf(body: CSL.TransactionBody): { output: CSL.TransactionOutput; index: number }[] {
  const outputs = [];
  for (let i = 0; i < body.outputs().len(); i += 1) outputs.push({ output: body.outputs().get(i), index: i });
  const collateralReturn = body.collateral_return();
  if (collateralReturn !== undefined) outputs.push({ output: collateralReturn, index: outputs.length });
  return outputs;
}

function forEachCertificate(body: CSL.TransactionBody, visit: (certificate: CSL.Certificate) => void): void {
  const certificates = body.certs();
  for (let i = 0; i < (certificates?.len() ?? 0); i += 1) visit(certificates!.get(i));
}

function scriptSize(reference: CSL.ScriptRef | undefined): number {
  if (reference === undefined) return 0;
  return reference.plutus_script()?.bytes().length ?? reference.native_script()!.to_bytes().length;
}

function withAssets(assets: CSL.MultiAsset): CSL.Value {
  const value = CSL.Value.zero();
  value.set_multiasset(assets);
  return value;
}

/** Ogmios JSON of a CSL value (assets with a zero quantity are left out). */
function valueJson(value: CSL.Value): errors.ValueJson {
  const json: errors.ValueJson = { ada: { lovelace: BigInt(value.coin().to_str()) } };
  const assets = value.multiasset();
  const policies = assets?.keys();
  for (let i = 0; i < (policies?.len() ?? 0); i += 1) {
    const policy = policies!.get(i);
    const names = assets!.get(policy)!;
    for (let j = 0; j < names.keys().len(); j += 1) {
      const name = names.keys().get(j);
      const quantity = BigInt(names.get(name)!.to_str());
      if (quantity === 0n) continue;
      (json[policy.to_hex()] ??= {})[Buffer.from(name.name()).toString('hex')] = quantity;
    }
  }
  return json;
}

function canonical(value: errors.ValueJson): string {
  return Object.entries(value)
    .flatMap(([policy, names]) =>
      Object.entries(names).map(([name, quantity]) => `${policy}.${name}=${quantity}`),
    )
    .sort()
    .join(',');
}

function costModel(costs: readonly (number | bigint)[]): CSL.CostModel {
  const model = CSL.CostModel.new();
  costs.forEach((cost, index) => {
    const magnitude = CSL.BigNum.from_str((cost < 0 ? -BigInt(cost) : BigInt(cost)).toString());
    model.set(index, cost < 0 ? CSL.Int.new_negative(magnitude) : CSL.Int.new(magnitude));
  });
  return model;
}

function toHexKey(key: CSL.PublicKey): string {
  return Buffer.from(key.as_bytes()).toString('hex');
}

/** The address root (blake2b-224 of the spending data) of a Byron address, from its CBOR payload. */
function byronAddressRoot(address: CSL.ByronAddress): string {
  // [tag 24 (bytes [root, attributes, type]), crc]: the root is the 28-byte string at the payload's start.
  const bytes = Buffer.from(address.to_bytes());
  const start = bytes.indexOf(Buffer.from([0x83, 0x58, 0x1c]));
  return bytes.subarray(start + 3, start + 3 + 28).toString('hex');
}

/**
 * Native script semantics (Allegra timelocks); CSL builds native scripts but cannot evaluate them.
 * A time lock holds when the whole validity interval is on its side of the slot.
 */
function nativeScriptHolds(
  script: CSL.NativeScript,
  signers: Set<string>,
  interval: { from?: CSL.BigNum; until?: CSL.BigNum },
): boolean {
  const all = (scripts: CSL.NativeScripts) => {
    const list = [];
    for (let i = 0; i < scripts.len(); i += 1)
      list.push(nativeScriptHolds(scripts.get(i), signers, interval));
    return list;
  };
  const pubkey = script.as_script_pubkey();
  if (pubkey !== undefined) return signers.has(pubkey.addr_keyhash().to_hex());
  const allOf = script.as_script_all();
  if (allOf !== undefined) return all(allOf.native_scripts()).every(Boolean);
  const anyOf = script.as_script_any();
  if (anyOf !== undefined) return all(anyOf.native_scripts()).some(Boolean);
  const atLeast = script.as_script_n_of_k();
  if (atLeast !== undefined) return all(atLeast.native_scripts()).filter(Boolean).length >= atLeast.n();
  const after = script.as_timelock_start();
  if (after !== undefined) {
    return (
      interval.from !== undefined && BigInt(interval.from.to_str()) >= BigInt(after.slot_bignum().to_str())
    );
  }
  const before = script.as_timelock_expiry()!;
  return (
    interval.until !== undefined && BigInt(interval.until.to_str()) <= BigInt(before.slot_bignum().to_str())
  );
}

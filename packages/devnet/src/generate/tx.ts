import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { EraName } from '../convert/index.js';
import { blake2b256, toHex, witness, type ByronKey, type KeyPair } from './keys.js';
import type { Utxo, UtxoPool } from './spendable.js';
import type { Policy, Spender, StakeAccount, Wallet } from './wallets.js';

/** Fee parameters of the network's genesis protocol parameters. */
export interface FeeParameters {
  minFeeA: bigint;
  minFeeB: bigint;
  /** Prices of a memory unit and a cpu step of the redeemers' declared budgets. */
  scriptPrices: CSL.ExUnitPrices;
  /** Conway's price per byte of the reference scripts in spent and referenced outputs. */
  referenceScriptBase: CSL.UnitInterval;
}

export interface OutputDraft {
  to: Wallet;
  lovelace: bigint;
  assets?: Record<string, bigint>;
  /** Inline datum, or a datum hash whose datum goes into the witness set. */
  datum?: { inline: CSL.PlutusData } | { hashOf: CSL.PlutusData };
  script?: CSL.ScriptRef;
  /** Defaults to 'ada' for plain outputs and 'tokens' otherwise. */
  pool?: UtxoPool;
}

export interface MintDraft {
  policy: Policy;
  /** asset name hex → signed quantity. */
  assets: Record<string, bigint>;
}

/** A phase-2-invalid transaction: its script fails, so only the collateral is taken. */
export interface InvalidDraft {
  collateral: Utxo;
  script: CSL.PlutusScript;
  costModels: CSL.Costmdls;
  /** The script-locked input the redeemer points at. */
  scriptInput: Utxo;
}

/** Everything a builder decides; tx.ts adds the change output, fee, witnesses and hashes. */
export interface TxDraft {
  inputs: Utxo[];
  outputs: OutputDraft[];
  /** Receives the remaining lovelace and assets, into `changePool` (default 'ada' / 'tokens'). */
  change: Wallet;
  changePool?: UtxoPool;
  certificates?: CSL.Certificate[];
  /** Deposits paid and refunds received by the certificates (value preservation). */
  deposits?: bigint;
  refunds?: bigint;
  withdrawals?: { account: StakeAccount; amount: bigint }[];
  mint?: MintDraft[];
  metadata?: CSL.GeneralTransactionMetadata;
  /** Signers beyond the input owners (stake, pool, DRep, policy keys). */
  signers?: Spender[];
  invalid?: InvalidDraft;
}

export interface TxContext {
  era: EraName;
  slot: number;
  txOrdinal: number;
  fees: FeeParameters;
  /** Resolves an output's owner to its stake account (pointers only count before Conway). */
  stakeOf: (wallet: Wallet) => StakeAccount | undefined;
  /** The wallet an output's `owner` names. */
  wallet: (name: string) => Wallet;
}

export interface BuiltTx {
  id: string;
  /** Position in the chain (TxContext.txOrdinal). */
  ordinal: number;
  bytes: Uint8Array;
  /** Byte lengths of the parts a block body stores separately (block size). */
  parts: { body: number; witnesses: number; auxiliary: number };
  valid: boolean;
  fee: bigint;
  /** What db-sync records: body fee, or totalCollateral for an invalid transaction. */
  recordedFee: bigint;
  /** Outputs it removes from and adds to the UTxO set. */
  spent: Utxo[];
  created: Utxo[];
  /** Hashes of its witness scripts; none for an invalid transaction, whose witnesses db-sync does not keep. */
  witnessScripts: string[];
}

/**
 * The smallest fee with a 5-byte CBOR encoding, like every real fee (≥ minFeeB): the measured
 * transaction has the final size, or is larger when the smaller change shrinks its encoding.
 */
const FEE_PLACEHOLDER = 0x1_0000n;
const ZERO_SIGNATURE = new Uint8Array(64);
const ZERO_HASH = new Uint8Array(32);
/** Validity window of every transaction, in slots after the block's slot. */
const TTL_SLOTS = 3600;
/**
 * Budget a phase-2-invalid transaction declares for its always-failing script (which fails at once,
 * whatever its budget): within the per-transaction maximum of every preset, as a node requires.
 */
const FAILING_SCRIPT_BUDGET = { memory: 1_000_000n, cpu: 1_000_000_000n };

/**
 * Builds, sizes, pays and signs a transaction with CSL. The parts that do not depend on the fee are built
 * once; the body is assembled twice: with a placeholder fee and dummy signatures to measure the size, then
 * with the ledger's minimum fee (minFeeA × size + minFeeB, the redeemers' budgets at the script prices and,
 * in Conway, the reference scripts of the spent outputs) and real signatures (ed25519 via node:crypto from
 * the same keys).
 */
export function buildTransaction(draft: TxDraft, ctx: TxContext): BuiltTx {
  const signers = collectSigners(draft, ctx);
  const parts = fixedParts(draft, ctx, signers);
  const measured = assemble(parts, draft, ctx, FEE_PLACEHOLDER, signers, undefined);
  // CBOR of `[body, witness set, isValid, auxiliary data / null]`: a 1-byte array head and isValid.
  const size = 2 + measured.parts.body + measured.parts.witnesses + (measured.parts.auxiliary || 1);
  const fee = minimumFee(size, CSL.Transaction.new(measured.body, parts.witnesses), draft, ctx);
  const final = assemble(parts, draft, ctx, fee, signers, (hash) =>
    signers.keys.map((key) => witness(key, hash)),
  );
  // Transaction.new takes the auxiliary data by value: the JS handle is unusable afterwards.
  const tx = CSL.Transaction.new(final.body, parts.witnesses, parts.auxiliary);
  if (draft.invalid !== undefined) tx.set_is_valid(false);
  const bytes = tx.to_bytes();
  const id = final.id;
  const created = final.outputs.map((output, index) => ({ ...output, txId: id, index }));
  const valid = draft.invalid === undefined;
  return {
    id,
    ordinal: ctx.txOrdinal,
    bytes,
    parts: final.parts,
    valid,
    fee,
    recordedFee: valid ? fee : final.totalCollateral,
    spent: valid ? draft.inputs : [draft.invalid!.collateral],
    // An invalid transaction creates only its collateral return, at index = number of outputs.
    created: valid ? created : [created.at(-1)!],
    witnessScripts: valid ? signers.scripts.map((script) => script.hash().to_hex()) : [],
  };
}

interface Bootstrap {
  key: ByronKey;
  address: CSL.ByronAddress;
}

interface Signers {
  keys: KeyPair[];
  scripts: CSL.NativeScript[];
  /** Byron addresses spent, one bootstrap witness each */
  bootstraps: Bootstrap[];
}

function collectSigners(draft: TxDraft, ctx: TxContext): Signers {
  const keys = new Map<string, KeyPair>();
  const scripts = new Map<string, CSL.NativeScript>();
  const bootstraps = new Map<string, Bootstrap>();
  const add = (spender: Spender) => {
    spender.keys.forEach((key) => keys.set(key.hashHex, key));
    if (spender.script !== undefined) scripts.set(spender.script.hash().to_hex(), spender.script);
    if (spender.byron?.kind === 'icarus') bootstraps.set(spender.byron.address.to_base58(), spender.byron);
  };
  const spent = draft.invalid === undefined ? draft.inputs : [draft.invalid.collateral];
  for (const utxo of spent) add(ctx.wallet(utxo.owner).spender);
  draft.signers?.forEach(add);
  draft.mint?.forEach(({ policy }) => add({ keys: [policy.key], script: policy.script }));
  return { keys: [...keys.values()], scripts: [...scripts.values()], bootstraps: [...bootstraps.values()] };
}

type PendingOutput = Omit<Utxo, 'txId' | 'index'>;

/** Everything but the fee, the change (and collateral return) and the signatures. */
interface FixedParts {
  inputs: CSL.TransactionInputs;
  outputs: { output: CSL.TransactionOutput; utxo: PendingOutput }[];
  certificates?: CSL.Certificates;
  withdrawals?: CSL.Withdrawals;
  mint?: CSL.Mint;
  auxiliary?: CSL.AuxiliaryData;
  auxiliaryHash?: CSL.AuxiliaryDataHash;
  auxiliarySize: number;
  collateral?: CSL.TransactionInputs;
  scriptDataHash?: CSL.ScriptDataHash;
  /** Scripts, datums and redeemers; the vkey witnesses are set by each pass. */
  witnesses: CSL.TransactionWitnessSet;
}

function fixedParts(draft: TxDraft, ctx: TxContext, signers: Signers): FixedParts {
  const outputs = [];
  const witnessDatums: CSL.PlutusData[] = [];
  for (const draftOutput of draft.outputs) {
    const { output, utxo, witnessDatum } = buildOutput(draftOutput, ctx);
    outputs.push({ output, utxo });
    if (witnessDatum !== undefined) witnessDatums.push(witnessDatum);
  }
  const parts: FixedParts = {
    inputs: inputsOf(draft.inputs),
    outputs,
    auxiliarySize: 0,
    witnesses: CSL.TransactionWitnessSet.new(),
  };
  if (draft.certificates !== undefined && draft.certificates.length > 0) {
    parts.certificates = CSL.Certificates.new();
    draft.certificates.forEach((certificate) => parts.certificates!.add(certificate));
  }
  if (draft.withdrawals !== undefined && draft.withdrawals.length > 0) {
    parts.withdrawals = CSL.Withdrawals.new();
    draft.withdrawals.forEach(({ account, amount }) =>
      parts.withdrawals!.insert(account.rewardAddress, bigNum(amount)),
    );
  }
  if (draft.mint !== undefined && draft.mint.length > 0) parts.mint = mintOf(draft.mint);
  if (draft.metadata !== undefined) {
    parts.auxiliary = CSL.AuxiliaryData.new();
    parts.auxiliary.set_metadata(draft.metadata);
    parts.auxiliaryHash = CSL.hash_auxiliary_data(parts.auxiliary);
    parts.auxiliarySize = parts.auxiliary.to_bytes().length;
  }

  let redeemers: CSL.Redeemers | undefined;
  if (draft.invalid !== undefined) {
    const { collateral, script, scriptInput } = draft.invalid;
    parts.collateral = inputsOf([collateral]);
    const scripts = CSL.PlutusScripts.new();
    scripts.add(script);
    parts.witnesses.set_plutus_scripts(scripts);
    redeemers = CSL.Redeemers.new();
    redeemers.add(
      CSL.Redeemer.new(
        CSL.RedeemerTag.new_spend(),
        bigNum(BigInt(spendIndex(draft.inputs, scriptInput))),
        CSL.PlutusData.new_integer(CSL.BigInt.from_str('42')),
        CSL.ExUnits.new(bigNum(FAILING_SCRIPT_BUDGET.memory), bigNum(FAILING_SCRIPT_BUDGET.cpu)),
      ),
    );
    parts.witnesses.set_redeemers(redeemers);
  }
  if (witnessDatums.length > 0 || redeemers !== undefined) {
    const datums = CSL.PlutusList.new();
    witnessDatums.forEach((datum) => datums.add(datum));
    if (witnessDatums.length > 0) parts.witnesses.set_plutus_data(datums);
    parts.scriptDataHash = CSL.hash_script_data(
      redeemers ?? CSL.Redeemers.new(),
      draft.invalid?.costModels ?? CSL.Costmdls.new(),
      witnessDatums.length > 0 ? datums : undefined,
    );
  }
  if (signers.scripts.length > 0) {
    const scripts = CSL.NativeScripts.new();
    signers.scripts.forEach((script) => scripts.add(script));
    parts.witnesses.set_native_scripts(scripts);
  }
  return parts;
}

interface Assembled {
  body: CSL.TransactionBody;
  id: string;
  parts: BuiltTx['parts'];
  outputs: PendingOutput[];
  totalCollateral: bigint;
}

/** The body for `fee`, with the change (and collateral return) it leaves, and the signed witness set. */
function assemble(
  parts: FixedParts,
  draft: TxDraft,
  ctx: TxContext,
  fee: bigint,
  signers: Signers,
  sign: ((bodyHash: Uint8Array) => CSL.Vkeywitness[]) | undefined,
): Assembled {
  const outputs = CSL.TransactionOutputs.new();
  parts.outputs.forEach(({ output }) => outputs.add(output));
  const change = buildOutput(changeOutput(draft, fee), ctx);
  outputs.add(change.output);
  const pending = [...parts.outputs.map(({ utxo }) => utxo), change.utxo];
  const body = CSL.TransactionBody.new_tx_body(parts.inputs, outputs, bigNum(fee));
  body.set_ttl(bigNum(BigInt(ctx.slot + TTL_SLOTS)));
  // A native script's time-lock start ("after slot N") only holds with a lower validity bound.
  if (signers.scripts.length > 0) body.set_validity_start_interval_bignum(bigNum(BigInt(ctx.slot)));
  if (parts.certificates !== undefined) body.set_certs(parts.certificates);
  if (parts.withdrawals !== undefined) body.set_withdrawals(parts.withdrawals);
  if (parts.mint !== undefined) body.set_mint(parts.mint);
  if (parts.auxiliaryHash !== undefined) body.set_auxiliary_data_hash(parts.auxiliaryHash);
  let totalCollateral = 0n;
  if (draft.invalid !== undefined) {
    // Collateral covers 150 % of the fee (collateralPercentage), rounded up; the rest comes back.
    totalCollateral = (fee * 3n + 1n) / 2n;
    body.set_collateral(parts.collateral!);
    const back = buildOutput(
      {
        to: draft.change,
        lovelace: draft.invalid.collateral.lovelace - totalCollateral,
        pool: draft.changePool ?? 'ada',
      },
      ctx,
    );
    body.set_collateral_return(back.output);
    body.set_total_collateral(bigNum(totalCollateral));
    pending.push(back.utxo);
  }
  if (parts.scriptDataHash !== undefined) body.set_script_data_hash(parts.scriptDataHash);

  const bodyBytes = body.to_bytes();
  // Only the final pass needs the real body hash (id and signatures); the measuring pass signs zeros.
  const bodyHash = sign === undefined ? ZERO_HASH : blake2b256(bodyBytes);
  const signatures =
    sign?.(bodyHash) ??
    signers.keys.map((key) =>
      CSL.Vkeywitness.new(CSL.Vkey.new(key.publicKey), CSL.Ed25519Signature.from_bytes(ZERO_SIGNATURE)),
    );
  const vkeys = CSL.Vkeywitnesses.new();
  signatures.forEach((signature) => vkeys.add(signature));
  if (signatures.length > 0) parts.witnesses.set_vkeys(vkeys);
  if (signers.bootstraps.length > 0) {
    const bootstraps = CSL.BootstrapWitnesses.new();
    for (const { key, address } of signers.bootstraps) {
      bootstraps.add(
        sign === undefined
          ? CSL.BootstrapWitness.new(
              CSL.Vkey.new(key.privateKey.to_public().to_raw_key()),
              CSL.Ed25519Signature.from_bytes(ZERO_SIGNATURE),
              key.privateKey.to_public().chaincode(),
              address.attributes(),
            )
          : CSL.make_icarus_bootstrap_witness(
              CSL.TransactionHash.from_bytes(bodyHash),
              address,
              key.privateKey,
            ),
      );
    }
    parts.witnesses.set_bootstraps(bootstraps);
  }
  return {
    body,
    id: toHex(bodyHash),
    parts: {
      body: bodyBytes.length,
      witnesses: parts.witnesses.to_bytes().length,
      auxiliary: parts.auxiliarySize,
    },
    outputs: pending,
    totalCollateral,
  };
}

/** Lovelace and assets left after outputs, fee and deposits go back to the change wallet. */
function changeOutput(draft: TxDraft, fee: bigint): OutputDraft {
  let lovelace = -fee - (draft.deposits ?? 0n) + (draft.refunds ?? 0n);
  const assets: Record<string, bigint> = {};
  const addAssets = (from: Readonly<Record<string, bigint>>, sign: bigint) => {
    for (const [unit, quantity] of Object.entries(from))
      assets[unit] = (assets[unit] ?? 0n) + sign * quantity;
  };
  for (const input of draft.inputs) {
    lovelace += input.lovelace;
    addAssets(input.assets, 1n);
  }
  draft.withdrawals?.forEach(({ amount }) => (lovelace += amount));
  for (const { policy, assets: minted } of draft.mint ?? []) {
    for (const [name, quantity] of Object.entries(minted)) addAssets({ [policy.idHex + name]: quantity }, 1n);
  }
  for (const output of draft.outputs) {
    lovelace -= output.lovelace;
    addAssets(output.assets ?? {}, -1n);
  }
  for (const [unit, quantity] of Object.entries(assets)) {
    if (quantity < 0n) throw new Error(`transaction spends more ${unit} than it has`);
    if (quantity === 0n) delete assets[unit];
  }
  if (lovelace < 1_000_000n) throw new Error(`change of ${lovelace} lovelace is below the minimum`);
  const sorted = Object.fromEntries(Object.entries(assets).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { to: draft.change, lovelace, assets: sorted, pool: draft.changePool };
}

function buildOutput(
  draft: OutputDraft,
  ctx: TxContext,
): { output: CSL.TransactionOutput; utxo: PendingOutput; witnessDatum?: CSL.PlutusData } {
  const assets = draft.assets ?? {};
  const output = CSL.TransactionOutput.new(draft.to.address, valueOf(draft.lovelace, assets));
  const utxo: PendingOutput = {
    txOrdinal: ctx.txOrdinal,
    address: draft.to.bech32,
    owner: draft.to.name,
    lovelace: draft.lovelace,
    assets,
    pool:
      draft.pool ??
      (Object.keys(assets).length > 0 || draft.datum !== undefined || draft.script !== undefined
        ? 'tokens'
        : 'ada'),
  };
  const stake = ctx.stakeOf(draft.to);
  if (stake !== undefined) utxo.stakeAddress = stake.stakeAddress;
  let witnessDatum: CSL.PlutusData | undefined;
  if (draft.datum !== undefined && 'inline' in draft.datum) {
    output.set_plutus_data(draft.datum.inline);
    utxo.inlineDatum = draft.datum.inline.to_hex();
  } else if (draft.datum !== undefined) {
    const hash = CSL.hash_plutus_data(draft.datum.hashOf);
    output.set_data_hash(hash);
    utxo.datumHash = hash.to_hex();
    witnessDatum = draft.datum.hashOf;
  }
  if (draft.script !== undefined) {
    output.set_script_ref(draft.script);
    utxo.referenceScriptHash = scriptRefHash(draft.script);
    utxo.referenceScriptSize = scriptRefSize(draft.script);
  }
  return { output, utxo, witnessDatum };
}

function scriptRefHash(script: CSL.ScriptRef): string {
  return (script.native_script()?.hash() ?? script.plutus_script()!.hash()).to_hex();
}

/** What the Conway fee counts of a reference script: its serialised bytes (a Plutus script's flat CBOR). */
function scriptRefSize(script: CSL.ScriptRef): number {
  return script.plutus_script()?.bytes().length ?? script.native_script()!.to_bytes().length;
}

/** The ledger's minimum fee of a transaction of `size` bytes (`measured` has its redeemers). */
function minimumFee(size: number, measured: CSL.Transaction, draft: TxDraft, ctx: TxContext): bigint {
  const { minFeeA, minFeeB, scriptPrices, referenceScriptBase } = ctx.fees;
  let fee = minFeeA * BigInt(size) + minFeeB + BigInt(CSL.min_script_fee(measured, scriptPrices).to_str());
  const referenceScripts = draft.inputs.reduce((total, utxo) => total + (utxo.referenceScriptSize ?? 0), 0);
  if (ctx.era === 'conway' && referenceScripts > 0)
    fee += BigInt(CSL.min_ref_script_fee(referenceScripts, referenceScriptBase).to_str());
  return fee;
}

/** Redeemer index of a spent input: its position in the ledger's sorted input set. */
function spendIndex(inputs: Utxo[], target: Utxo): number {
  const sorted = [...inputs].sort((a, b) =>
    a.txId === b.txId ? a.index - b.index : a.txId < b.txId ? -1 : 1,
  );
  return sorted.findIndex((utxo) => utxo.txId === target.txId && utxo.index === target.index);
}

function inputsOf(utxos: Utxo[]): CSL.TransactionInputs {
  const inputs = CSL.TransactionInputs.new();
  for (const utxo of utxos)
    inputs.add(CSL.TransactionInput.new(CSL.TransactionHash.from_hex(utxo.txId), utxo.index));
  return inputs;
}

function valueOf(lovelace: bigint, assets: Readonly<Record<string, bigint>>): CSL.Value {
  const value = CSL.Value.new(bigNum(lovelace));
  const units = Object.keys(assets);
  if (units.length === 0) return value;
  const multiAsset = CSL.MultiAsset.new();
  for (const unit of units) {
    multiAsset.set_asset(
      CSL.ScriptHash.from_hex(unit.slice(0, 56)),
      CSL.AssetName.new(hexBytes(unit.slice(56))),
      bigNum(assets[unit]!),
    );
  }
  value.set_multiasset(multiAsset);
  return value;
}

function mintOf(drafts: MintDraft[]): CSL.Mint {
  const mint = CSL.Mint.new();
  for (const { policy, assets } of drafts) {
    const mintAssets = CSL.MintAssets.new();
    for (const [name, quantity] of Object.entries(assets)) {
      const amount = quantity < 0n ? CSL.Int.new_negative(bigNum(-quantity)) : CSL.Int.new(bigNum(quantity));
      mintAssets.insert(CSL.AssetName.new(hexBytes(name)), amount);
    }
    mint.insert(policy.script.hash(), mintAssets);
  }
  return mint;
}

export function bigNum(value: bigint): CSL.BigNum {
  return CSL.BigNum.from_str(value.toString());
}

export function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

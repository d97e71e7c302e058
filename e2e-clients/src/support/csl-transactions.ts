import type { BlockFrostAPI } from '@blockfrost/blockfrost-js';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { DemoWallet } from '@frostline/devnet';
import { ALWAYS_SUCCEEDS_V3 } from './script.js';

// blockfrost-js has no wallet or builder: its users build and sign with CSL, from the parameters and
// UTxOs blockfrost-js reads. This is that code, for one key's enterprise address on the custom network.

export type ProtocolParameters = Awaited<ReturnType<BlockFrostAPI['epochsLatestParameters']>>;
type Utxo = Awaited<ReturnType<BlockFrostAPI['addressesUtxosAll']>>[number];

export const bigNum = (value: string | number | bigint) => CSL.BigNum.from_str(String(value));
export const lovelace = (amount: string | bigint) => CSL.Value.new(bigNum(amount));
export const hashOf = (tx: CSL.Transaction) =>
  CSL.FixedTransaction.new_from_body_bytes(tx.body().to_bytes()).transaction_hash();

export const SCRIPT = CSL.PlutusScript.new_v3(Buffer.from(ALWAYS_SUCCEEDS_V3, 'hex'));
/** Units SCRIPT never exceeds, declared without an evaluation (the fee pays for all of them). */
export const SCRIPT_UNITS = CSL.ExUnits.new(bigNum(1_000_000), bigNum(500_000_000));
export const scriptAddress = CSL.EnterpriseAddress.new(
  0,
  CSL.Credential.from_scripthash(SCRIPT.hash()),
).to_address();
const UNIT = CSL.PlutusData.from_hex('d87980');

/** An output spent by a transaction: where it is and its lovelace (it holds nothing else). */
export interface Owned {
  input: CSL.TransactionInput;
  lovelace: string;
}

export const owned = (utxos: Utxo[]): Owned[] =>
  utxos.map((utxo) => ({
    input: CSL.TransactionInput.new(CSL.TransactionHash.from_hex(utxo.tx_hash), utxo.output_index),
    lovelace: utxo.amount.find((amount) => amount.unit === 'lovelace')!.quantity,
  }));

/**
 * What a transaction spends, mints and pays. Running the script (to spend `spends` or to mint the
 * `mints` asset names under its policy) takes collateral and the units of its one redeemer.
 */
export interface Spec {
  inputs: Owned[];
  outputs?: CSL.TransactionOutput[];
  script?: ScriptRun & { exUnits: CSL.ExUnits };
  /** certificates whose credential is the wallet's key (its signature witnesses them) */
  certificates?: CSL.Certificate[];
  metadata?: CSL.GeneralTransactionMetadata;
  /** governance actions proposed, each with its deposit */
  proposals?: CSL.VotingProposal[];
  /** votes cast by voters whose credential is the wallet's key */
  votes?: CSL.VotingBuilder;
  /** key hashes whose signatures the body requires (the wallet's: it signs anyway) */
  requiredSigners?: CSL.Ed25519KeyHash[];
  /** other keys that sign beside the wallet's, for the certificates and votes that name them */
  signers?: CSL.PrivateKey[];
  /** where the change goes (another address of the wallet's key); the wallet's address by default */
  change?: CSL.Address;
}

export interface ScriptRun {
  spends?: Owned;
  mints?: string[];
  collateral: Owned;
}

/** Blockfrost's decimal prices as the exact fraction CSL wants (they have at most 8 decimals). */
const ratio = (value: number) => CSL.UnitInterval.new(bigNum(Math.round(value * 1e8)), bigNum(1e8));

function builderConfig(parameters: ProtocolParameters): CSL.TransactionBuilderConfig {
  return CSL.TransactionBuilderConfigBuilder.new()
    .fee_algo(CSL.LinearFee.new(bigNum(parameters.min_fee_a), bigNum(parameters.min_fee_b)))
    .pool_deposit(bigNum(parameters.pool_deposit))
    .key_deposit(bigNum(parameters.key_deposit))
    .max_value_size(Number(parameters.max_val_size))
    .max_tx_size(parameters.max_tx_size)
    .coins_per_utxo_byte(bigNum(parameters.coins_per_utxo_size!))
    .ex_unit_prices(CSL.ExUnitPrices.new(ratio(parameters.price_mem!), ratio(parameters.price_step!)))
    .ref_script_coins_per_byte(ratio(parameters.min_fee_ref_script_cost_per_byte!))
    .build();
}

function costModels(parameters: ProtocolParameters): CSL.Costmdls {
  const model = CSL.CostModel.new();
  (parameters.cost_models_raw!.PlutusV3 as number[]).forEach((cost, index) =>
    model.set(index, CSL.Int.from_str(String(cost))),
  );
  const models = CSL.Costmdls.new();
  models.insert(CSL.Language.new_plutus_v3(), model);
  return models;
}

/** A wallet of one normal ed25519 key, at its enterprise address. */
export function cslWallet(key: CSL.PrivateKey) {
  const address = CSL.EnterpriseAddress.new(
    0,
    CSL.Credential.from_keyhash(key.to_public().hash()),
  ).to_address();

  /** Builds with CSL's TransactionBuilder, the change back to the wallet, and signs. */
  function build(
    parameters: ProtocolParameters,
    {
      inputs,
      outputs = [],
      script,
      certificates = [],
      metadata,
      proposals = [],
      votes,
      requiredSigners = [],
      signers = [],
      change = address,
    }: Spec,
  ): CSL.Transaction {
    const builder = CSL.TransactionBuilder.new(builderConfig(parameters));
    const txInputs = CSL.TxInputsBuilder.new();
    for (const input of inputs) txInputs.add_regular_input(address, input.input, lovelace(input.lovelace));
    if (script) {
      const redeemer = (tag: CSL.RedeemerTag) => CSL.Redeemer.new(tag, bigNum(0), UNIT, script.exUnits);
      if (script.spends) {
        const witness = CSL.PlutusWitness.new_without_datum(SCRIPT, redeemer(CSL.RedeemerTag.new_spend()));
        txInputs.add_plutus_script_input(witness, script.spends.input, lovelace(script.spends.lovelace));
      }
      if (script.mints) {
        const source = CSL.PlutusScriptSource.new(SCRIPT);
        const witness = CSL.MintWitness.new_plutus_script(source, redeemer(CSL.RedeemerTag.new_mint()));
        const mint = CSL.MintBuilder.new();
        for (const name of script.mints)
          mint.add_asset(witness, CSL.AssetName.new(Buffer.from(name, 'hex')), CSL.Int.new_i32(1));
        builder.set_mint_builder(mint);
      }
      const collateral = CSL.TxInputsBuilder.new();
      collateral.add_regular_input(address, script.collateral.input, lovelace(script.collateral.lovelace));
      builder.set_collateral(collateral);
    }
    builder.set_inputs(txInputs);
    for (const output of outputs) builder.add_output(output);
    if (certificates.length > 0) {
      const certs = CSL.CertificatesBuilder.new();
      for (const certificate of certificates) certs.add(certificate);
      builder.set_certs_builder(certs);
    }
    if (proposals.length > 0) {
      const proposalBuilder = CSL.VotingProposalBuilder.new();
      for (const proposal of proposals) proposalBuilder.add(proposal);
      builder.set_voting_proposal_builder(proposalBuilder);
    }
    if (votes) builder.set_voting_builder(votes);
    for (const signer of requiredSigners) builder.add_required_signer(signer);
    if (metadata) {
      const auxiliary = CSL.AuxiliaryData.new();
      auxiliary.set_metadata(metadata);
      builder.set_auxiliary_data(auxiliary);
    }
    if (script) builder.calc_script_data_hash(costModels(parameters));
    builder.add_change_if_needed(change);
    const unsigned = builder.build_tx();
    const witnesses = unsigned.witness_set();
    const vkeys = CSL.Vkeywitnesses.new();
    for (const signer of [key, ...signers]) vkeys.add(CSL.make_vkey_witness(hashOf(unsigned), signer));
    witnesses.set_vkeys(vkeys);
    return CSL.Transaction.new(unsigned.body(), witnesses, unsigned.auxiliary_data());
  }

  const stakeCredential = CSL.Credential.from_keyhash(key.to_public().hash());
  const stakeAddress = CSL.RewardAddress.new(0, stakeCredential).to_address().to_bech32();
  return { address, bech32: address.to_bech32(), build, stakeCredential, stakeAddress };
}

type Wallet = ReturnType<typeof cslWallet>;

/**
 * A pool registration whose operator, owner and reward account are the wallet's key, so the wallet's
 * one signature witnesses it all; the pool's id is the key's hash.
 */
export function ownPoolRegistration(wallet: Wallet, parameters: ProtocolParameters) {
  const operator = wallet.stakeCredential.to_keyhash()!;
  const owners = CSL.Ed25519KeyHashes.new();
  owners.add(operator);
  const pool = CSL.PoolParams.new(
    operator,
    CSL.VRFKeyHash.from_bytes(Buffer.alloc(32, 7)),
    bigNum(0),
    bigNum(parameters.min_pool_cost),
    CSL.UnitInterval.new(bigNum(1), bigNum(100)),
    CSL.RewardAddress.new(0, wallet.stakeCredential),
    owners,
    CSL.Relays.new(),
  );
  return {
    certificate: CSL.Certificate.new_pool_registration(CSL.PoolRegistration.new(pool)),
    poolId: operator.to_bech32('pool'),
  };
}

/**
 * A registration of a demo wallet's pool (`npm start` prints its keys) whose owner and reward account are the
 * wallet's key: the live devnet forges the pool's blocks once stake is delegated to it, so it earns rewards. The
 * pool's cold key signs beside the wallet's.
 */
export function demoPoolRegistration(
  wallet: Wallet,
  pool: DemoWallet['pool'],
  parameters: ProtocolParameters,
) {
  const cold = CSL.PrivateKey.from_bech32(pool.coldSigningKey);
  const operator = cold.to_public().hash();
  const owners = CSL.Ed25519KeyHashes.new();
  owners.add(wallet.stakeCredential.to_keyhash()!);
  const params = CSL.PoolParams.new(
    operator,
    CSL.VRFKeyHash.from_hex(pool.vrfKeyHash),
    bigNum(0),
    bigNum(parameters.min_pool_cost),
    CSL.UnitInterval.new(bigNum(1), bigNum(100)),
    CSL.RewardAddress.new(0, wallet.stakeCredential),
    owners,
    CSL.Relays.new(),
  );
  return {
    certificate: CSL.Certificate.new_pool_registration(CSL.PoolRegistration.new(params)),
    operator,
    poolId: operator.to_bech32('pool'),
    signer: cold,
  };
}

/** The metadata a certified transaction carries: label 674 (CIP-20's message) as JSON. */
export const CERTIFIED_METADATA = { msg: ['frostline'] };

/**
 * A transaction body's extras that register the wallet's key as a stake credential and delegate it to
 * the wallet's own pool (ownPoolRegistration), with metadata and the key as a required signer.
 */
export function certifiedSpec(wallet: Wallet): Pick<Spec, 'certificates' | 'metadata' | 'requiredSigners'> {
  const operator = wallet.stakeCredential.to_keyhash()!;
  const metadata = CSL.GeneralTransactionMetadata.new();
  metadata.insert(bigNum(674), CSL.encode_json_str_to_metadatum(JSON.stringify(CERTIFIED_METADATA), 1));
  return {
    certificates: [
      CSL.Certificate.new_stake_registration(CSL.StakeRegistration.new(wallet.stakeCredential)),
      CSL.Certificate.new_stake_delegation(CSL.StakeDelegation.new(wallet.stakeCredential, operator)),
    ],
    metadata,
    requiredSigners: [operator],
  };
}

const anchor = (name: string) =>
  CSL.Anchor.new(
    CSL.URL.new(`https://frostline.invalid/${name}.json`),
    CSL.AnchorDataHash.from_hex('22'.repeat(32)),
  );

/**
 * A body's extras that register the wallet's key as a DRep, delegate the vote of its stake credential
 * (registered by certifiedSpec) to it, and propose an info action whose deposit returns to that stake
 * address. The devnet has no DRep until someone registers one.
 */
export function drepSpec(
  wallet: Wallet,
  parameters: ProtocolParameters,
): Pick<Spec, 'certificates' | 'proposals'> {
  const drep = CSL.DRep.new_key_hash(wallet.stakeCredential.to_keyhash()!);
  return {
    certificates: [
      CSL.Certificate.new_drep_registration(
        CSL.DRepRegistration.new_with_anchor(
          wallet.stakeCredential,
          bigNum(parameters.drep_deposit!),
          anchor('drep'),
        ),
      ),
      CSL.Certificate.new_vote_delegation(CSL.VoteDelegation.new(wallet.stakeCredential, drep)),
    ],
    proposals: [
      CSL.VotingProposal.new(
        CSL.GovernanceAction.new_info_action(CSL.InfoAction.new()),
        anchor('info'),
        CSL.RewardAddress.new(0, wallet.stakeCredential),
        bigNum(parameters.gov_action_deposit!),
      ),
    ],
  };
}

/** The wallet's DRep's yes on a proposal: the transaction that made it and its index there. */
export function drepYes(wallet: Wallet, txHash: string, index: number): CSL.VotingBuilder {
  const votes = CSL.VotingBuilder.new();
  votes.add(
    CSL.Voter.new_drep_credential(wallet.stakeCredential),
    CSL.GovernanceActionId.new(CSL.TransactionHash.from_hex(txHash), index),
    CSL.VotingProcedure.new(CSL.VoteKind.Yes),
  );
  return votes;
}

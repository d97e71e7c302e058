import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { DemoWallet } from '../networks/demo-wallets.js';

/**
 * What a test of staking or governance on the live devnet signs with, as a user of `npm start` does
 * with a demo wallet's mnemonic (CIP-1852/CIP-105 keys) and CSL's transaction builder: the devnet's
 * own tests at the Ogmios level and the API's whole-stack tests share it.
 */

/** One Ogmios JSON-RPC call; rejects with the error when Ogmios answers one. */
// Ogmios' answers are read field by field in the tests, as JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OgmiosCall = (method: string, params?: object) => Promise<any>;

export interface Signer {
  key: CSL.PrivateKey;
}

export const bigNum = (amount: bigint | number | string) => CSL.BigNum.from_str(String(amount));

const hardened = (index: number) => 0x80000000 + index;

/** The wallet's account 0 keys by role, its pool's cold key and the addresses and credentials they make. */
export function demoAccount(wallet: DemoWallet) {
  const account = CSL.Bip32PrivateKey.from_bip39_entropy(
    mnemonicToEntropy(wallet.mnemonic, wordlist),
    new Uint8Array(),
  )
    .derive(hardened(1852))
    .derive(hardened(1815))
    .derive(hardened(0));
  const role = (index: number) => {
    const key = account.derive(index).derive(0).to_raw_key();
    return { key, hash: key.to_public().hash() };
  };
  const stake = role(2);
  const stakeCredential = CSL.Credential.from_keyhash(stake.hash);
  const poolCold = CSL.PrivateKey.from_bech32(wallet.pool.coldSigningKey);
  return {
    wallet,
    payment: role(0),
    stake,
    drep: role(3),
    committeeCold: role(4),
    committeeHot: role(5),
    /** The plain signing key (`wallet.signingKey`). */
    operator: { key: CSL.PrivateKey.from_bech32(wallet.signingKey) },
    /** The demo pool's cold key: the live forger holds its keys, so a pool registered with it makes blocks. */
    pool: { key: poolCold, hash: poolCold.to_public().hash(), id: wallet.pool.id },
    address: CSL.Address.from_bech32(wallet.mnemonicAddress),
    stakeCredential,
    rewardAddress: CSL.RewardAddress.new(0, stakeCredential),
  };
}
export type DemoAccount = ReturnType<typeof demoAccount>;

/** An anchor at a URL no test fetches. */
export function anchor(name: string): CSL.Anchor {
  return CSL.Anchor.new(
    CSL.URL.new(`https://frostline.invalid/${name}.json`),
    CSL.AnchorDataHash.from_hex('22'.repeat(32)),
  );
}

/**
 * Builds a transaction spending the account's first output at its base address (its change back
 * there), lets `extend` add certificates, proposals, votes or withdrawals, signs it with `signers` and
 * submits it; resolves with its id once the devnet accepted it into the mempool.
 */
export async function submitFromAccount(
  call: OgmiosCall,
  account: DemoAccount,
  extend: (builder: CSL.TransactionBuilder) => void,
  signers: Signer[],
): Promise<string> {
  const parameters = await call('queryLedgerState/protocolParameters');
  const lovelace = (value: { ada: { lovelace: number } }) => bigNum(value.ada.lovelace);
  const builder = CSL.TransactionBuilder.new(
    CSL.TransactionBuilderConfigBuilder.new()
      .fee_algo(CSL.LinearFee.new(bigNum(parameters.minFeeCoefficient), lovelace(parameters.minFeeConstant)))
      .pool_deposit(lovelace(parameters.stakePoolDeposit))
      .key_deposit(lovelace(parameters.stakeCredentialDeposit))
      .max_value_size(parameters.maxValueSize.bytes)
      .max_tx_size(parameters.maxTransactionSize.bytes)
      .coins_per_utxo_byte(bigNum(parameters.minUtxoDepositCoefficient))
      .ex_unit_prices(
        CSL.ExUnitPrices.new(
          CSL.UnitInterval.new(bigNum(0), bigNum(1)),
          CSL.UnitInterval.new(bigNum(0), bigNum(1)),
        ),
      )
      .ref_script_coins_per_byte(
        CSL.UnitInterval.new(bigNum(parameters.minFeeReferenceScripts.base), bigNum(1)),
      )
      .build(),
  );
  const [utxo] = await call('queryLedgerState/utxo', { addresses: [account.wallet.mnemonicAddress] });
  builder.add_regular_input(
    account.address,
    CSL.TransactionInput.new(CSL.TransactionHash.from_hex(utxo.transaction.id), utxo.index),
    CSL.Value.new(bigNum(utxo.value.ada.lovelace)),
  );
  extend(builder);
  builder.add_change_if_needed(account.address);
  const body = builder.build();
  const hash = CSL.FixedTransaction.new_from_body_bytes(body.to_bytes()).transaction_hash();
  const vkeys = CSL.Vkeywitnesses.new();
  signers.forEach(({ key }) => vkeys.add(CSL.make_vkey_witness(hash, key)));
  const witnesses = CSL.TransactionWitnessSet.new();
  witnesses.set_vkeys(vkeys);
  const cbor = CSL.Transaction.new(body, witnesses).to_bytes();
  const { transaction } = await call('submitTransaction', {
    transaction: { cbor: Buffer.from(cbor).toString('hex') },
  });
  if (transaction.id !== hash.to_hex())
    throw new Error(`the devnet named ${hash.to_hex()} ${transaction.id}`);
  return transaction.id as string;
}

/** Registers the account's stake key with the deposit the protocol parameters ask. */
export function stakeRegistration(account: DemoAccount, deposit: bigint | number): CSL.Certificate {
  return CSL.Certificate.new_reg_cert(
    CSL.StakeRegistration.new_with_explicit_deposit(account.stakeCredential, bigNum(deposit)),
  );
}

/**
 * Registers a pool with no pledge and no margin at `cost`, paying the account's reward address and
 * owned by its stake key: `cold` names the pool, `vrfKeyHash` (hex) the VRF key it forges with.
 */
export function poolRegistration(
  account: DemoAccount,
  cold: CSL.Ed25519KeyHash,
  vrfKeyHash: string,
  cost: bigint | number,
): CSL.Certificate {
  const owners = CSL.Ed25519KeyHashes.new();
  owners.add(account.stake.hash);
  return CSL.Certificate.new_pool_registration(
    CSL.PoolRegistration.new(
      CSL.PoolParams.new(
        cold,
        CSL.VRFKeyHash.from_hex(vrfKeyHash),
        bigNum(0),
        bigNum(cost),
        CSL.UnitInterval.new(bigNum(0), bigNum(1)),
        account.rewardAddress,
        owners,
        CSL.Relays.new(),
      ),
    ),
  );
}

/** A builder of the certificates given, in that order. */
export function certificates(...list: CSL.Certificate[]): CSL.CertificatesBuilder {
  const builder = CSL.CertificatesBuilder.new();
  list.forEach((certificate) => builder.add(certificate));
  return builder;
}

/** Registers the account's DRep key as a DRep (with an anchor) and delegates the account's vote to it. */
export function drepRegistrationAndDelegation(
  account: DemoAccount,
  deposit: bigint | number,
): CSL.Certificate[] {
  return [
    CSL.Certificate.new_drep_registration(
      CSL.DRepRegistration.new_with_anchor(
        CSL.Credential.from_keyhash(account.drep.hash),
        bigNum(deposit),
        anchor('drep'),
      ),
    ),
    CSL.Certificate.new_vote_delegation(
      CSL.VoteDelegation.new(account.stakeCredential, CSL.DRep.new_key_hash(account.drep.hash)),
    ),
  ];
}

/** Authorises the account's committee hot key for its cold key (a genesis committee member). */
export function committeeHotAuthorisation(account: DemoAccount): CSL.Certificate {
  return CSL.Certificate.new_committee_hot_auth(
    CSL.CommitteeHotAuth.new(
      CSL.Credential.from_keyhash(account.committeeCold.hash),
      CSL.Credential.from_keyhash(account.committeeHot.hash),
    ),
  );
}

/** An info action and a treasury withdrawal of `lovelace` to the account's reward address. */
export function infoAndTreasuryWithdrawal(
  account: DemoAccount,
  deposit: bigint | number,
  lovelace: bigint,
): CSL.VotingProposalBuilder {
  const proposals = CSL.VotingProposalBuilder.new();
  proposals.add(
    CSL.VotingProposal.new(
      CSL.GovernanceAction.new_info_action(CSL.InfoAction.new()),
      anchor('info'),
      account.rewardAddress,
      bigNum(deposit),
    ),
  );
  const withdrawals = CSL.TreasuryWithdrawals.new();
  withdrawals.insert(account.rewardAddress, bigNum(lovelace));
  proposals.add(
    CSL.VotingProposal.new(
      CSL.GovernanceAction.new_treasury_withdrawals_action(CSL.TreasuryWithdrawalsAction.new(withdrawals)),
      anchor('withdrawal'),
      account.rewardAddress,
      bigNum(deposit),
    ),
  );
  return proposals;
}

/**
 * Yes votes: the account's DRep on both actions, its committee hot key on the withdrawal and the pool
 * `pool` (a cold key hash) on the info action.
 */
export function yesVotes(
  account: DemoAccount,
  actions: { info: CSL.GovernanceActionId; withdrawal: CSL.GovernanceActionId },
  pool: CSL.Ed25519KeyHash,
): CSL.VotingBuilder {
  const votes = CSL.VotingBuilder.new();
  const yes = CSL.VotingProcedure.new(CSL.VoteKind.Yes);
  const asDrep = CSL.Voter.new_drep_credential(CSL.Credential.from_keyhash(account.drep.hash));
  votes.add(asDrep, actions.withdrawal, yes);
  votes.add(asDrep, actions.info, yes);
  votes.add(
    CSL.Voter.new_constitutional_committee_hot_credential(
      CSL.Credential.from_keyhash(account.committeeHot.hash),
    ),
    actions.withdrawal,
    yes,
  );
  votes.add(CSL.Voter.new_stake_pool_key_hash(pool), actions.info, yes);
  return votes;
}

import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { bech32 } from 'bech32';
import type { Credential } from '../ledger/ledger-data.js';
import { derive, keyPair, toHex, type ByronKey, type KeyPair } from './keys.js';

/** What spending an output (or acting for a credential) needs: key signatures and maybe a native script. */
export interface Spender {
  keys: KeyPair[];
  script?: CSL.NativeScript;
  /**
   * A Byron address's key: Byron transactions witness it directly, Shelley-era ones with a bootstrap
   * witness (icarus addresses; AVVM redeem addresses are spent in Byron only).
   */
  byron?: { kind: 'icarus'; key: ByronKey; address: CSL.ByronAddress } | { kind: 'redeem'; key: KeyPair };
}

export type CredentialKind = 'verificationKey' | 'script';

/** A stake credential and its reward account. */
export interface StakeAccount {
  index: number;
  credential: CSL.Credential;
  kind: CredentialKind;
  hashHex: string;
  rewardAddress: CSL.RewardAddress;
  /** bech32 `stake…` / `stake_test…`, the key of Blockfrost's /accounts. */
  stakeAddress: string;
  witness: Spender;
}

/** How the ledger names a stake credential or a DRep. */
export function ledgerCredential({ kind, hashHex }: { kind: CredentialKind; hashHex: string }): Credential {
  return { from: kind, credential: hashHex };
}

export type WalletKind =
  | 'base'
  | 'enterprise'
  | 'script-base'
  | 'script-enterprise'
  | 'pointer'
  /** icarus-style Byron address */
  | 'byron'
  /** AVVM redeem address */
  | 'redeem';

export interface Wallet {
  name: string;
  kind: WalletKind;
  address: CSL.Address;
  /** The address as text: bech32, or base58 for Byron addresses. */
  bech32: string;
  spender: Spender;
  /** Stake account the address delegates through (base addresses; pointers resolve to one). */
  stake?: StakeAccount;
}

/** A genesis key (its stakeholder id names it in the genesis file) and the delegate that signs its blocks. */
export interface GenesisDelegate {
  stakeholderId: string;
  issuer: ByronKey;
  delegate: ByronKey;
  /** the issuer's signature of the heavyweight delegation certificate (epoch 0) */
  certificate: Uint8Array;
}

/** The Byron genesis parties of the custom network (fixed names, like the Shelley faucet). */
export interface ByronGenesisActors {
  delegates: GenesisDelegate[];
  /** holds the non-AVVM balance */
  faucet: Wallet;
  /** holds the AVVM voucher */
  voucher: Wallet;
}

/** The Byron parties: the custom network's genesis actors and the chain's own Byron wallets. */
export interface ByronActors extends ByronGenesisActors {
  wallets: Wallet[];
}

export interface Pool {
  index: number;
  cold: KeyPair;
  /** bech32 `pool1…`. */
  id: string;
  vrfVerificationKey: Uint8Array;
  kesVerificationKey: Uint8Array;
  owner: StakeAccount;
}

export interface DRep {
  index: number;
  credential: CSL.Credential;
  kind: CredentialKind;
  hashHex: string;
  /** CIP-129 bech32 (`drep1…` with a key / script header byte), as Blockfrost reports it. */
  id: string;
  witness: Spender;
}

/** A native minting policy: one signature, so the policy key must sign every mint and burn. */
export interface Policy {
  index: number;
  key: KeyPair;
  script: CSL.NativeScript;
  idHex: string;
}

/** Every party of the generated chain, derived from the seed (the faucet and genesis pools from fixed names). */
export interface Actors {
  networkId: number;
  /** The Byron era's parties, when the chain starts with it. */
  byron?: ByronActors;
  faucet: Wallet;
  wallets: Wallet[];
  accounts: StakeAccount[];
  /**
   * Stake pools registered before the first Praos block: the custom network's Shelley genesis pools
   * (its `staking` section names them). On the public networks they stand for the pools registered in
   * the network's history before the generated chain starts.
   */
  genesisPools: Pool[];
  /** Stake pools the chain registers by certificate. */
  pools: Pool[];
  dreps: DRep[];
  policies: Policy[];
  oracles: Wallet[];
}

interface ActorSizes {
  seed: number;
  wallets: number;
  accounts: number;
  pools: number;
  dreps: number;
  oracles: number;
}

/** Number of minting policies; enough for CIP-25 v1, v2 and CIP-68 collections to differ. */
const POLICIES = 6;

/** Number of genesis stake pools; the custom network's Shelley genesis lists exactly these. */
const GENESIS_POOLS = 2;

export function createActors(sizes: ActorSizes, networkId: number): Actors {
  const name = (what: string) => `${sizes.seed}/${what}`;
  const accounts = range(sizes.accounts).map((i) => stakeAccount(i, name(`account/${i}`), networkId));
  const keyAccounts = accounts.filter((account) => account.kind === 'verificationKey');
  return {
    networkId,
    // Fixed (seed-independent) so a genesis file can fund it; see faucetGenesisUtxo.
    faucet: enterpriseWallet('faucet', keyPair('faucet'), networkId),
    wallets: range(sizes.wallets).map((i) => wallet(i, name(`wallet/${i}`), accounts, networkId)),
    accounts,
    // Fixed (seed-independent) so the custom network's genesis can name them; owners are key credentials
    // (stake account indexes below 3), as genesis delegations (`staking.stake`) need.
    genesisPools: range(GENESIS_POOLS).map((i) =>
      pool(i, `genesis-pool/${i}`, stakeAccount(i, `genesis-pool/${i}/owner`, networkId)),
    ),
    pools: range(sizes.pools).map((i) => pool(i, name(`pool/${i}`), keyAccounts[i % keyAccounts.length]!)),
    dreps: range(sizes.dreps).map((i) => drep(i, name(`drep/${i}`))),
    policies: range(POLICIES).map((i) => policy(i, name(`policy/${i}`))),
    oracles: range(sizes.oracles).map((i) =>
      enterpriseWallet(name(`oracle/${i}`), keyPair(name(`oracle/${i}`)), networkId),
    ),
  };
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** Wallet kinds in a fixed rotation: mostly key base addresses, some enterprise and script addresses. */
function wallet(index: number, name: string, accounts: StakeAccount[], networkId: number): Wallet {
  const key = keyPair(name);
  const stake = accounts[index % accounts.length]!;
  switch (index % 8) {
    case 5:
      return enterpriseWallet(name, key, networkId);
    case 6: {
      const script = signatureScript(key);
      const address = CSL.BaseAddress.new(networkId, scriptCredential(script), stake.credential).to_address();
      return {
        name,
        kind: 'script-base',
        address,
        bech32: address.to_bech32(),
        spender: { keys: [key], script },
        stake,
      };
    }
    case 7: {
      // "all [signature, after slot 0]": a script address whose script is more than a single signature.
      const script = CSL.NativeScript.new_script_all(
        CSL.ScriptAll.new(
          nativeScripts([
            signatureScript(key),
            CSL.NativeScript.new_timelock_start(CSL.TimelockStart.new_timelockstart(CSL.BigNum.zero())),
          ]),
        ),
      );
      const address = CSL.EnterpriseAddress.new(networkId, scriptCredential(script)).to_address();
      return {
        name,
        kind: 'script-enterprise',
        address,
        bech32: address.to_bech32(),
        spender: { keys: [key], script },
      };
    }
    default: {
      const address = CSL.BaseAddress.new(
        networkId,
        CSL.Credential.from_keyhash(key.hash),
        stake.credential,
      ).to_address();
      return { name, kind: 'base', address, bech32: address.to_bech32(), spender: { keys: [key] }, stake };
    }
  }
}

function enterpriseWallet(name: string, key: KeyPair, networkId: number): Wallet {
  const address = CSL.EnterpriseAddress.new(networkId, CSL.Credential.from_keyhash(key.hash)).to_address();
  return { name, kind: 'enterprise', address, bech32: address.to_bech32(), spender: { keys: [key] } };
}

/** A pointer address to the registration certificate of `stake` at (slot, txIndex, certIndex). */
export function pointerWallet(
  name: string,
  stake: StakeAccount,
  slot: number,
  txIndex: number,
  certIndex: number,
  networkId: number,
): Wallet {
  const key = keyPair(name);
  const pointer = CSL.Pointer.new_pointer(
    CSL.BigNum.from_str(String(slot)),
    CSL.BigNum.from_str(String(txIndex)),
    CSL.BigNum.from_str(String(certIndex)),
  );
  const address = CSL.PointerAddress.new(
    networkId,
    CSL.Credential.from_keyhash(key.hash),
    pointer,
  ).to_address();
  return { name, kind: 'pointer', address, bech32: address.to_bech32(), spender: { keys: [key] }, stake };
}

/** Every fourth stake credential is a native script (one signature), the rest key hashes. */
function stakeAccount(index: number, name: string, networkId: number): StakeAccount {
  const key = keyPair(name);
  const script = index % 4 === 3 ? signatureScript(key) : undefined;
  const credential = script === undefined ? CSL.Credential.from_keyhash(key.hash) : scriptCredential(script);
  const rewardAddress = CSL.RewardAddress.new(networkId, credential);
  return {
    index,
    credential,
    kind: script === undefined ? 'verificationKey' : 'script',
    hashHex: credentialHex(credential),
    rewardAddress,
    stakeAddress: rewardAddress.to_address().to_bech32(),
    witness: script === undefined ? { keys: [key] } : { keys: [key], script },
  };
}

function pool(index: number, name: string, owner: StakeAccount): Pool {
  return { index, ...poolKeys(name), owner };
}

/** What making a pool's blocks takes: its cold key (the block issuer), VRF and KES keys. */
export type PoolKeys = Pick<Pool, 'cold' | 'id' | 'vrfVerificationKey' | 'kesVerificationKey'>;

/** A pool's keys, derived from its name (the cold key from `<name>/cold`). */
export function poolKeys(name: string): PoolKeys {
  const cold = keyPair(`${name}/cold`);
  return {
    cold,
    id: cold.hash.to_bech32('pool'),
    vrfVerificationKey: derive(`${name}/vrf`),
    kesVerificationKey: derive(`${name}/kes`),
  };
}

/** The keys of the genesis stake pools, which make the live devnet's blocks. */
export function genesisPoolKeys(): PoolKeys[] {
  return range(GENESIS_POOLS).map((i) => poolKeys(`genesis-pool/${i}`));
}

/** Even DReps are key hashes, odd ones native scripts. */
function drep(index: number, name: string): DRep {
  const key = keyPair(name);
  const script = index % 2 === 1 ? signatureScript(key) : undefined;
  const credential = script === undefined ? CSL.Credential.from_keyhash(key.hash) : scriptCredential(script);
  const header = script === undefined ? 0x22 : 0x23;
  const hash = credential.to_keyhash()?.to_bytes() ?? credential.to_scripthash()!.to_bytes();
  return {
    index,
    credential,
    kind: script === undefined ? 'verificationKey' : 'script',
    hashHex: toHex(hash),
    id: drepId(header, hash),
    witness: script === undefined ? { keys: [key] } : { keys: [key], script },
  };
}

function policy(index: number, name: string): Policy {
  const key = keyPair(name);
  const script = CSL.NativeScript.new_script_all(CSL.ScriptAll.new(nativeScripts([signatureScript(key)])));
  return { index, key, script, idHex: script.hash().to_hex() };
}

export function signatureScript(key: KeyPair): CSL.NativeScript {
  return CSL.NativeScript.new_script_pubkey(CSL.ScriptPubkey.new(key.hash));
}

function nativeScripts(scripts: CSL.NativeScript[]): CSL.NativeScripts {
  const list = CSL.NativeScripts.new();
  scripts.forEach((script) => list.add(script));
  return list;
}

function scriptCredential(script: CSL.NativeScript): CSL.Credential {
  return CSL.Credential.from_scripthash(script.hash());
}

function credentialHex(credential: CSL.Credential): string {
  return (credential.to_keyhash()?.to_hex() ?? credential.to_scripthash()!.to_hex()) as string;
}

/** CIP-129 DRep id: bech32 `drep` of a header byte (0x22 key hash, 0x23 script) and the hash. */
function drepId(header: number, hash: Uint8Array): string {
  return bech32.encode('drep', bech32.toWords(Uint8Array.from([header, ...hash])));
}

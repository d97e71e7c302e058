import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { blake2b } from '@noble/hashes/blake2.js';
import { entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { blake2b256, derive, toHex } from '../generate/keys.js';
import { poolKeys, type PoolKeys } from '../generate/wallets.js';

/** Wallets the custom network's Shelley genesis funds, so that a user can submit transactions at once. */
export const DEMO_WALLET_COUNT = 3;
/** What the genesis gives each of a demo wallet's two addresses: 10 million ada. */
export const DEMO_WALLET_LOVELACE = 10_000_000_000_000n;

/**
 * A demo wallet in the two forms clients load: a 24-word mnemonic (Lucid, Evolution, Mesh's mnemonic
 * wallet: CIP-1852 account 0, first payment and stake keys, a base address) and a plain ed25519 signing
 * key (Mesh's `cli` key wallet and Blaze's HotSingleWallet take only those, at an enterprise address).
 * An extended (BIP32) key cannot be written as a plain one, so these are two keys with two addresses.
 * Fixed (derived from the wallet's name), like every key of the devnet: the genesis file funds them.
 */
export interface DemoWallet {
  name: string;
  mnemonic: string;
  /** Base address of the mnemonic's account 0 (payment m/1852'/1815'/0'/0/0, stake m/1852'/1815'/0'/2/0). */
  mnemonicAddress: string;
  /** bech32 `ed25519_sk1…`. */
  signingKey: string;
  /** Enterprise address of the signing key. */
  signingKeyAddress: string;
  /**
   * The mnemonic's governance keys by CIP-105 (account 0, index 0), as key hashes: the DRep key
   * (role 3) and the constitutional committee cold (role 4) and hot (role 5) keys. The custom
   * network's genesis committee is the demo wallets' cold keys, so each wallet can authorise its hot
   * key and vote as a committee member.
   */
  governance: { drepKeyHash: string; committeeColdKeyHash: string; committeeHotKeyHash: string };
  /** A stake pool's keys the wallet may register a pool with; the live devnet forges its blocks. */
  pool: DemoPool;
}

/**
 * What registering a pool takes: its cold key, which signs the registration certificate and names the
 * pool, and its VRF key's hash, which the certificate states. The live forger holds the same keys
 * (`demoPoolKeys`), so once the pool is registered with this VRF key hash and stake is delegated to
 * it, it makes blocks in proportion to its stake, and earns rewards for them.
 */
export interface DemoPool {
  /** bech32 `pool1…`: blake2b-224 of the cold verification key. */
  id: string;
  /** bech32 `ed25519_sk1…`. */
  coldSigningKey: string;
  /** hex, 32 bytes. */
  coldVerificationKey: string;
  /** hex, blake2b-256 of the VRF verification key: the certificate's `vrf_keyhash`. */
  vrfKeyHash: string;
}

export function demoWallets(networkId: number): DemoWallet[] {
  return Array.from({ length: DEMO_WALLET_COUNT }, (_, index) =>
    demoWallet(`demo-${index + 1}`, networkId, index),
  );
}

/** Name of the keys of demo wallet `index`'s pool (see generate/wallets.ts, poolKeys). */
const demoPoolName = (index: number) => `demo-${index + 1}/pool`;

/** The keys of the demo wallets' pools, in wallet order: the live forger makes their blocks. */
export function demoPoolKeys(): PoolKeys[] {
  return Array.from({ length: DEMO_WALLET_COUNT }, (_, index) => poolKeys(demoPoolName(index)));
}

function demoPool(index: number): DemoPool {
  const keys = poolKeys(demoPoolName(index));
  return {
    id: keys.id,
    coldSigningKey: CSL.PrivateKey.from_normal_bytes(derive(`${demoPoolName(index)}/cold`)).to_bech32(),
    coldVerificationKey: toHex(keys.cold.publicKey.as_bytes()),
    vrfKeyHash: toHex(blake2b256(keys.vrfVerificationKey)),
  };
}

function demoWallet(name: string, networkId: number, index: number): DemoWallet {
  const entropy = seed(`${name}/mnemonic`);
  const account = CSL.Bip32PrivateKey.from_bip39_entropy(entropy, new Uint8Array())
    .derive(hardened(1852))
    .derive(hardened(1815))
    .derive(hardened(0));
  const keyHash = (role: number) => account.derive(role).derive(0).to_public().to_raw_key().hash();
  const credential = (role: number) => CSL.Credential.from_keyhash(keyHash(role));
  const key = CSL.PrivateKey.from_normal_bytes(seed(`${name}/signing-key`));
  return {
    name,
    mnemonic: entropyToMnemonic(entropy, wordlist),
    mnemonicAddress: CSL.BaseAddress.new(networkId, credential(0), credential(2)).to_address().to_bech32(),
    signingKey: key.to_bech32(),
    signingKeyAddress: CSL.EnterpriseAddress.new(
      networkId,
      CSL.Credential.from_keyhash(key.to_public().hash()),
    )
      .to_address()
      .to_bech32(),
    pool: demoPool(index),
    governance: {
      drepKeyHash: keyHash(3).to_hex(),
      committeeColdKeyHash: keyHash(4).to_hex(),
      committeeHotKeyHash: keyHash(5).to_hex(),
    },
  };
}

const hardened = (index: number) => 0x80000000 + index;

function seed(label: string): Uint8Array {
  return blake2b(new TextEncoder().encode(`frostline/${label}`), { dkLen: 32 });
}

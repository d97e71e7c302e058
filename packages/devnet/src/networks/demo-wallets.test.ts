/// <reference types="jest" />
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { DEMO_WALLET_LOVELACE, demoPoolKeys, demoWallets } from './demo-wallets.js';
import { loadNetwork } from './networks.js';

const wallets = demoWallets(0);

describe('demo wallets', () => {
  it("are funded by the custom network's Shelley genesis at both addresses", () => {
    const funds = loadNetwork('custom').genesis.shelley.initialFunds as Record<string, number>;
    for (const { mnemonicAddress, signingKeyAddress } of wallets) {
      for (const address of [mnemonicAddress, signingKeyAddress]) {
        const hex = Buffer.from(CSL.Address.from_bech32(address).to_bytes()).toString('hex');
        expect(BigInt(funds[hex]!)).toBe(DEMO_WALLET_LOVELACE);
      }
    }
  });

  it('print a plain ed25519 key that controls the enterprise address, and a valid 24-word mnemonic', () => {
    for (const { signingKey, signingKeyAddress, mnemonic } of wallets) {
      expect(signingKey).toMatch(/^ed25519_sk1/);
      const hash = CSL.PrivateKey.from_bech32(signingKey).to_public().hash();
      expect(CSL.Address.from_bech32(signingKeyAddress).payment_cred()?.to_keyhash()?.to_hex()).toBe(
        hash.to_hex(),
      );
      expect(mnemonic.split(' ')).toHaveLength(24);
      expect(() => mnemonicToEntropy(mnemonic, wordlist)).not.toThrow();
    }
    expect(new Set(wallets.map(({ mnemonic }) => mnemonic)).size).toBe(wallets.length);
  });

  it('hand out a pool each: the cold signing key of its verification key and id, and its VRF key hash', () => {
    for (const { pool } of wallets) {
      const cold = CSL.PrivateKey.from_bech32(pool.coldSigningKey).to_public();
      expect(Buffer.from(cold.as_bytes()).toString('hex')).toBe(pool.coldVerificationKey);
      expect(cold.hash().to_bech32('pool')).toBe(pool.id);
      expect(pool.vrfKeyHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(wallets.map(({ pool }) => pool.id)).size).toBe(wallets.length);
    // The forger's keys are the same pools'.
    expect(demoPoolKeys().map(({ id }) => id)).toEqual(wallets.map(({ pool }) => pool.id));
  });

  it("make the custom network's genesis committee with their CIP-105 cold keys, quorum 2/3", () => {
    const { committee } = loadNetwork('custom').genesis.conway;
    expect(committee).toEqual({
      members: Object.fromEntries(
        wallets.map(({ governance }) => [`keyHash-${governance.committeeColdKeyHash}`, 1000]),
      ),
      threshold: { numerator: 2, denominator: 3 },
    });
    const account = CSL.Bip32PrivateKey.from_bip39_entropy(
      Buffer.from(mnemonicToEntropy(wallets[0]!.mnemonic, wordlist)),
      new Uint8Array(),
    )
      .derive(0x80000000 + 1852)
      .derive(0x80000000 + 1815)
      .derive(0x80000000);
    const hash = (role: number) => account.derive(role).derive(0).to_public().to_raw_key().hash().to_hex();
    expect(wallets[0]!.governance).toEqual({
      drepKeyHash: hash(3),
      committeeColdKeyHash: hash(4),
      committeeHotKeyHash: hash(5),
    });
  });
});

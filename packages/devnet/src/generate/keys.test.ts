import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { blake2b256, derive, keyPair, witness } from './keys.js';

describe('keys', () => {
  it('derives the same key from the same name and signs exactly like CSL', () => {
    const key = keyPair('test/0');
    expect(keyPair('test/0').hashHex).toBe(key.hashHex);
    expect(keyPair('test/1').hashHex).not.toBe(key.hashHex);
    const message = blake2b256(new TextEncoder().encode('body'));
    const signed = witness(key, message);
    const csl = CSL.PrivateKey.from_normal_bytes(derive('test/0'));
    expect(key.publicKey.to_hex()).toBe(csl.to_public().to_hex());
    expect(signed.signature().to_hex()).toBe(csl.sign(message).to_hex());
    expect(key.publicKey.verify(message, signed.signature())).toBe(true);
    expect(derive('x')).toHaveLength(32);
  });
});

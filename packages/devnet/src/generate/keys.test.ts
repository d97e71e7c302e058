import { blake2b256, derive, keyPair, witness } from './keys.js';

describe('keys', () => {
  it('derives the same key from the same name and signs exactly like CSL', () => {
    const key = keyPair('test/0');
    expect(keyPair('test/0').hashHex).toBe(key.hashHex);
    expect(keyPair('test/1').hashHex).not.toBe(key.hashHex);
    const message = blake2b256(new TextEncoder().encode('body'));
    const signed = witness(key, message);
    expect(signed.signature().to_hex()).toBe(key.privateKey.sign(message).to_hex());
    expect(key.publicKey.verify(message, signed.signature())).toBe(true);
    expect(derive('x')).toHaveLength(32);
  });
});

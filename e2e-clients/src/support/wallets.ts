import { entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';

/** A fixed 24-word mnemonic per client, so each test file has its own wallet and a rerun the same one. */
export function testMnemonic(client: number): string {
  return entropyToMnemonic(new Uint8Array(32).fill(client), wordlist);
}

/** `(program 1.1.0 (lam x (con unit ())))`, flat in a CBOR byte string: an always-succeeding Plutus V3 script. */
export const ALWAYS_SUCCEEDS_V3 = '450101002499';

export const FUNDS = 1_000_000_000n;

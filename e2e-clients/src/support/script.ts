/** `(program 1.1.0 (lam x (con unit ())))`, flat in a CBOR byte string: an always-succeeding Plutus V3 script. */
export const ALWAYS_SUCCEEDS_V3 = '450101002499';

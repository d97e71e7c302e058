import { encodeBech32 } from './bech32.js';
import { credentialHashBytes, type Credential } from './credential.js';

// CIP-129 header: upper nibble 0x0 = committee hot key, 0x1 = committee cold key; lower nibble 0x2 = key
// hash, 0x3 = script hash.
const ROLE_NIBBLE = { hot: 0x00, cold: 0x10 } as const;

/** A committee credential's CIP-129 id: `cc_hot1…` or `cc_cold1…`. */
export function committeeCredentialId(role: 'hot' | 'cold', credential: Credential): string {
  const header = ROLE_NIBBLE[role] | (credential.type === 'key' ? 0x2 : 0x3);
  return encodeBech32(`cc_${role}`, Uint8Array.of(header, ...credentialHashBytes(credential)));
}

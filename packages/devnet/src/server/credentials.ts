import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Credential } from '../ledger/ledger-data.js';
import { InvalidParams } from './rpc.js';

/**
 * Decodes a credential of a rewardAccountSummaries filter the way Ogmios accepts them: 56 hex digits
 * (kind given by the list it is in), bech32 `stake_vkh1…` / `script1…`, or a stake address whose
 * header decides the kind.
 */
export function decodeCredential(text: unknown, listedAs: Credential['from']): Credential {
  if (typeof text !== 'string') throw new InvalidParams('credentials must be strings');
  if (/^[0-9a-fA-F]{56}$/.test(text)) return { from: listedAs, credential: text.toLowerCase() };
  try {
    if (text.startsWith('stake_vkh1')) {
      return { from: 'verificationKey', credential: CSL.Ed25519KeyHash.from_bech32(text).to_hex() };
    }
    if (text.startsWith('script1'))
      return { from: 'script', credential: CSL.ScriptHash.from_bech32(text).to_hex() };
    if (text.startsWith('stake')) {
      const reward = CSL.RewardAddress.from_address(CSL.Address.from_bech32(text));
      if (reward === undefined) throw new Error('not a reward address');
      const credential = reward.payment_cred();
      const keyHash = credential.to_keyhash();
      return keyHash !== undefined
        ? { from: 'verificationKey', credential: keyHash.to_hex() }
        : { from: 'script', credential: credential.to_scripthash()!.to_hex() };
    }
  } catch (error) {
    // CSL throws plain strings.
    throw new InvalidParams(`invalid credential ${text}: ${String(error)}`);
  }
  throw new InvalidParams(`invalid credential ${text}`);
}

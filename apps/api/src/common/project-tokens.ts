import { timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../config.js';

/**
 * The configured project tokens, held only as sha256 digests. A presented token is hashed and
 * compared with every digest using timingSafeEqual, without stopping at a match, so neither the
 * comparison nor the loop reveals how much of a token was right.
 */
export class ProjectTokens {
  private readonly digests: Buffer[];

  constructor(tokenHashes: readonly string[]) {
    this.digests = tokenHashes.map((hex) => Buffer.from(hex, 'hex'));
  }

  /** The project id (the token's digest, hex) of a valid token, else null. */
  projectOf(token: string | string[] | undefined): string | null {
    if (typeof token !== 'string' || token === '') return null;
    const presented = Buffer.from(sha256Hex(token), 'hex');
    let match = false;
    for (const digest of this.digests) {
      match = timingSafeEqual(digest, presented) || match;
    }
    return match ? presented.toString('hex') : null;
  }
}

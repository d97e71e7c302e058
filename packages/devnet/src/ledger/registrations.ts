import type { Certificate } from '@cardano-ogmios/schema';
import type { Chain } from '../chain/chain.js';
import { parseJsonFast } from '../chain/json.js';
import { drepCredential } from './delegation.js';
import { credentialKey, type Credential } from './ledger-data.js';

/**
 * The stake pools (genesis ones included) and DReps registered on the served chain, from the certificates
 * of its blocks' valid transactions: chain files state reward accounts in events, but pools and DReps only
 * in blocks. Read lazily like the UTxO index (blocks are parsed on the first question); a rollback
 * rebuilds it on the next one.
 */
export class Registrations {
  private readonly pools = new Set<string>();
  private readonly dreps = new Set<string>();
  /** Chain positions [0, applied) are reflected. */
  private applied = 0;

  constructor(
    private readonly chain: Chain,
    private readonly genesisPools: readonly string[],
  ) {
    this.reset();
    chain.on('rollback', (position) => {
      if (position + 1 < this.applied) this.reset();
    });
  }

  poolRegistered(id: string): boolean {
    this.catchUp();
    return this.pools.has(id);
  }

  drepRegistered(drep: Credential): boolean {
    this.catchUp();
    return this.dreps.has(credentialKey(drep));
  }

  private catchUp(): void {
    for (; this.applied < this.chain.length; this.applied += 1) {
      const block = parseJsonFast(this.chain.blockBytes(this.chain.at(this.applied)).toString()) as {
        transactions?: { spends?: string; certificates?: Certificate[] }[];
      };
      for (const transaction of block.transactions ?? []) {
        if (transaction.spends === 'collaterals') continue;
        transaction.certificates?.forEach((certificate) => this.apply(certificate));
      }
    }
  }

  private apply(certificate: Certificate): void {
    if (certificate.type === 'stakePoolRegistration') this.pools.add(certificate.stakePool.id);
    if (certificate.type === 'delegateRepresentativeRegistration')
      this.dreps.add(credentialKey(drepCredential(certificate.delegateRepresentative)));
    if (certificate.type === 'delegateRepresentativeRetirement')
      this.dreps.delete(credentialKey(drepCredential(certificate.delegateRepresentative)));
  }

  private reset(): void {
    this.pools.clear();
    this.dreps.clear();
    this.genesisPools.forEach((id) => this.pools.add(id));
    this.applied = 0;
  }
}

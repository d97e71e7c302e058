import type { Certificate } from '@cardano-ogmios/schema';
import type { Chain } from '../chain/chain.js';
import { parseJsonFast } from '../chain/json.js';
import { applyRegistration, type DelegationChanges } from './delegation.js';
import { credentialKey, type Credential } from './ledger-data.js';

/**
 * The stake pools (genesis ones included) and DReps registered on the served chain, from the certificates
 * of its blocks' valid transactions: chain files state reward accounts in events, but pools and DReps only
 * in blocks. Read lazily like the UTxO index (blocks are parsed on the first question); a rollback
 * rebuilds it on the next one.
 */
export class Registrations {
  /** Pool ids and DRep credential keys → registered (false: retired). */
  private readonly registered: Pick<DelegationChanges, 'pools' | 'dreps'> = {
    pools: new Map(),
    dreps: new Map(),
  };
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
    return this.registered.pools.get(id) === true;
  }

  drepRegistered(drep: Credential): boolean {
    this.catchUp();
    return this.registered.dreps.get(credentialKey(drep)) === true;
  }

  private catchUp(): void {
    for (; this.applied < this.chain.length; this.applied += 1) {
      const block = parseJsonFast(this.chain.blockBytes(this.chain.at(this.applied)).toString()) as {
        transactions?: { spends?: string; certificates?: Certificate[] }[];
      };
      for (const transaction of block.transactions ?? []) {
        if (transaction.spends === 'collaterals') continue;
        transaction.certificates?.forEach((certificate) => applyRegistration(certificate, this.registered));
      }
    }
  }

  private reset(): void {
    this.registered.pools.clear();
    this.registered.dreps.clear();
    this.genesisPools.forEach((id) => this.registered.pools.set(id, true));
    this.applied = 0;
  }
}

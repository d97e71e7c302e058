import { Inject, Injectable } from '@nestjs/common';
import {
  BlockfrostError,
  decodeShelleyAddress,
  parseAddressParam,
  type MempoolTx,
  type MempoolTxHashes,
} from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { parsePage, type PaginationQuery } from '../common/pagination.js';
import { API_CONFIG } from '../common/tokens.js';
import { toMempoolTx } from './mempool.mapper.js';
import { MempoolSnapshots, type PendingTransaction } from './mempool-snapshots.js';

@Injectable()
export class MempoolService {
  constructor(
    private readonly snapshots: MempoolSnapshots,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** GET /mempool: the hashes of the node's pending transactions, oldest first by default. */
  async hashes(query: PaginationQuery): Promise<MempoolTxHashes> {
    const page = parsePage(query);
    return paged((await this.snapshots.snapshot()).transactions, page);
  }

  /** GET /mempool/{hash}: 404 when the node holds no such pending transaction. */
  async transaction(hash: string): Promise<MempoolTx> {
    const pending = (await this.snapshots.snapshot()).byHash.get(hash);
    if (!pending) throw new BlockfrostError(404);
    return toMempoolTx(pending);
  }

  /**
   * GET /mempool/addresses/{address}: the pending transactions with the address (or, for an
   * addr_vkh/script credential, an address of that payment credential) among their inputs or outputs.
   */
  async byAddress(addressParam: string, query: PaginationQuery): Promise<MempoolTxHashes> {
    const address = parseAddressParam(addressParam, this.config.network);
    const page = parsePage(query);
    const touches =
      address.kind === 'address'
        ? (pending: PendingTransaction) => pending.addresses.has(address.address)
        : (pending: PendingTransaction) =>
            [...pending.addresses].some((candidate) => paymentCredentialHash(candidate) === address.hash);
    return paged((await this.snapshots.snapshot()).transactions.filter(touches), page);
  }
}

function paged(
  transactions: PendingTransaction[],
  { limit, offset, order }: ReturnType<typeof parsePage>,
): MempoolTxHashes {
  const ordered = order === 'asc' ? transactions : [...transactions].reverse();
  return ordered.slice(offset, offset + limit).map((pending) => ({ tx_hash: pending.tx.hash }));
}

function paymentCredentialHash(address: string): string | null {
  const shelley = decodeShelleyAddress(address);
  return shelley && shelley.type !== 'reward' ? shelley.payment.hash : null;
}

import { Inject, Injectable } from '@nestjs/common';
import { epochsNumberParameters, type PrismaClient } from '@frostline/db';
import { BlockfrostError, bytesToHex, submittedTransaction } from '@frostline/model';
import type { OgmiosRpc } from '../common/ogmios-rpc.js';
import { OGMIOS_RPC, READ_DB } from '../common/tokens.js';

const CBOR_CONTENT_TYPE = 'application/cbor';

@Injectable()
export class TxService {
  constructor(
    @Inject(OGMIOS_RPC) private readonly ogmios: OgmiosRpc | null,
    @Inject(READ_DB) private readonly db: PrismaClient,
  ) {}

  /**
   * Relays a transaction to the node through Ogmios `submitTransaction`. What is not a transaction,
   * or is larger than the protocol allows, is refused here and never reaches the node; the node's own
   * rejection comes back as a 400 whose message is Ogmios' error (code, message and data) as JSON.
   */
  async submit(contentType: string | undefined, body: unknown): Promise<string> {
    if (contentType?.split(';')[0]!.trim().toLowerCase() !== CBOR_CONTENT_TYPE || !Buffer.isBuffer(body))
      throw new BlockfrostError(400, `Content-Type must be: "${CBOR_CONTENT_TYPE}"`);
    const transaction = submittedTransaction(body);
    const maxSize = await this.maxTransactionSize();
    if (maxSize !== null && transaction.length > maxSize) {
      throw new BlockfrostError(
        413,
        `The transaction is ${transaction.length} bytes; the protocol allows at most ${maxSize}.`,
      );
    }
    if (!this.ogmios)
      throw new BlockfrostError(500, 'This deployment has no node to submit to (OGMIOS_URL is not set).');
    const response = await this.ogmios.call('submitTransaction', {
      transaction: { cbor: bytesToHex(transaction) },
    });
    if (response.error === undefined)
      return (response.result as { transaction: { id: string } }).transaction.id;
    const { error } = response;
    // Ogmios has no code for a full mempool; Blockfrost answers it with 425.
    if (/mempool.*full/i.test(error.message)) throw new BlockfrostError(425);
    if (error.code === -32602 || (error.code >= 3000 && error.code < 4000))
      throw new BlockfrostError(400, JSON.stringify(error));
    throw new Error(`Ogmios submitTransaction failed: ${error.code} ${error.message}`);
  }

  /** maxTransactionSize of the newest protocol parameters the indexer stored, if any. */
  private async maxTransactionSize(): Promise<number | null> {
    const row = await epochsNumberParameters(this.db, 'latest');
    const size = (row?.params as { maxTransactionSize?: { bytes: number | string } } | undefined)
      ?.maxTransactionSize?.bytes;
    return size === undefined ? null : Number(size);
  }
}

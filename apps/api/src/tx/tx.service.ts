import { Inject, Injectable } from '@nestjs/common';
import { epochsNumberParameters, txSubmitEra, type PrismaClient } from '@frostline/db';
import {
  BlockfrostError,
  bytesToHex,
  submitApiRejection,
  submittedTransaction,
  type SubmitEra,
} from '@frostline/model';
import { isMempoolFull, type OgmiosRpc } from '../common/ogmios-rpc.js';
import { CBOR_CONTENT_TYPE, isCbor } from '../common/media-types.js';
import { OGMIOS_RPC, READ_DB } from '../common/tokens.js';

@Injectable()
export class TxService {
  constructor(
    @Inject(OGMIOS_RPC) private readonly ogmios: OgmiosRpc | null,
    @Inject(READ_DB) private readonly db: PrismaClient,
  ) {}

  /**
   * Relays a transaction to the node through Ogmios `submitTransaction`. What is not a transaction,
   * or is larger than the protocol allows, is refused here and never reaches the node; the node's own
   * rejection comes back as a 400 whose message is cardano-submit-api's account of it, as hosted
   * Blockfrost answers (clients turn its ledger failures into typed errors). Ogmios' undecodable-CBOR
   * error has no ledger failure: its JSON is the message.
   */
  async submit(contentType: string | undefined, body: unknown): Promise<string> {
    if (!isCbor(contentType) || !Buffer.isBuffer(body))
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
    if (isMempoolFull(error)) throw new BlockfrostError(425);
    if (error.code >= 3000 && error.code < 4000)
      throw new BlockfrostError(400, submitApiRejection(error, await this.era()));
    if (error.code === -32602) throw new BlockfrostError(400, JSON.stringify(error));
    throw new Error(`Ogmios submitTransaction failed: ${error.code} ${error.message}`);
  }

  /** The node's era as the newest indexed block tells it; before the first block, the current one. */
  private async era(): Promise<SubmitEra> {
    return (await txSubmitEra(this.db)) === 'babbage' ? 'babbage' : 'conway';
  }

  /** maxTransactionSize of the newest protocol parameters the indexer stored, if any. */
  private async maxTransactionSize(): Promise<number | null> {
    const row = await epochsNumberParameters(this.db, 'latest');
    if (!row) return null;
    const size = (JSON.parse(row.params) as { maxTransactionSize?: { bytes: number | string } })
      .maxTransactionSize?.bytes;
    return size === undefined ? null : Number(size);
  }
}

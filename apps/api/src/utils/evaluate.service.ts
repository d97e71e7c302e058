import { Inject, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { utilsTxsEvaluateProtocolParameters, type PrismaClient } from '@frostline/db';
import { EvaluationPoolFullError, v5Response, v6Response, type RpcError } from '@frostline/evaluator';
import { BlockfrostError, type RawParam } from '@frostline/model';
import type { ApiConfig } from '../config.js';
import { isCbor, isJson } from '../common/media-types.js';
import { API_CONFIG, READ_DB } from '../common/tokens.js';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { EVALUATION_ENGINE, type EvaluationEngine } from './engines/evaluation-engine.js';

export interface EvaluateHttpRequest {
  contentType: string | undefined;
  /** The body text: application/json is kept unparsed (app.ts) so big integers survive. */
  body: unknown;
  version: RawParam;
}

/** The Ogmios protocol the answer is shaped in: v5 JSON-WSP (Blockfrost's default) or v6 JSON-RPC. */
type OgmiosVersion = 5 | 6;

/** Mainnet's maxTransactionSize, for a database without stored protocol parameters. */
export const DEFAULT_MAX_TRANSACTION_BYTES = 16_384;

@Injectable()
export class EvaluateService {
  constructor(
    @Inject(EVALUATION_ENGINE) private readonly engine: EvaluationEngine,
    @Inject(READ_DB) private readonly db: PrismaClient,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(ApiMetrics) private readonly metrics: ApiMetrics,
  ) {}

  /**
   * POST /utils/txs/evaluate/utxos (docs/contract.md#evaluating-transactions): a v5
   * `{cbor, additionalUtxoSet?}` body, answered in the Ogmios protocol `version` asks for. Evaluation
   * failures are answers (200); malformed requests, including CBOR that is not a transaction, are 400s.
   */
  async evaluateUtxos({ contentType, body, version }: EvaluateHttpRequest): Promise<Record<string, unknown>> {
    if (!isJson(contentType))
      throw new UnsupportedMediaTypeException(`Unsupported Media Type: ${contentType}`);
    const ogmiosVersion = parseVersion(version);
    if (typeof body !== 'string')
      throw new BlockfrostError(
        400,
        'Body must be {"cbor": <hex or base64>, "additionalUtxoSet"?: [[TxIn, TxOut], …]}',
      );
    return this.evaluateBody(body, ogmiosVersion);
  }

  /**
   * POST /utils/txs/evaluate: the transaction alone under `application/cbor`, as its hex or base64
   * text (blockfrost-js and Mesh send the hex text) or as raw bytes; its inputs come from the index.
   */
  async evaluateTransaction({
    contentType,
    body,
    version,
  }: EvaluateHttpRequest): Promise<Record<string, unknown>> {
    if (!isCbor(contentType) || !Buffer.isBuffer(body))
      throw new UnsupportedMediaTypeException(`Unsupported Media Type: ${contentType}`);
    const ogmiosVersion = parseVersion(version);
    const text = body.toString('latin1').trim();
    const cbor = PRINTABLE_ASCII.test(text) ? text : body.toString('hex');
    return this.evaluateBody(JSON.stringify({ cbor }), ogmiosVersion);
  }

  /**
   * Decoding and (EVALUATOR=local) evaluation run in the pool's threads, so that large bodies and long
   * scripts do not hold up other requests; the sizes are checked before anything is decoded. With the
   * pool's queue full the answer is an immediate 429.
   */
  private async evaluateBody(body: string, ogmiosVersion: OgmiosVersion): Promise<Record<string, unknown>> {
    this.metrics.evaluationsInProgress.inc();
    try {
      const stored = await utilsTxsEvaluateProtocolParameters(this.db);
      const maxSize = (stored?.params.maxTransactionSize as { bytes?: number | string } | undefined)?.bytes;
      const outcome = await this.engine.evaluate({
        body,
        limits: {
          maxTransactionBytes: maxSize === undefined ? DEFAULT_MAX_TRANSACTION_BYTES : Number(maxSize),
          maxAdditionalUtxoBytes: this.config.evaluation.maxAdditionalUtxoBytes,
        },
        stored,
      });
      if ('refused' in outcome)
        throw new BlockfrostError(outcome.refused.kind === 'too-large' ? 413 : 400, outcome.refused.message);
      if ('error' in outcome && outcome.error.code === -32602)
        throw new BlockfrostError(400, invalidParamsMessage(outcome.error));
      return ogmiosVersion === 6 ? v6Response(outcome) : v5Response(outcome);
    } catch (error) {
      if (!(error instanceof EvaluationPoolFullError)) throw error;
      this.metrics.evaluationsRefused.inc();
      throw new BlockfrostError(429);
    } finally {
      this.metrics.evaluationsInProgress.dec();
    }
  }
}

// Text (hex or base64) rather than raw CBOR, which starts with a byte outside printable ASCII.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

function parseVersion(raw: RawParam): OgmiosVersion {
  if (raw === undefined) return 5;
  const version = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (version !== 5 && version !== 6) throw new BlockfrostError(400, 'querystring/version must be 5 or 6');
  return version;
}

function invalidParamsMessage(error: RpcError): string {
  const undecodable = (error.data as { conway?: string } | undefined)?.conway !== undefined;
  // A transaction that decodes in no era: the text of Ogmios v5's jsonwsp/fault, which Blockfrost's
  // fixtures expect. Other unreadable params (an additional UTxO the ledger rejects) keep their message.
  return undecodable ? (v5Response({ error }).fault as { string: string }).string : error.message;
}

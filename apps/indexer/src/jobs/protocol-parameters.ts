import { createLedgerStateQueryClient, Method, type InteractionContext } from '@cardano-ogmios/client';
import type { PrismaClient } from '@frostline/db';
import { atOneLedgerState } from '../chain-sync/ogmios.js';

/**
 * Stores the protocol parameters in force (Ogmios queryLedgerState/protocolParameters) and the epoch
 * nonce under the current epoch, for GET /epochs/{number}/parameters and the API's local evaluator
 * (its budgets depend on the cost models of the epoch). Runs at startup and on every epoch change; a
 * rollback never changes an epoch's parameters, so rows are only ever replaced by a fresh answer for
 * the same epoch.
 */
export async function refreshProtocolParameters(
  prisma: PrismaClient,
  ogmios: InteractionContext,
): Promise<number> {
  const client = await createLedgerStateQueryClient(ogmios);
  // The parameters and the nonce are stored under the epoch: all three from the same ledger state.
  const [epoch, parameters, nonces] = await atOneLedgerState(client, () =>
    Promise.all([client.epoch(), client.protocolParameters(), epochNonces(ogmios)]),
  );
  const params = JSON.stringify(parameters, ogmiosJson);
  const nonce = nonces.epochNonce === 'neutral' ? null : Buffer.from(nonces.epochNonce, 'hex');
  await prisma.$executeRawUnsafe(
    `INSERT INTO protocol_parameters (epoch, params, nonce) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (epoch) DO UPDATE SET params = EXCLUDED.params, nonce = EXCLUDED.nonce`,
    Number(epoch),
    params,
    nonce,
  );
  return Number(epoch);
}

/** `queryLedgerState/nonces`, which @cardano-ogmios/client 6.14 has no method for. */
function epochNonces(ogmios: InteractionContext): Promise<{ epochNonce: string }> {
  return Method({ method: 'queryLedgerState/nonces' }, {}, ogmios);
}

/**
 * The client reads lovelace amounts (and any integer beyond 2^53) as bigint, which JSON.stringify
 * rejects: write them as the numbers Ogmios sent, or as decimal text where a JSON number read back
 * by JavaScript would lose digits.
 */
function ogmiosJson(_key: string, value: unknown): unknown {
  if (typeof value !== 'bigint') return value;
  return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= -BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value.toString();
}

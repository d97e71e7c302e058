// Evaluations beside a light request (issue #54): while a load window measures GET /blocks/latest, this keeps
// 16 of the largest evaluate requests our API accepts in flight against it, each sent again when answered, so
// that the row shows whether evaluation (run in the API's worker threads) holds up the event loop.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { maximalEvaluateBody } from '@frostline/evaluator/testing/maximal-request';

/** Evaluate requests kept in flight. */
export const FLOOD_EVALUATIONS = 16;
/** The API's default bound of the body beside the transaction (EVALUATE_MAX_ADDITIONAL_UTXO_BYTES), 1 KiB spare. */
const BESIDE_TRANSACTION_BYTES = 256 * 1024 - 1024;

/** The fully offline Blockfrost fixture of apps/api/test-data/evaluate, grown to the largest accepted body. */
export function maximalEvaluation(root: string): string {
  const file = path.join(root, 'apps/api/test-data/evaluate/blockfrost_evaluate_fixtures.json');
  const { fixtures } = JSON.parse(readFileSync(file, 'utf8')) as {
    fixtures: { fully_offline?: boolean; postBody?: string }[];
  };
  const body = fixtures.find((fixture) => fixture.fully_offline)!.postBody!;
  const { cbor } = JSON.parse(body) as { cbor: string };
  return maximalEvaluateBody(body, BESIDE_TRANSACTION_BYTES + cbor.length);
}

/** Answers to the flood's requests by status code. */
export type FloodStatuses = Record<string, number>;

/** Runs `work` while FLOOD_EVALUATIONS evaluate requests with `body` are kept in flight against `url`. */
export async function withEvaluationFlood<T>(
  url: string,
  token: string,
  body: string,
  work: () => Promise<T>,
): Promise<{ result: T; statuses: FloodStatuses }> {
  const statuses: FloodStatuses = {};
  let stopped = false;
  const loop = async () => {
    while (!stopped) {
      const status = await fetch(`${url}/api/v0/utils/txs/evaluate/utxos`, {
        method: 'POST',
        headers: { project_id: token, 'content-type': 'application/json' },
        body,
      }).then(
        async (response) => (await response.arrayBuffer(), String(response.status)),
        () => 'error',
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  const loops = Array.from({ length: FLOOD_EVALUATIONS }, loop);
  try {
    return { result: await work(), statuses };
  } finally {
    stopped = true;
    await Promise.all(loops);
  }
}

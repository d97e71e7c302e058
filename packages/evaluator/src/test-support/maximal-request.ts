/**
 * A v5 evaluate body grown to `bytes`: its additionalUtxoSet padded with copies of its first entry
 * under made-up transaction ids, as the largest request the API accepts would be. Every copy is parsed,
 * checked against the ledger and encoded like a real entry, yet none is spent, so the answer stays the
 * original body's.
 */
export function maximalEvaluateBody(body: string, bytes: number): string {
  const request = JSON.parse(body) as { cbor: string; additionalUtxoSet: [{ txId: string }, unknown][] };
  const [first] = request.additionalUtxoSet;
  if (first === undefined) throw new Error('the body needs an additionalUtxoSet entry to copy');
  const entryBytes = JSON.stringify(first).length + 1;
  const copies = Math.max(0, Math.floor((bytes - body.length) / entryBytes));
  const padding = Array.from({ length: copies }, (_, i): [{ txId: string }, unknown] => [
    { ...first[0], txId: i.toString(16).padStart(64, 'f') },
    first[1],
  ]);
  return JSON.stringify({ ...request, additionalUtxoSet: [...request.additionalUtxoSet, ...padding] });
}

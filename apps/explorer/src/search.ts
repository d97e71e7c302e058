import { find } from './api';
import { href } from './route';

/** Where a search leads: a page's link, or why nothing matched. */
export type Found = { href: string } | { notFound: string };

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * A path to try and the page it leads to; `listed`: a hit only when the list it answers has a row (a
 * policy's assets: an empty list says nothing was minted under that hash).
 */
type Candidate = [path: string, page: string, listed?: 'listed'];

/** The first of the candidate pages whose path the API answers (not 404), in order. */
async function first(candidates: Candidate[], what: string): Promise<Found> {
  const answers = await Promise.all(candidates.map(([path]) => find<unknown>(path)));
  const index = answers.findIndex(
    (answer, i) => answer !== null && !(candidates[i][2] && (answer as unknown[]).length === 0),
  );
  return index === -1 ? { notFound: what } : { href: candidates[index][1] };
}

/** What a search box query names: heights, hashes, addresses, stake addresses, asset units. */
export async function search(input: string): Promise<Found> {
  const query = input.trim();
  const hex = query.toLowerCase();
  if (/^\d+$/.test(query))
    return first([[`/blocks/${query}`, href('block', query)]], `no block at height ${query}`);
  if (/^[0-9a-f]{64}$/i.test(query))
    return first(
      [
        [`/txs/${hex}`, href('tx', hex)],
        [`/blocks/${hex}`, href('block', hex)],
        [`/scripts/datum/${hex}`, href('datum', hex)],
      ],
      `no transaction, block or datum has the hash ${query}`,
    );
  if (/^[0-9a-f]{56}$/i.test(query))
    return first(
      [
        [`/scripts/${hex}`, href('script', hex)],
        [`/assets/policy/${hex}?count=1`, href('policy', hex), 'listed'],
      ],
      `no script or policy has the hash ${query}`,
    );
  if (/^(?:[0-9a-f]{2}){29,60}$/i.test(query))
    return first([[`/assets/${hex}`, href('asset', hex)]], `no asset has the unit ${query}`);
  if (/^stake(_test)?1/.test(query))
    return first([[`/accounts/${query}`, href('account', query)]], `no stake account ${query}`);
  if (/^asset1/.test(query))
    return {
      notFound:
        'an asset is looked up by its unit (policy id and asset name in hex): Blockfrost has no path from a CIP-14 fingerprint to its asset',
    };
  if (/^(addr(_test)?1|addr_vkh1|script1)/.test(query) || (query.length > 50 && BASE58.test(query)))
    return first(
      [[`/addresses/${query}/utxos?count=1`, href('address', query)]],
      `no address ${query} on chain`,
    );
  return {
    notFound: `"${query}" is not a block height, hash, address, stake address or asset unit`,
  };
}

import { poolIdOf } from './addresses';
import { find, type Schemas } from './api';
import { proposalId } from './pages/governance';
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

/** What the search box takes, as its help says it. */
export const SEARCH_HELP = [
  'a block height or hash',
  '"epoch 12" for an epoch (a bare number is a block height; it opens the epoch only when no block has that height)',
  'a transaction, datum or script hash',
  'an address (bech32, Byron, addr_vkh) or a stake address',
  'an asset unit (policy id and asset name in hex) or a policy id',
  'a pool id (pool1… or its hex)',
  'a DRep id (drep1… or drep_script1…) or a governance action id (gov_action1…)',
  'a committee member (cc_cold1… or cc_hot1…)',
];

/**
 * What a search box query names: heights, epochs, hashes, addresses, stake addresses, asset units,
 * pools, DReps, committee members, governance actions. A bare number is a height first, as block explorers read one: every epoch's number is also a
 * height on any chain past its first epochs, so the epoch needs its word.
 */
export async function search(input: string): Promise<Found> {
  const query = input.trim();
  const hex = query.toLowerCase();
  const epoch = /^epoch\s*(\d+)$/i.exec(query)?.[1];
  if (epoch !== undefined)
    return first([[`/epochs/${epoch}`, href('epoch', epoch)]], `no epoch ${epoch} with blocks`);
  if (/^\d+$/.test(query))
    return first(
      [
        [`/blocks/${query}`, href('block', query)],
        [`/epochs/${query}`, href('epoch', query)],
      ],
      `no block at height ${query}, nor an epoch ${query} with blocks`,
    );
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
        [`/pools/${hex}/relays`, href('pool', poolIdOf(hex))],
      ],
      `no script, policy or pool has the hash ${query}`,
    );
  if (/^(?:[0-9a-f]{2}){29,60}$/i.test(query))
    return first([[`/assets/${hex}`, href('asset', hex)]], `no asset has the unit ${query}`);
  if (/^stake(_test)?1/.test(query))
    return first([[`/accounts/${query}`, href('account', query)]], `no stake account ${query}`);
  if (/^pool1/.test(query))
    return first([[`/pools/${query}/relays`, href('pool', query)]], `no pool ${query}`);
  if (/^drep(_script)?1/.test(query))
    return first([[`/governance/dreps/${query}`, href('drep', query)]], `no DRep ${query}`);
  if (/^cc_(cold|hot)1/.test(query)) {
    // Blockfrost answers a member's votes (none) for any well-formed id: the member is on chain when the
    // committee names it or it has voted
    const [committee, votes] = await Promise.all([
      find<Schemas['committee']>('/governance/committee'),
      find<unknown[]>(`/governance/committee/${query}/votes?count=1`),
    ]);
    const named = committee?.members.some((m) => m.cc_cold_id === query || m.cc_hot_id === query);
    return named || (votes?.length ?? 0) > 0
      ? { href: href('committee', query) }
      : { notFound: `no committee member ${query}` };
  }
  if (/^gov_action1/.test(query)) {
    // the page is the proposal's transaction and index, which the action's CIP-129 id encodes
    const proposal = await find<Schemas['proposal']>(`/governance/proposals/${query}`);
    return proposal
      ? { href: href('proposal', proposalId(proposal.tx_hash, proposal.cert_index)) }
      : { notFound: `no governance action ${query}` };
  }
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
    notFound: `"${query}" is not a block height, epoch, hash, address, stake address, asset unit, pool, DRep, committee member or governance action id`,
  };
}

import { get, type Schemas } from '../api';
import { ada } from '../format';
import { useLoad } from '../load';
import { Fields, Id, Page, PagedIds, PagedTable, SectionOrUnavailable, Show, Table } from '../ui';

const percent = (fraction: number) =>
  `${(fraction * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/** A relay as its registration certificate names it: an address, a DNS name or an SRV name, and a port. */
function relay(row: Schemas['pool_relays'][number]): string {
  const host = row.dns_srv ?? row.dns ?? row.ipv4 ?? (row.ipv6 ? `[${row.ipv6}]` : '—');
  return row.port === null || row.dns_srv ? host : `${host}:${row.port}`;
}

/**
 * A stake pool: its registration's figures and metadata where this API serves them, its relays, its
 * epochs (stake, blocks, rewards), its certificates and the blocks it made.
 */
export function Pool({ id }: { id: string }) {
  // every pool the chain knows has relays (none, for a pool that never registered): 404 means unknown
  const relays = useLoad(() => get<Schemas['pool_relays']>(`/pools/${id}/relays`), id);
  return (
    <Page title="Pool" sub={id}>
      <Show loaded={relays} what={`pool ${id}`}>
        {(rows) => (
          <>
            <SectionOrUnavailable<Schemas['pool']> title="Stake and pledge" path={`/pools/${id}`}>
              {(pool) => (
                <Fields
                  rows={[
                    ['Pool id (hex)', pool.hex],
                    ['Live stake', snapshotAda(pool.live_stake)],
                    ['Active stake', snapshotAda(pool.active_stake)],
                    [
                      'Saturation',
                      pool.live_saturation === null ? NO_SNAPSHOT : percent(pool.live_saturation),
                    ],
                    ['Delegators', pool.live_delegators.toLocaleString('en-US')],
                    ['Declared pledge', ada(pool.declared_pledge)],
                    ['Live pledge', ada(pool.live_pledge)],
                    ['Margin', percent(pool.margin_cost)],
                    ['Fixed cost', ada(pool.fixed_cost)],
                    ['Blocks made', pool.blocks_minted.toLocaleString('en-US')],
                    ['Reward account', <Id kind="account" id={pool.reward_account} full />],
                    [
                      'Owners',
                      <ul class="txs">
                        {pool.owners.map((owner) => (
                          <li key={owner}>
                            <Id kind="account" id={owner} full />
                          </li>
                        ))}
                      </ul>,
                    ],
                    ['VRF key hash', pool.vrf_key],
                  ]}
                />
              )}
            </SectionOrUnavailable>
            <SectionOrUnavailable<Partial<Schemas['pool_metadata']>>
              title="Metadata"
              path={`/pools/${id}/metadata`}
            >
              {(metadata) =>
                metadata.url ? (
                  <Fields
                    rows={[
                      ['Ticker', metadata.ticker],
                      ['Name', metadata.name],
                      ['Description', metadata.description],
                      ['Homepage', metadata.homepage],
                      ['URL', metadata.url],
                      ['Hash', metadata.hash],
                      ['Fetch error', metadata.error?.message],
                    ]}
                  />
                ) : (
                  <p>The pool's registration names no metadata.</p>
                )
              }
            </SectionOrUnavailable>
            <section class="card" aria-label="Relays">
              <h2>Relays</h2>
              {rows.length === 0 ? (
                <p>The pool's registration names no relays.</p>
              ) : (
                <Table
                  columns={[['Relay'], ['Kind']]}
                  rows={rows.map((row) => [
                    relay(row),
                    [relay(row), row.dns_srv ? 'DNS SRV' : row.dns ? 'DNS' : 'address'],
                  ])}
                />
              )}
            </section>
            <PagedTable<Schemas['pool_history'][number]>
              title="History by epoch"
              path={`/pools/${id}/history`}
              order="desc"
              empty="No epoch boundary with this pool's stake has been recorded."
              columns={[
                ['Epoch', 'num'],
                ['Blocks', 'num'],
                ['Active stake', 'num'],
                ['Share of active stake', 'num'],
                ['Delegators', 'num'],
                ['Rewards', 'num'],
                ['Operator fees', 'num'],
              ]}
              row={(row) => [
                String(row.epoch),
                [
                  row.epoch,
                  row.blocks,
                  ada(row.active_stake),
                  percent(row.active_size),
                  row.delegators_count,
                  ada(row.rewards),
                  ada(row.fees),
                ],
              ]}
            />
            <PagedTable<Schemas['pool_updates'][number]>
              title="Registrations and retirements"
              path={`/pools/${id}/updates`}
              order="desc"
              empty="No certificate of this pool is on chain."
              columns={[['Transaction'], ['Certificate', 'num'], ['Action']]}
              row={(row) => [
                `${row.tx_hash}#${row.cert_index}`,
                [<Id kind="tx" id={row.tx_hash} />, row.cert_index, row.action],
              ]}
            />
            <PagedTable<Schemas['pool_votes'][number]>
              title="Votes"
              path={`/pools/${id}/votes`}
              order="desc"
              empty="This pool has not voted on a governance action."
              columns={[['Cast in'], ['Vote in transaction', 'num'], ['Vote']]}
              row={(row) => [
                `${row.tx_hash}#${row.cert_index}`,
                [<Id kind="tx" id={row.tx_hash} />, row.cert_index, row.vote],
              ]}
            />
            <PagedIds
              kind="block"
              title="Blocks made"
              path={`/pools/${id}/blocks`}
              order="desc"
              empty="This pool has made no block."
            />
          </>
        )}
      </Show>
    </Page>
  );
}

/** The registered pools, and those retiring or retired, page by page. */
export function Pools() {
  const retirement = (title: string, path: string, empty: string) => (
    <PagedTable<Schemas['pool_list_retire'][number]>
      title={title}
      path={path}
      empty={empty}
      columns={[['Pool'], ['Epoch', 'num']]}
      row={(row) => [row.pool_id, [<Id kind="pool" id={row.pool_id} full />, row.epoch]]}
    />
  );
  return (
    <Page title="Pools">
      <PagedIds kind="pool" title="Registered pools" path="/pools" empty="No pool is registered." />
      {retirement('Retiring', '/pools/retiring', 'No pool has announced a retirement still ahead.')}
      {retirement('Retired', '/pools/retired', 'No pool has retired.')}
    </Page>
  );
}

// Until the indexer has taken the ledger's stake snapshot a figure needs, the API answers null for it.
const NO_SNAPSHOT = 'not known (no stake snapshot)';
const snapshotAda = (lovelace: string | null) => (lovelace === null ? NO_SNAPSHOT : ada(lovelace));

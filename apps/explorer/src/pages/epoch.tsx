import { find, get, type Schemas } from '../api';
import { ada, time } from '../format';
import { useLoad } from '../load';
import { href } from '../route';
import { Fields, Optional, Page, PagedIds, Section, Show } from '../ui';

/** An epoch's neighbour that has blocks (Blockfrost knows only those), by /next or /previous. */
function Neighbour({ epoch, way }: { epoch: number; way: 'previous' | 'next' }) {
  const loaded = useLoad(() => find<Schemas['epoch_content'][]>(`/epochs/${epoch}/${way}?count=1`), way);
  if (loaded.state !== 'done') return <span />;
  const neighbour = loaded.value?.[0]?.epoch;
  if (neighbour === undefined)
    return <span>{way === 'previous' ? 'The first epoch' : 'The latest epoch'}</span>;
  return (
    <a href={href('epoch', String(neighbour))}>
      {way === 'previous' ? `← Epoch ${neighbour}` : `Epoch ${neighbour} →`}
    </a>
  );
}

/** An epoch: its figures summed over its blocks, its blocks page by page, its protocol parameters. */
export function Epoch({ id }: { id: string }) {
  const loaded = useLoad(() => get<Schemas['epoch_content']>(`/epochs/${id}`), id);
  return (
    <Page title="Epoch" sub={id}>
      <Show loaded={loaded} what={`epoch ${id}`}>
        {(epoch) => (
          <>
            <nav class="neighbours" aria-label="Neighbouring epochs">
              <Neighbour epoch={epoch.epoch} way="previous" />
              <Neighbour epoch={epoch.epoch} way="next" />
            </nav>
            <Section title="Epoch">
              <Fields
                rows={[
                  ['Number', epoch.epoch],
                  ['Starts', time(epoch.start_time)],
                  ['Ends', time(epoch.end_time)],
                  ['First block', time(epoch.first_block_time)],
                  ['Last block', time(epoch.last_block_time)],
                  ['Blocks', epoch.block_count.toLocaleString('en-US')],
                  ['Transactions', epoch.tx_count.toLocaleString('en-US')],
                  ['Output', ada(epoch.output)],
                  ['Fees', ada(epoch.fees)],
                  [
                    'Active stake',
                    epoch.active_stake === null ? 'not known (no stake snapshot)' : ada(epoch.active_stake),
                  ],
                ]}
              />
            </Section>
            <PagedIds
              kind="block"
              title={`Blocks (${epoch.block_count.toLocaleString('en-US')})`}
              path={`/epochs/${epoch.epoch}/blocks`}
              empty="This epoch has no blocks."
            />
            <Optional<Schemas['epoch_param_content']> path={`/epochs/${epoch.epoch}/parameters`}>
              {(parameters) => (
                <Section title="Protocol parameters">
                  <Fields
                    rows={[
                      [
                        'Protocol version',
                        `${parameters.protocol_major_ver}.${parameters.protocol_minor_ver}`,
                      ],
                      ['Fee per byte', `${parameters.min_fee_a} lovelace`],
                      ['Fee per transaction', ada(String(parameters.min_fee_b))],
                      ['Largest transaction', `${parameters.max_tx_size.toLocaleString('en-US')} bytes`],
                      ['Largest block body', `${parameters.max_block_size.toLocaleString('en-US')} bytes`],
                      ['Stake key deposit', ada(parameters.key_deposit)],
                      ['Pool deposit', ada(parameters.pool_deposit)],
                      ['Pools aimed at (k)', parameters.n_opt],
                      ['Epoch nonce', parameters.nonce],
                    ]}
                  />
                </Section>
              )}
            </Optional>
          </>
        )}
      </Show>
    </Page>
  );
}

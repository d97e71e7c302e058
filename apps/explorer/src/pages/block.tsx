import { get, type Schemas } from '../api';
import { ada, ago, time } from '../format';
import { useLoad } from '../load';
import { href } from '../route';
import { EpochLink, Fields, Page, PagedIds, PoolId, Section, Show } from '../ui';

export function Block({ id }: { id: string }) {
  const loaded = useLoad(() => get<Schemas['block_content']>(`/blocks/${id}`), id);
  return (
    <Page title="Block" sub={id}>
      <Show loaded={loaded} what={`block ${id}`}>
        {(block) => (
          <>
            <nav class="neighbours" aria-label="Neighbouring blocks">
              {block.previous_block ? (
                <a href={href('block', block.previous_block)} title={block.previous_block}>
                  ← Previous block
                </a>
              ) : (
                <span>First block</span>
              )}
              {block.next_block ? (
                <a href={href('block', block.next_block)} title={block.next_block}>
                  Next block →
                </a>
              ) : (
                <span>The tip</span>
              )}
            </nav>
            <Section title="Block">
              <Fields
                rows={[
                  ['Height', block.height?.toLocaleString('en-US')],
                  ['Hash', block.hash],
                  ['Time', `${time(block.time)} (${ago(block.time)})`],
                  ['Slot', block.slot?.toLocaleString('en-US')],
                  ['Epoch', <EpochLink epoch={block.epoch} />],
                  ['Slot in epoch', block.epoch_slot],
                  ['Transactions', block.tx_count],
                  ['Output', block.output === null ? null : ada(block.output)],
                  ['Fees', block.fees === null ? null : ada(block.fees)],
                  ['Size', `${block.size} bytes`],
                  ['Confirmations', block.confirmations],
                  ['Slot leader', <PoolId id={block.slot_leader} />],
                  ['VRF key', block.block_vrf],
                  ['Operational certificate', block.op_cert],
                ]}
              />
            </Section>
            {block.tx_count > 0 && (
              <PagedIds
                kind="tx"
                title={`Transactions (${block.tx_count})`}
                path={`/blocks/${block.hash}/txs`}
                empty="This block holds no transactions."
              />
            )}
          </>
        )}
      </Show>
    </Page>
  );
}

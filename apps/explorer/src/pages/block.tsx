import { get, type Schemas } from '../api';
import { ada, ago, time } from '../format';
import { useLoad } from '../load';
import { Fields, Id, Page, Pager, Section, Show, usePage } from '../ui';

const PAGE_SIZE = 20;

export function Block({ id }: { id: string }) {
  const loaded = useLoad(() => get<Schemas['block_content']>(`/blocks/${id}`), id);
  return (
    <Page title="Block" sub={id}>
      <Show loaded={loaded} what={`block ${id}`}>
        {(block) => (
          <Section title="Block">
            <Fields
              rows={[
                ['Height', block.height?.toLocaleString('en-US')],
                ['Hash', block.hash],
                ['Time', `${time(block.time)} (${ago(block.time)})`],
                ['Slot', block.slot?.toLocaleString('en-US')],
                ['Epoch', block.epoch],
                ['Slot in epoch', block.epoch_slot],
                ['Transactions', block.tx_count],
                ['Output', block.output === null ? null : ada(block.output)],
                ['Fees', block.fees === null ? null : ada(block.fees)],
                ['Size', `${block.size} bytes`],
                ['Confirmations', block.confirmations],
                ['Slot leader', block.slot_leader],
                ['VRF key', block.block_vrf],
                ['Operational certificate', block.op_cert],
                ['Previous block', block.previous_block && <Id kind="block" id={block.previous_block} />],
                ['Next block', block.next_block && <Id kind="block" id={block.next_block} />],
              ]}
            />
          </Section>
        )}
      </Show>
      {loaded.state === 'done' && loaded.value.tx_count > 0 && <Transactions hash={loaded.value.hash} />}
    </Page>
  );
}

function Transactions({ hash }: { hash: string }) {
  const [page, setPage] = usePage();
  const txs = useLoad(
    () => get<string[]>(`/blocks/${hash}/txs?count=${PAGE_SIZE}&page=${page}`),
    `${hash} ${page}`,
  );
  return (
    <Section title="Transactions">
      <Show loaded={txs}>
        {(hashes) => (
          <>
            <ol class="txs" start={(page - 1) * PAGE_SIZE}>
              {hashes.map((tx) => (
                <li key={tx}>
                  <Id kind="tx" id={tx} full />
                </li>
              ))}
            </ol>
            <Pager page={page} setPage={setPage} full={hashes.length === PAGE_SIZE} label="Transactions" />
          </>
        )}
      </Show>
    </Section>
  );
}

import { get, type Schemas } from '../api';
import { stakeAddressOf } from '../addresses';
import { useLoad } from '../load';
import { Amounts, Fields, Id, Page, Pager, ReferenceScript, Section, Show, usePage } from '../ui';

const PAGE_SIZE = 20;

export function Address({ address }: { address: string }) {
  const [page, setPage] = usePage();
  const utxos = useLoad(
    () => get<Schemas['address_utxo_content']>(`/addresses/${address}/utxos?count=${PAGE_SIZE}&page=${page}`),
    `${address} ${page}`,
  );
  const stake = stakeAddressOf(address);
  return (
    <Page title="Address" sub={address}>
      {stake && (
        <Section title="Stake account">
          <Fields rows={[['Stake address', <Id kind="account" id={stake} full />]]} />
        </Section>
      )}
      <Section title="Unspent outputs">
        <Show loaded={utxos} what={`address ${address}`}>
          {(rows) => (
            <>
              {rows.length === 0 && <p>This address holds no unspent outputs.</p>}
              <ol class="utxos">
                {rows.map((utxo) => (
                  <li key={`${utxo.tx_hash}#${utxo.output_index}`}>
                    <div class="utxo-head">
                      <span>
                        <Id kind="tx" id={utxo.tx_hash} />#{utxo.output_index}
                      </span>
                      <span class="from">
                        in block <Id kind="block" id={utxo.block} />
                      </span>
                    </div>
                    <Amounts amounts={utxo.amount} />
                    {utxo.data_hash && (
                      <p class="meta">
                        Datum <Id kind="datum" id={utxo.data_hash} />
                      </p>
                    )}
                    <ReferenceScript hash={utxo.reference_script_hash} />
                  </li>
                ))}
              </ol>
              <Pager page={page} setPage={setPage} full={rows.length === PAGE_SIZE} label="Unspent outputs" />
            </>
          )}
        </Show>
      </Section>
    </Page>
  );
}

import { type Schemas } from '../api';
import { stakeAddressOf } from '../addresses';
import { Amounts, Fields, Id, Optional, Page, PagedList, Section, TxTable, UtxoList } from '../ui';

export function Address({ address }: { address: string }) {
  const stake = stakeAddressOf(address);
  return (
    <Page title="Address" sub={address}>
      <Optional<Schemas['address_content']> path={`/addresses/${address}`}>
        {(content) => (
          <Section title="Balance">
            <Fields
              rows={[
                ['Holds', <Amounts amounts={content.amount} />],
                ['Era', content.type],
                ['Paid to', content.script ? 'a script' : 'a key'],
              ]}
            />
          </Section>
        )}
      </Optional>
      {stake && (
        <Section title="Stake account">
          <Fields rows={[['Stake address', <Id kind="account" id={stake} full />]]} />
        </Section>
      )}
      <Optional<Schemas['address_content_total']> path={`/addresses/${address}/total`}>
        {(total) => (
          <Section title="Totals">
            <Fields
              rows={[
                ['Transactions', total.tx_count.toLocaleString('en-US')],
                ['Received', <Amounts amounts={total.received_sum} />],
                ['Sent', <Amounts amounts={total.sent_sum} />],
              ]}
            />
          </Section>
        )}
      </Optional>
      <PagedList<Schemas['address_utxo_content'][number]>
        title="Unspent outputs"
        path={`/addresses/${address}/utxos`}
        empty="This address holds no unspent outputs."
        what={`address ${address}`}
      >
        {(rows) => <UtxoList rows={rows} />}
      </PagedList>
      <PagedList<Schemas['address_transactions_content'][number]>
        title="Transactions"
        path={`/addresses/${address}/transactions`}
        order="desc"
        empty="No transaction touched this address."
      >
        {(rows) => <TxTable rows={rows} />}
      </PagedList>
    </Page>
  );
}

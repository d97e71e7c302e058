import { type Schemas } from '../api';
import { quantity, unitLabel } from '../format';
import { Fields, Id, Optional, Page, PagedTable, Section } from '../ui';

/** A minting policy: the assets minted under it, and its script when the chain holds it. */
export function Policy({ id }: { id: string }) {
  return (
    <Page title="Policy" sub={id}>
      <Optional<Schemas['script']> path={`/scripts/${id}`}>
        {(script) => (
          <Section title="Script">
            <Fields
              rows={[
                ['Script', <Id kind="script" id={script.script_hash} full />],
                ['Type', script.type],
              ]}
            />
          </Section>
        )}
      </Optional>
      <PagedTable<Schemas['asset_policy'][number]>
        title="Assets"
        path={`/assets/policy/${id}`}
        empty="No asset was minted under this policy."
        what={`policy ${id}`}
        columns={[['Name'], ['Asset'], ['Supply', 'num']]}
        row={(row) => [
          row.asset,
          [unitLabel(row.asset), <Id kind="asset" id={row.asset} />, quantity(row.quantity)],
        ]}
      />
    </Page>
  );
}

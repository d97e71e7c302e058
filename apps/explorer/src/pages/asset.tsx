import { get, type Schemas } from '../api';
import { assetNameText, quantity } from '../format';
import { useLoad } from '../load';
import { Fields, Id, Json, Page, PagedList, PagedTable, Section, Show, TxTable } from '../ui';

/** A CIP-25/CIP-68 `image` (a string, or CIP-25's array of chunks) as a URL a browser can load. */
function imageUrl(metadata: Record<string, unknown> | null): string | null {
  const image = metadata?.image;
  const text = Array.isArray(image) ? image.join('') : image;
  if (typeof text !== 'string') return null;
  if (text.startsWith('ipfs://'))
    return `https://ipfs.io/ipfs/${text.slice('ipfs://'.length).replace(/^ipfs\//, '')}`;
  return /^(https?:|data:image\/)/.test(text) ? text : null;
}

export function Asset({ unit }: { unit: string }) {
  const asset = useLoad(() => get<Schemas['asset']>(`/assets/${unit}`), unit);
  return (
    <Page title="Asset" sub={unit}>
      <Show loaded={asset} what={`asset ${unit}`}>
        {(value) => {
          const image = imageUrl(value.onchain_metadata);
          const name = (value.onchain_metadata?.name as string | undefined) ?? value.metadata?.name;
          return (
            <>
              <Section title="Asset">
                <div class="asset">
                  {image && (
                    <img
                      src={image}
                      alt={`Image of ${name ?? 'the asset'}`}
                      width={160}
                      height={160}
                      // an image that cannot be fetched (offline, a dead gateway) is left out, not shown broken
                      onError={(event) => event.currentTarget.remove()}
                    />
                  )}
                  <Fields
                    rows={[
                      ['Name', name ?? assetNameText(value.asset_name) ?? value.asset_name],
                      ['Asset name (hex)', value.asset_name],
                      ['Policy', <Id kind="policy" id={value.policy_id} full />],
                      ['Fingerprint', value.fingerprint],
                      ['Supply', quantity(value.quantity)],
                      ['Mints and burns', value.mint_or_burn_count],
                      ['First minted in', <Id kind="tx" id={value.initial_mint_tx_hash} />],
                      ['Metadata standard', value.onchain_metadata_standard],
                      ['Registry ticker', value.metadata?.ticker],
                      ['Registry description', value.metadata?.description],
                    ]}
                  />
                </div>
              </Section>
              {value.onchain_metadata && (
                <Section title="On-chain metadata">
                  <Json value={value.onchain_metadata} label="On-chain metadata" />
                </Section>
              )}
            </>
          );
        }}
      </Show>
      {asset.state === 'done' && (
        <>
          <PagedTable<Schemas['asset_addresses'][number]>
            title="Holders"
            path={`/assets/${unit}/addresses`}
            empty="No address holds this asset now."
            columns={[['Address'], ['Quantity', 'num']]}
            row={(row) => [row.address, [<Id kind="address" id={row.address} />, quantity(row.quantity)]]}
          />
          <PagedTable<Schemas['asset_history'][number]>
            title="Mints and burns"
            path={`/assets/${unit}/history`}
            order="desc"
            empty="This asset was never minted."
            columns={[['Transaction'], ['Action'], ['Amount', 'num']]}
            row={(row) => [
              `${row.tx_hash} ${row.action}`,
              [<Id kind="tx" id={row.tx_hash} />, row.action, quantity(row.amount)],
            ]}
          />
          <PagedList<Schemas['asset_transactions'][number]>
            title="Transactions"
            path={`/assets/${unit}/transactions`}
            order="desc"
            empty="No transaction moved this asset."
          >
            {(rows) => <TxTable rows={rows} />}
          </PagedList>
        </>
      )}
    </Page>
  );
}

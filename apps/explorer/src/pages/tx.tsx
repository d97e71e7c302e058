import { find, get, type Schemas } from '../api';
import { ada, ago, time } from '../format';
import { useLoad } from '../load';
import { Amounts, Fields, Hex, Id, Json, Page, ReferenceScript, Section, Show } from '../ui';

type Utxos = Schemas['tx_content_utxo'];
type Input = Utxos['inputs'][number];
type Output = Utxos['outputs'][number];

/** Everything the served paths say about one transaction, read at once. */
async function loadTx(hash: string) {
  const [tx, utxos, metadata, cbor] = await Promise.all([
    get<Schemas['tx_content']>(`/txs/${hash}`),
    get<Utxos>(`/txs/${hash}/utxos`),
    get<Schemas['tx_content_metadata_cbor']>(`/txs/${hash}/metadata/cbor`),
    find<Schemas['tx_content_cbor']>(`/txs/${hash}/cbor`),
  ]);
  return { tx, utxos, metadata, cbor };
}

export function Tx({ hash }: { hash: string }) {
  const loaded = useLoad(() => loadTx(hash), hash);
  return (
    <Page title="Transaction" sub={hash}>
      <Show loaded={loaded} what={`transaction ${hash}`}>
        {({ tx, utxos, metadata, cbor }) => {
          const inputs = utxos.inputs.filter((input) => !input.collateral && !input.reference);
          const collateral = utxos.inputs.filter((input) => input.collateral);
          const references = utxos.inputs.filter((input) => input.reference);
          const outputs = utxos.outputs.filter((output) => !output.collateral);
          const collateralReturn = utxos.outputs.filter((output) => output.collateral);
          return (
            <>
              <Section title="Summary">
                <Fields
                  rows={[
                    ['Block', <Id kind="block" id={tx.block} />],
                    ['Height', <Id kind="block" id={String(tx.block_height)} full />],
                    ['Time', `${time(tx.block_time)} (${ago(tx.block_time)})`],
                    ['Slot', tx.slot.toLocaleString('en-US')],
                    ['Index in block', tx.index],
                    ['Fee', ada(tx.fees)],
                    ['Deposit', ada(tx.deposit)],
                    ['Treasury donation', ada(tx.treasury_donation)],
                    ['Size', `${tx.size} bytes`],
                    ['Valid from slot', tx.invalid_before ?? 'any'],
                    ['Valid before slot', tx.invalid_hereafter ?? 'any'],
                    ['Scripts', tx.valid_contract ? 'succeeded' : 'failed: the collateral was taken'],
                    ['Output total', <Amounts amounts={tx.output_amount} />],
                    ['Redeemers', tx.redeemer_count],
                    ['Minted or burnt assets', tx.asset_mint_or_burn_count],
                    ['Withdrawals', tx.withdrawal_count],
                    ['Stake certificates', tx.stake_cert_count],
                    ['Delegations', tx.delegation_count],
                    ['Pool certificates', tx.pool_update_count + tx.pool_retire_count],
                    ['MIR certificates', tx.mir_cert_count],
                  ]}
                />
              </Section>
              <Section title={`Inputs (${inputs.length})`}>
                <Utxos rows={inputs} spent />
              </Section>
              <Section title={`Outputs (${outputs.length})`}>
                <Utxos rows={outputs} />
              </Section>
              {references.length > 0 && (
                <Section title={`Reference inputs (${references.length})`}>
                  <Utxos rows={references} spent />
                </Section>
              )}
              {collateral.length > 0 && (
                <Section title={`Collateral (${collateral.length})`}>
                  <Utxos rows={collateral} spent />
                  {collateralReturn.length > 0 && (
                    <>
                      <h3>Collateral return</h3>
                      <Utxos rows={collateralReturn} />
                    </>
                  )}
                </Section>
              )}
              {metadata.length > 0 && (
                <Section title="Metadata">
                  {metadata.map((entry) => (
                    <div key={entry.label}>
                      <h3>Label {entry.label}</h3>
                      {(entry.metadata ?? entry.cbor_metadata) && (
                        <Hex
                          hex={(entry.metadata ?? entry.cbor_metadata)!}
                          label={`Label ${entry.label} CBOR`}
                        />
                      )}
                    </div>
                  ))}
                </Section>
              )}
              {cbor && (
                <Section title="CBOR">
                  <Hex hex={cbor.cbor} label="Transaction CBOR" />
                </Section>
              )}
            </>
          );
        }}
      </Show>
    </Page>
  );
}

/** Inputs (with the transaction that made each) or outputs (with the one that spent it, if any). */
function Utxos({ rows, spent }: { rows: (Input | Output)[]; spent?: boolean }) {
  return (
    <ol class="utxos">
      {rows.map((row) => (
        <li key={`${'tx_hash' in row ? row.tx_hash : ''}#${row.output_index}`}>
          <div class="utxo-head">
            <Id kind="address" id={row.address} />
            {spent && 'tx_hash' in row ? (
              <span class="from">
                from <Id kind="tx" id={row.tx_hash} />#{row.output_index}
              </span>
            ) : (
              <span class="from">
                #{row.output_index}
                {'consumed_by_tx' in row && row.consumed_by_tx && (
                  <>
                    {' '}
                    spent by <Id kind="tx" id={row.consumed_by_tx} />
                  </>
                )}
              </span>
            )}
          </div>
          <Amounts amounts={row.amount} />
          {row.data_hash && <Datum hash={row.data_hash} inline={row.inline_datum !== null} />}
          <ReferenceScript hash={row.reference_script_hash} />
        </li>
      ))}
    </ol>
  );
}

/** The datum as JSON (db-sync's ScriptData form), from /scripts/datum/{hash}. */
function Datum({ hash, inline }: { hash: string; inline: boolean }) {
  const datum = useLoad(() => find<Schemas['script_datum']>(`/scripts/datum/${hash}`), hash);
  return (
    <div class="meta">
      {inline ? 'Inline datum' : 'Datum hash'} <Id kind="datum" id={hash} />
      {datum.state === 'done' && datum.value && (
        <Json value={datum.value.json_value} label={`Datum ${hash}`} />
      )}
    </div>
  );
}

import { find, get, type Schemas } from '../api';
import { ada, ago, quantity, time } from '../format';
import { useLoad } from '../load';
import {
  Amounts,
  Fields,
  Hex,
  Id,
  Json,
  Optional,
  OptionalTable,
  Page,
  PoolId,
  ReferenceScript,
  Section,
  Show,
} from '../ui';

type Utxos = Schemas['tx_content_utxo'];
type Input = Utxos['inputs'][number];
type Output = Utxos['outputs'][number];
type Amount = Output['amount'][number];

/** What a transaction's block and body say, with its inputs and outputs; the other sections load on their own. */
async function loadTx(hash: string) {
  const [tx, utxos] = await Promise.all([
    get<Schemas['tx_content']>(`/txs/${hash}`),
    get<Utxos>(`/txs/${hash}/utxos`),
  ]);
  return { tx, utxos };
}

/**
 * What the transaction minted (positive) and burnt (negative), per asset: no Blockfrost path lists it,
 * but the ledger keeps every native asset's quantity, so outputs = inputs + mint. A transaction whose
 * scripts failed minted nothing (only its collateral was taken).
 */
function minted(tx: Schemas['tx_content'], inputs: Input[], outputs: Output[]): Amount[] {
  if (!tx.valid_contract || tx.asset_mint_or_burn_count === 0) return [];
  const change = new Map<string, bigint>();
  const add = (rows: (Input | Output)[], sign: bigint) => {
    for (const row of rows)
      for (const { unit, quantity } of row.amount)
        if (unit !== 'lovelace') change.set(unit, (change.get(unit) ?? 0n) + sign * BigInt(quantity));
  };
  add(outputs, 1n);
  add(inputs, -1n);
  return [...change]
    .filter(([, quantity]) => quantity !== 0n)
    .map(([unit, quantity]) => ({ unit, quantity: quantity.toString() }));
}

/** A section's path when the transaction has any of what it lists (its count in /txs/{hash}), else null. */
const when = (count: number, path: string) => (count > 0 ? path : null);

export function Tx({ hash }: { hash: string }) {
  const loaded = useLoad(() => loadTx(hash), hash);
  const path = `/txs/${hash}`;
  return (
    <Page title="Transaction" sub={hash}>
      <Show loaded={loaded} what={`transaction ${hash}`}>
        {({ tx, utxos }) => {
          const inputs = utxos.inputs.filter((input) => !input.collateral && !input.reference);
          const collateral = utxos.inputs.filter((input) => input.collateral);
          const references = utxos.inputs.filter((input) => input.reference);
          const outputs = utxos.outputs.filter((output) => !output.collateral);
          const collateralReturn = utxos.outputs.filter((output) => output.collateral);
          const mint = minted(tx, inputs, outputs);
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
              {mint.length > 0 && (
                <Section title="Minted and burnt">
                  <Amounts amounts={mint} />
                </Section>
              )}
              <OptionalTable<Schemas['tx_content_redeemers'][number]>
                title="Redeemers"
                path={when(tx.redeemer_count, `${path}/redeemers`)}
                columns={[
                  ['Purpose'],
                  ['Index', 'num'],
                  ['Script'],
                  ['Memory', 'num'],
                  ['CPU steps', 'num'],
                  ['Fee', 'num'],
                ]}
                row={(redeemer) => [
                  `${redeemer.purpose} ${redeemer.tx_index}`,
                  [
                    redeemer.purpose,
                    redeemer.tx_index,
                    <Id kind="script" id={redeemer.script_hash} />,
                    quantity(redeemer.unit_mem),
                    quantity(redeemer.unit_steps),
                    ada(redeemer.fee),
                  ],
                ]}
              />
              <OptionalTable<Schemas['tx_content_withdrawals'][number]>
                title="Withdrawals"
                path={when(tx.withdrawal_count, `${path}/withdrawals`)}
                columns={[['Stake account'], ['Amount', 'num']]}
                row={(row) => [row.address, [<Id kind="account" id={row.address} />, ada(row.amount)]]}
              />
              <Certificates tx={tx} />
              <Optional<Schemas['tx_content_required_signers']> path={`${path}/required_signers`}>
                {(signers) => (
                  <Section title="Required signers">
                    <ul class="txs">
                      {signers.map((signer) => (
                        <li key={signer.witness_hash}>
                          <code>{signer.witness_hash}</code>
                        </li>
                      ))}
                    </ul>
                  </Section>
                )}
              </Optional>
              <Optional<Schemas['tx_content_metadata']> path={`${path}/metadata`}>
                {(metadata) => (
                  <Section title="Metadata">
                    {metadata.map((entry) => (
                      <div key={entry.label}>
                        <h3>Label {entry.label}</h3>
                        <Json value={entry.json_metadata} label={`Metadata label ${entry.label}`} />
                      </div>
                    ))}
                  </Section>
                )}
              </Optional>
              <Optional<Schemas['tx_content_cbor']> path={`${path}/cbor`}>
                {(cbor) => (
                  <Section title="CBOR">
                    <Hex hex={cbor.cbor} label="Transaction CBOR" />
                  </Section>
                )}
              </Optional>
            </>
          );
        }}
      </Show>
    </Page>
  );
}

/** Each kind of certificate Blockfrost lists at its own path, fetched only when the transaction has some. */
function Certificates({ tx }: { tx: Schemas['tx_content'] }) {
  const path = `/txs/${tx.hash}`;
  return (
    <>
      <OptionalTable<Schemas['tx_content_stake_addr'][number]>
        title="Stake registrations"
        path={when(tx.stake_cert_count, `${path}/stakes`)}
        columns={[['Certificate', 'num'], ['Stake account'], ['Action']]}
        row={(row) => [
          String(row.cert_index),
          [
            row.cert_index,
            <Id kind="account" id={row.address} />,
            row.registration ? 'registered' : 'deregistered',
          ],
        ]}
      />
      <OptionalTable<Schemas['tx_content_delegations'][number]>
        title="Delegations"
        path={when(tx.delegation_count, `${path}/delegations`)}
        columns={[['Certificate', 'num'], ['Stake account'], ['Pool'], ['Active from epoch', 'num']]}
        row={(row) => [
          String(row.cert_index),
          [
            row.cert_index,
            <Id kind="account" id={row.address} />,
            <PoolId id={row.pool_id} />,
            row.active_epoch,
          ],
        ]}
      />
      <Optional<Schemas['tx_content_pool_certs']> path={when(tx.pool_update_count, `${path}/pool_updates`)}>
        {(rows) => (
          <Section title="Pool registrations">
            {rows.map((row) => (
              <Fields
                key={row.cert_index}
                rows={[
                  ['Certificate', row.cert_index],
                  ['Pool', <PoolId id={row.pool_id} />],
                  ['VRF key hash', row.vrf_key],
                  ['Pledge', ada(row.pledge)],
                  ['Fixed cost', ada(row.fixed_cost)],
                  ['Margin', `${(row.margin_cost * 100).toLocaleString('en-US')} %`],
                  ['Reward account', <Id kind="account" id={row.reward_account} />],
                  [
                    'Owners',
                    row.owners.map((owner) => (
                      <div key={owner}>
                        <Id kind="account" id={owner} />
                      </div>
                    )),
                  ],
                  ['Metadata', row.metadata?.url],
                  ['Relays', row.relays.length],
                  ['Active from epoch', row.active_epoch],
                ]}
              />
            ))}
          </Section>
        )}
      </Optional>
      <OptionalTable<Schemas['tx_content_pool_retires'][number]>
        title="Pool retirements"
        path={when(tx.pool_retire_count, `${path}/pool_retires`)}
        columns={[['Certificate', 'num'], ['Pool'], ['Retiring in epoch', 'num']]}
        row={(row) => [
          String(row.cert_index),
          [row.cert_index, <PoolId id={row.pool_id} />, row.retiring_epoch],
        ]}
      />
      <OptionalTable<Schemas['tx_content_mirs'][number]>
        title="Moves of instantaneous rewards"
        path={when(tx.mir_cert_count, `${path}/mirs`)}
        columns={[['Certificate', 'num'], ['From'], ['Stake account'], ['Amount', 'num']]}
        row={(row) => [
          `${row.cert_index} ${row.address}`,
          [row.cert_index, row.pot, <Id kind="account" id={row.address} />, ada(row.amount)],
        ]}
      />
    </>
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

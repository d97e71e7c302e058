import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError, ApiUnreachable, currentSettings, find, get, isUnserved, type Schemas } from './api';
import { ada, quantity, time, unitLabel } from './format';
import { useLoad, type Loaded } from './load';
import { href, type PageKind } from './route';

/**
 * A link to an id's page. Long ids are cut short by CSS alone, so the link's text (and accessible
 * name) stays the whole id; `full` shows it all.
 */
export function Id({ kind, id, full }: { kind: Exclude<PageKind, 'home'>; id: string; full?: boolean }) {
  return (
    <a class={full ? 'id' : 'id short'} href={href(kind, id)} title={id}>
      {id}
    </a>
  );
}

export function Amounts({ amounts }: { amounts: { unit: string; quantity: string }[] }) {
  return (
    <ul class="amounts">
      {amounts.map((amount) => (
        <li key={amount.unit}>
          {amount.unit === 'lovelace' ? (
            <span class="ada">{ada(amount.quantity)}</span>
          ) : (
            <>
              {quantity(amount.quantity)}{' '}
              <a href={href('asset', amount.unit)} title={amount.unit}>
                {unitLabel(amount.unit)}
              </a>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A column: its heading, and whether it holds numbers (right-aligned). */
export type Column = [string, 'num'?];

/** A table of rows, each a key and one cell per column. */
export function Table({ columns, rows }: { columns: Column[]; rows: [string, ComponentChildren[]][] }) {
  return (
    <table>
      <thead>
        <tr>
          {columns.map(([name, kind]) => (
            <th scope="col" class={kind} key={name}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, cells]) => (
          <tr key={key}>
            {cells.map((cell, index) => (
              <td class={columns[index][1]} key={index}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The script an output carries for other transactions to reference. */
export function ReferenceScript({ hash }: { hash: string | null }) {
  if (!hash) return null;
  return (
    <p class="meta">
      Reference script <Id kind="script" id={hash} />
    </p>
  );
}

/**
 * A transaction list's rows: what /addresses/{a}, /accounts/{s} and /assets/{a} `/transactions` answer. The
 * genesis pseudo-transactions have no block height, as Blockfrost lists them.
 */
export function TxTable({
  rows,
}: {
  rows: { tx_hash: string; tx_index: number; block_height: number | null; block_time: number }[];
}) {
  return (
    <Table
      columns={[['Transaction'], ['Block', 'num'], ['Index', 'num'], ['Time']]}
      rows={rows.map((row) => [
        row.tx_hash,
        [
          <Id kind="tx" id={row.tx_hash} />,
          row.block_height === null ? 'genesis' : <Id kind="block" id={String(row.block_height)} full />,
          row.tx_index,
          time(row.block_time),
        ],
      ])}
    />
  );
}

/**
 * Unspent outputs as /addresses/{a}/utxos and /accounts/{s}/utxos answer them; `withAddress` for an
 * account's, which are at several addresses.
 */
export function UtxoList({
  rows,
  withAddress,
}: {
  rows: Schemas['address_utxo_content'];
  withAddress?: boolean;
}) {
  return (
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
          {withAddress && (
            <p class="meta">
              At <Id kind="address" id={utxo.address} />
            </p>
          )}
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
  );
}

/** A list of name/value rows. */
export function Fields({ rows }: { rows: [string, ComponentChildren][] }) {
  return (
    <dl class="fields">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section class="card" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function Page({ title, sub, children }: { title: string; sub?: string; children: ComponentChildren }) {
  return (
    <>
      <h1>
        {title}
        {sub && <span class="sub">{sub}</span>}
      </h1>
      {children}
    </>
  );
}

const isNotFound = (error: Error) => error instanceof ApiError && error.status === 404;

/** What failed, said plainly: the API down, an id not on chain, or the API's own message. */
export function Failure({ error, what }: { error: Error; what?: string }) {
  if (error instanceof ApiUnreachable)
    return (
      <p class="alert" role="alert">
        {error.message} The explorer reads everything from it; check the API URL in{' '}
        <a href={href('settings')}>settings</a>.
      </p>
    );
  if (isNotFound(error))
    return (
      <p class="notice" role="status">
        Not found: {what ?? 'this'} is not on chain (or not indexed yet).
      </p>
    );
  if (error instanceof ApiError && error.status === 403)
    return (
      <p class="alert" role="alert">
        The API refused the project token ({error.message}). Set it in <a href={href('settings')}>settings</a>
        .
      </p>
    );
  return (
    <p class="alert" role="alert">
      The API answered an error: {error.message}
    </p>
  );
}

/** Renders `children(value)` once loaded; a loading line or the failure otherwise. */
export function Show<T>({
  loaded,
  what,
  children,
}: {
  loaded: Loaded<T>;
  what?: string;
  children: (value: T) => ComponentChildren;
}) {
  if (loaded.state === 'loading') return <p class="loading">Loading…</p>;
  if (loaded.state === 'failed') return <Failure error={loaded.error} what={what} />;
  return <>{children(loaded.value)}</>;
}

/** Blockfrost's pages (`?page=` from 1): previous/next, next only while a page came back full. */
export function Pager({
  page,
  setPage,
  full,
  label,
}: {
  page: number;
  setPage: (page: number) => void;
  full: boolean;
  label: string;
}) {
  if (page === 1 && !full) return null;
  return (
    <nav class="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
        ← Previous
      </button>
      <span>Page {page}</span>
      <button type="button" disabled={!full} onClick={() => setPage(page + 1)}>
        Next →
      </button>
    </nav>
  );
}

interface PagedListProps<T> {
  title: string;
  path: string;
  order?: 'asc' | 'desc';
  empty: string;
  what?: string;
  children: (rows: T[], first: number) => ComponentChildren;
}

/**
 * A section listing one Blockfrost page of `path` at a time (`count`, `page`, and `order` when given),
 * so a busy mainnet address loads as fast as a quiet one. An API that does not serve the path leaves
 * the section out, as does a 404 unless `what` names what the 404 says is not on chain (a page's own list).
 */
export function PagedList<T>({ title, path, order, empty, what, children }: PagedListProps<T>) {
  const [page, setPage] = useState(1);
  const pageSize = currentSettings().pageSize;
  const query = `count=${pageSize}&page=${page}${order ? `&order=${order}` : ''}`;
  const url = `${path}${path.includes('?') ? '&' : '?'}${query}`;
  const rows = useLoad(() => get<T[]>(url), url);
  if (rows.state === 'failed' && (isUnserved(rows.error) || (isNotFound(rows.error) && !what))) return null;
  return (
    <Section title={title}>
      <Show loaded={rows} what={what}>
        {(list) =>
          list.length === 0 && page === 1 ? (
            <p>{empty}</p>
          ) : (
            <>
              {list.length === 0 ? (
                // a full page can be the last one: Blockfrost says nothing of what follows it
                <p>No more rows: the previous page was the last.</p>
              ) : (
                children(list, (page - 1) * pageSize)
              )}
              <Pager page={page} setPage={setPage} full={list.length === pageSize} label={title} />
            </>
          )
        }
      </Show>
    </Section>
  );
}

/** A PagedList shown as a table: `row` gives each row's key and cells. */
export function PagedTable<T>({
  columns,
  row,
  ...list
}: Omit<PagedListProps<T>, 'children'> & {
  columns: Column[];
  row: (row: T) => [string, ComponentChildren[]];
}) {
  return <PagedList<T> {...list}>{(rows) => <Table columns={columns} rows={rows.map(row)} />}</PagedList>;
}

/** A section shown once `path` answers: left out while loading, when the API does not serve it (404) or it is empty. */
export function Optional<T>({
  path,
  children,
}: {
  path: string | null;
  children: (value: T) => ComponentChildren;
}) {
  const loaded = useLoad(() => (path ? find<T>(path) : Promise.resolve(null)), path ?? '');
  if (loaded.state === 'failed') return <Failure error={loaded.error} />;
  if (loaded.state !== 'done' || loaded.value === null) return null;
  if (Array.isArray(loaded.value) && loaded.value.length === 0) return null;
  return <>{children(loaded.value)}</>;
}

/** JSON (a datum, metadata, a native script) pretty-printed. */
export function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <pre class="json" tabIndex={0} aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** Hex (CBOR) folded away: it can be long. */
export function Hex({ hex, label }: { hex: string; label: string }) {
  return (
    <details>
      <summary>
        {label} ({hex.length / 2} bytes)
      </summary>
      <pre class="hex" tabIndex={0} aria-label={label}>
        {hex}
      </pre>
    </details>
  );
}

/** An Optional section holding a table of the list `path` answers: `row` gives each row's key and cells. */
export function OptionalTable<T>({
  title,
  path,
  columns,
  row,
}: {
  title: string;
  path: string | null;
  columns: Column[];
  row: (row: T) => [string, ComponentChildren[]];
}) {
  return (
    <Optional<T[]> path={path}>
      {(rows) => (
        <Section title={title}>
          <Table columns={columns} rows={rows.map(row)} />
        </Section>
      )}
    </Optional>
  );
}

/**
 * A section that is always on the page: what `path` answers, or, when it answers 404 (or the API does
 * not serve it), that this API does not give it, so a reader knows the section is missing, not empty.
 */
export function SectionOrUnavailable<T>({
  title,
  path,
  children,
}: {
  title: string;
  path: string;
  children: (value: T) => ComponentChildren;
}) {
  const loaded = useLoad(() => find<T>(path), path);
  return (
    <Section title={title}>
      {loaded.state === 'loading' && <p class="loading">Loading…</p>}
      {loaded.state === 'failed' && <Failure error={loaded.error} />}
      {loaded.state === 'done' &&
        (loaded.value === null ? (
          <p class="notice" role="status">
            Not available: this API does not answer <code>{path}</code>.
          </p>
        ) : (
          children(loaded.value)
        ))}
    </Section>
  );
}

/** A pool's id as a link to its page; a block's slot leader that is no pool (a genesis delegate) as text. */
export function PoolId({ id }: { id: string | null }) {
  if (id === null) return null;
  return id.startsWith('pool1') ? <Id kind="pool" id={id} full /> : <>{id}</>;
}

/** A DRep's id as a link to its page; the predefined `drep_always_abstain` and `drep_always_no_confidence` as text. */
export function DrepId({ id }: { id: string | null }) {
  if (id === null) return null;
  return /^drep(_script)?1/.test(id) ? <Id kind="drep" id={id} full /> : <>{id}</>;
}

export function EpochLink({ epoch }: { epoch: number | null }) {
  return epoch === null ? null : <Id kind="epoch" id={String(epoch)} full />;
}

/** A PagedList of ids (what /blocks/{h}/txs, /epochs/{n}/blocks, /pools answer), numbered, each a link. */
export function PagedIds({
  kind,
  ...list
}: Omit<PagedListProps<string>, 'children'> & { kind: Exclude<PageKind, 'home'> }) {
  return (
    <PagedList<string> {...list}>
      {(ids, first) => (
        <ol class="txs" start={first + 1}>
          {ids.map((id) => (
            <li key={id}>
              <Id kind={kind} id={id} full />
            </li>
          ))}
        </ol>
      )}
    </PagedList>
  );
}

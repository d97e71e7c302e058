import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { currentSettings, get, request, type Schemas } from '../api';
import { ada, ago, duration, time } from '../format';
import { useLoad } from '../load';
import { EpochLink, Fields, Id, Section, Show, Table } from '../ui';

type Block = Schemas['block_content'];

const LATEST_BLOCKS = 10;
const LATEST_TXS = 10;
/** Blocks looked through for the latest transactions: Blockfrost's page size, so one request. */
const RECENT_BLOCKS = 100;
/** How often the home page asks for the tip: about a block's time on the devnet. */
const REFRESH_MS = 2000;

interface RecentTx {
  hash: string;
  block: Block;
}

/** A block's transactions never change (a rolled-back block has another hash): read once. */
const txsOfBlock = new Map<string, Promise<string[]>>();

/**
 * The newest blocks (newest first) and the transactions of the newest ones that have any: /blocks/latest
 * and the blocks before it in one page, then /blocks/{hash}/txs of as few blocks as give LATEST_TXS.
 */
async function recent(): Promise<{ blocks: Block[]; txs: RecentTx[] }> {
  const tip = await get<Block>('/blocks/latest');
  const previous = await get<Block[]>(`/blocks/${tip.hash}/previous?count=${RECENT_BLOCKS - 1}`);
  const blocks = [tip, ...previous].sort((a, b) => (b.height ?? 0) - (a.height ?? 0));
  const txs: RecentTx[] = [];
  for (const block of blocks.filter((b) => b.tx_count > 0)) {
    if (txs.length >= LATEST_TXS) break;
    if (!txsOfBlock.has(block.hash))
      txsOfBlock.set(block.hash, get<string[]>(`/blocks/${block.hash}/txs?order=desc&count=${LATEST_TXS}`));
    const hashes = await txsOfBlock.get(block.hash)!;
    txs.push(...hashes.slice(0, LATEST_TXS - txs.length).map((hash) => ({ hash, block })));
  }
  return { blocks: blocks.slice(0, LATEST_BLOCKS), txs };
}

interface Readiness {
  ready: boolean;
  lagSlots: number | null;
}

interface Sync {
  lagSlots: number;
  /** Seconds until the indexer reaches the node's tip at the rate the lag shrank since the last look. */
  etaSeconds: number | null;
}

/**
 * The indexer's progress: frostline's `/ready` (beside the API's base URL) says how many slots the
 * index is behind the node. Another Blockfrost-compatible API has no such path: the section is left out.
 */
function useSync(): Sync | null {
  const previous = useRef<{ lag: number; at: number } | null>(null);
  const loaded = useLoad(
    async () => {
      // 503 while catching up carries the same body as 200.
      const response = await fetch(new URL('/ready', currentSettings().apiUrl));
      return (await response.json()) as Partial<Readiness>;
    },
    'sync',
    REFRESH_MS,
  );
  if (loaded.state !== 'done' || typeof loaded.value.lagSlots !== 'number') return null;
  const lag = loaded.value.lagSlots;
  const now = Date.now();
  const before = previous.current;
  let etaSeconds: number | null = null;
  if (before && before.lag > lag && now > before.at) {
    const slotsPerSecond = (before.lag - lag) / ((now - before.at) / 1000);
    etaSeconds = Math.round(lag / slotsPerSecond);
  }
  if (!before || before.lag !== lag) previous.current = { lag, at: now };
  return { lagSlots: lag, etaSeconds };
}

/** Catching up: more than a few blocks' slots behind (the devnet forges one every second or faster). */
const CAUGHT_UP_SLOTS = 60;

function SyncStatus({ tip }: { tip: Block }) {
  const sync = useSync();
  if (!sync) return null;
  if (sync.lagSlots <= CAUGHT_UP_SLOTS) return <p class="ok">The indexer is at the node's tip.</p>;
  const percent = tip.slot ? (100 * tip.slot) / (tip.slot + sync.lagSlots) : 0;
  return (
    <div class="sync">
      <p>
        Catching up: {sync.lagSlots.toLocaleString('en-US')} slots behind the node
        {sync.etaSeconds !== null && <>, about {duration(sync.etaSeconds)} to go</>}.
      </p>
      <progress max={100} value={percent} aria-label="Indexer sync progress">
        {percent.toFixed(1)} %
      </progress>
    </div>
  );
}

interface DemoWallet {
  name: string;
  addresses: string[];
}

/** `npm start`'s demo wallets, which the API serves beside the explorer on the devnet only. */
function DemoWallets() {
  const wallets = useLoad(
    () => request<DemoWallet[]>(`${import.meta.env.BASE_URL}demo-wallets.json`),
    'wallets',
  );
  if (wallets.state !== 'done' || wallets.value.length === 0) return null;
  return (
    <Section title="Demo wallets">
      <Table
        columns={[['Wallet'], ['Address'], ['Balance', 'num']]}
        rows={wallets.value.flatMap((wallet) =>
          wallet.addresses.map((address): [string, ComponentChildren[]] => [
            address,
            [wallet.name, <Id kind="address" id={address} />, <Balance address={address} />],
          ]),
        )}
      />
    </Section>
  );
}

const UTXO_PAGE = 100;

/** The lovelace of an address's first page of UTxOs: exact when they fit in it, a lower bound otherwise. */
function Balance({ address }: { address: string }) {
  const utxos = useLoad(
    () => get<Schemas['address_utxo_content']>(`/addresses/${address}/utxos?count=${UTXO_PAGE}`),
    address,
    REFRESH_MS * 5,
  );
  if (utxos.state === 'failed') return <>0 ₳</>;
  if (utxos.state !== 'done') return <>…</>;
  const lovelace = utxos.value
    .flatMap((utxo) => utxo.amount)
    .filter((amount) => amount.unit === 'lovelace')
    .reduce((sum, amount) => sum + BigInt(amount.quantity), 0n);
  return <>{`${utxos.value.length === UTXO_PAGE ? 'at least ' : ''}${ada(lovelace)}`}</>;
}

export function Home() {
  const loaded = useLoad(recent, 'recent', REFRESH_MS);
  const network = useLoad(() => get<Schemas['network']>('/network'), 'network', REFRESH_MS * 15);
  return (
    <>
      <h1>Chain</h1>
      <Show loaded={loaded}>
        {({ blocks: latest, txs }) => (
          <>
            <Section title="Tip">
              <Fields
                rows={[
                  ['Height', <Id kind="block" id={String(latest[0].height)} full />],
                  ['Slot', latest[0].slot?.toLocaleString('en-US')],
                  ['Epoch', <EpochLink epoch={latest[0].epoch} />],
                  ['Time', `${time(latest[0].time)} (${ago(latest[0].time)})`],
                  ['Hash', <Id kind="block" id={latest[0].hash} />],
                ]}
              />
              <SyncStatus tip={latest[0]} />
            </Section>
            <Section title="Latest blocks">
              <Table
                columns={[['Height'], ['Hash'], ['Time'], ['Transactions', 'num'], ['Fees', 'num']]}
                rows={latest.map((block) => [
                  block.hash,
                  [
                    <Id kind="block" id={String(block.height)} />,
                    <Id kind="block" id={block.hash} />,
                    ago(block.time),
                    block.tx_count,
                    block.fees === null ? '—' : ada(block.fees),
                  ],
                ])}
              />
            </Section>
            <Section title="Latest transactions">
              {txs.length === 0 ? (
                <p>No transactions in the last {RECENT_BLOCKS} blocks.</p>
              ) : (
                <Table
                  columns={[['Transaction'], ['Block'], ['Time']]}
                  rows={txs.map((tx) => [
                    tx.hash,
                    [
                      <Id kind="tx" id={tx.hash} />,
                      // the genesis pseudo-block (its funds' transactions) has no height
                      <Id
                        kind="block"
                        id={tx.block.height === null ? tx.block.hash : String(tx.block.height)}
                      />,
                      ago(tx.block.time),
                    ],
                  ])}
                />
              )}
            </Section>
          </>
        )}
      </Show>
      <Show loaded={network}>
        {({ supply, stake }) => (
          <Section title="Network">
            <Fields
              rows={[
                ['Maximum supply', ada(supply.max)],
                ['Total supply', ada(supply.total)],
                ['Circulating', ada(supply.circulating)],
                ['Locked by scripts', ada(supply.locked)],
                ['Treasury', ada(supply.treasury)],
                ['Reserves', ada(supply.reserves)],
                ['Live stake', ada(stake.live)],
                ['Active stake', ada(stake.active)],
              ]}
            />
          </Section>
        )}
      </Show>
      <DemoWallets />
    </>
  );
}

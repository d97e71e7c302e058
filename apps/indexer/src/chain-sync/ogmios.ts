import type { Socket } from 'node:net';
import {
  createConnectionObject,
  createInteractionContext,
  createLedgerStateQueryClient,
  getServerHealth,
  ServerNotReady,
  type InteractionContext,
} from '@cardano-ogmios/client';
import { ChainTime, type EraSummary, type GenesisFunds } from '@frostline/model';
import WebSocket from 'ws';

/** Connection settings for @cardano-ogmios/client from OGMIOS_URL (ws://host:port or http://host:port). */
export function ogmiosConnection(url: URL) {
  const tls = url.protocol === 'wss:' || url.protocol === 'https:';
  return { host: url.hostname, port: Number(url.port || (tls ? 443 : 1337)), tls };
}

export async function connectOgmios(
  url: URL,
  onClose: (code: number, reason: string) => void = () => {},
): Promise<InteractionContext> {
  return createInteractionContext(
    () => {},
    (code, reason) => onClose(code, reason),
    { connection: ogmiosConnection(url) },
  );
}

/**
 * `read`'s ledger-state queries on `client`'s connection all answered from one ledger state, the tip's when
 * called (acquired, and released after), so that an epoch change between two of them cannot mix two states.
 */
export async function atOneLedgerState<T>(
  client: Awaited<ReturnType<typeof createLedgerStateQueryClient>>,
  read: () => Promise<T>,
): Promise<T> {
  await client.acquireLedgerState(await client.ledgerTip());
  try {
    return await read();
  } finally {
    await client.releaseLedgerState();
  }
}

/** A chain-sync connection: the client's context, and the TCP socket under its WebSocket. */
export interface ChainSyncConnection {
  context: InteractionContext;
  transport: Socket;
}

/**
 * Opens a chain-sync connection on a WebSocket of its own (ws 8) rather than the client's (ws 7), for the TCP
 * socket under it: corked, a burst of nextBlock requests leaves in one write. The client's ws 7 writes every
 * frame with a system call of its own and draws every frame's mask with a `randomFillSync` call (ws 8 draws
 * them from a pool), which showed in the ingest benchmark's profile. The client's chain-sync functions take
 * it as their context, as they take the one createInteractionContext makes; like that, it waits for a ready
 * server.
 */
export async function openChainSync(
  url: URL,
  onClose: (code: number, reason: string) => void,
): Promise<ChainSyncConnection> {
  const connection = createConnectionObject(ogmiosConnection(url));
  const health = await getServerHealth({ connection });
  if (health.lastTipUpdate === null) throw new ServerNotReady(health);
  // Uncompressed: a compressed frame would be written after the burst's cork is lifted.
  const socket = new WebSocket(connection.address.webSocket, {
    maxPayload: connection.maxPayload,
    perMessageDeflate: false,
  });
  let transport: Socket | undefined;
  socket.once('upgrade', (response) => (transport = response.socket));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  // An error is followed by `close`, which ends the connection's life.
  socket.on('error', () => {});
  socket.on('close', (code, reason) => onClose(code, reason.toString()));
  return {
    // The client types its context's socket as its own ws 7 WebSocket; ws 8's has the same interface.
    context: { connection, socket: socket as unknown as InteractionContext['socket'] },
    transport: transport!,
  };
}

export interface NetworkFacts {
  chainTime: ChainTime;
  /** k: the deepest rollback the node may ask for */
  securityParameter: number;
  networkMagic: number;
  /** initial funds of the Byron (AVVM vouchers included) and Shelley genesis (the genesis pseudo-block) */
  genesisFunds: GenesisFunds;
  systemStartUnix: number;
  /** key hashes of the Shelley genesis delegates (the genesis file's `genDelegs` delegates) */
  genesisDelegates: ReadonlySet<string>;
  /** the Shelley genesis parameters /genesis serves */
  shelleyGenesis: ShelleyGenesisFacts;
  /** the node's era history, as Ogmios answers it */
  eraSummaries: EraSummary[];
}

/** Shelley genesis parameters in Blockfrost's units, except the slot length (milliseconds, as Ogmios). */
export interface ShelleyGenesisFacts {
  activeSlotsCoefficient: number;
  updateQuorum: number;
  maxLovelaceSupply: bigint;
  networkMagic: number;
  epochLength: number;
  /** UNIX seconds */
  systemStart: number;
  slotsPerKesPeriod: number;
  slotLengthMs: number;
  maxKesEvolutions: number;
  securityParam: number;
}

/** Slot timing and k, asked of the node itself so custom networks need no preset. */
export async function networkFacts(context: InteractionContext): Promise<NetworkFacts> {
  const client = await createLedgerStateQueryClient(context);
  const [summaries, startTime, byron, shelley] = await Promise.all([
    client.eraSummaries(),
    client.networkStartTime(),
    client.genesisConfiguration('byron'),
    client.genesisConfiguration('shelley'),
  ]);
  const start = new Date(startTime as unknown as string | Date);
  const systemStart = start.toISOString().replace('.000Z', 'Z');
  const systemStartUnix = Math.floor(start.getTime() / 1000);
  const eraSummaries = summaries as unknown as EraSummary[];
  return {
    chainTime: new ChainTime(systemStart, eraSummaries),
    securityParameter: Number(shelley.securityParameter),
    networkMagic: Number(shelley.networkMagic),
    genesisFunds: {
      vouchers: (byron.initialVouchers ?? {}) as GenesisFunds['vouchers'],
      byronProtocolMagic: Number(byron.networkMagic),
      byron: (byron.initialFunds ?? {}) as GenesisFunds['byron'],
      shelley: (shelley.initialFunds ?? {}) as GenesisFunds['shelley'],
    },
    systemStartUnix,
    genesisDelegates: new Set(shelley.initialDelegates.map(({ delegate }) => delegate.id)),
    shelleyGenesis: {
      activeSlotsCoefficient: ratio(shelley.activeSlotsCoefficient),
      updateQuorum: Number(shelley.updateQuorum),
      maxLovelaceSupply: BigInt(shelley.maxLovelaceSupply),
      networkMagic: Number(shelley.networkMagic),
      epochLength: Number(shelley.epochLength),
      systemStart: systemStartUnix,
      slotsPerKesPeriod: Number(shelley.slotsPerKesPeriod),
      slotLengthMs: Number(shelley.slotLength.milliseconds),
      maxKesEvolutions: Number(shelley.maxKesEvolutions),
      securityParam: Number(shelley.securityParameter),
    },
    eraSummaries,
  };
}

/** Ogmios writes ratios as "numerator/denominator" (e.g. "1/20"). */
function ratio(text: string): number {
  const [numerator, denominator] = text.split('/').map(Number);
  return numerator / (denominator ?? 1);
}

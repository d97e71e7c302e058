import {
  createInteractionContext,
  createLedgerStateQueryClient,
  type InteractionContext,
} from '@cardano-ogmios/client';
import { ChainTime, type EraSummary, type GenesisFunds } from '@frostline/model';

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
  return {
    chainTime: new ChainTime(systemStart, summaries as unknown as EraSummary[]),
    securityParameter: Number(shelley.securityParameter),
    networkMagic: Number(shelley.networkMagic),
    genesisFunds: {
      vouchers: (byron.initialVouchers ?? {}) as GenesisFunds['vouchers'],
      byronProtocolMagic: Number(byron.networkMagic),
      byron: (byron.initialFunds ?? {}) as GenesisFunds['byron'],
      shelley: (shelley.initialFunds ?? {}) as GenesisFunds['shelley'],
    },
    systemStartUnix: Math.floor(start.getTime() / 1000),
    genesisDelegates: new Set(shelley.initialDelegates.map(({ delegate }) => delegate.id)),
  };
}

import type { Chain } from '../chain/chain.js';
import { slotInfo } from '../networks/era-summaries.js';
import { systemStart, type Network } from '../networks/networks.js';

export interface Metrics {
  activeConnections: number;
  totalConnections: number;
  totalMessages: number;
  totalUnrouted: number;
}

export interface HealthContext {
  chain: Chain;
  network: Network;
  startTime: Date;
  metrics: Metrics;
}

/** `GET /health` in Ogmios' v6 shape; 202 while the tip is behind the wall clock, as Ogmios does. */
export function health({ chain, network, startTime, metrics }: HealthContext): {
  status: number;
  body: object;
} {
  const tip = chain.tip();
  const info = slotInfo(network, tip === 'origin' ? 0 : tip.slot);
  const now = Date.now();
  const start = systemStart(network).getTime();
  const behind = tip === 'origin' ? now - start : now - info.time.getTime();
  // Ogmios' formula, floored to 5 decimals; clamped because synthetic chains may lie in the future.
  const synchronization = Math.min(1, Math.max(0, Math.floor((1 - behind / (now - start)) * 1e5) / 1e5));
  const body = {
    startTime: startTime.toISOString(),
    lastKnownTip: tip,
    lastTipUpdate: chain.lastUpdate.toISOString(),
    networkSynchronization: synchronization,
    currentEra: tip === 'origin' ? info.era : chain.at(chain.length - 1).era,
    metrics,
    connectionStatus: 'connected',
    currentEpoch: info.epoch,
    slotInEpoch: info.slotInEpoch,
    version: '6.14.0',
    network: network.name,
  };
  return { status: synchronization >= 0.99999 ? 200 : 202, body };
}

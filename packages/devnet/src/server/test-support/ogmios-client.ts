import {
  createChainSynchronizationClient,
  createInteractionContext,
  type InteractionContext,
} from '@cardano-ogmios/client';

export async function connect(port: number): Promise<InteractionContext> {
  return createInteractionContext(
    () => undefined,
    () => undefined,
    { connection: { host: '127.0.0.1', port } },
  );
}

export type SyncEvent = { forward: string; height: number } | { backward: string };

/**
 * Runs the real chain-sync client and records what its handlers see; `until` resolves once the
 * recorded events satisfy the predicate.
 */
export async function follow(
  port: number,
  points?: Parameters<Awaited<ReturnType<typeof createChainSynchronizationClient>>['resume']>[0],
  inFlight?: number,
) {
  const context = await connect(port);
  const events: SyncEvent[] = [];
  let check = () => undefined as void;
  const client = await createChainSynchronizationClient(context, {
    rollForward: async ({ block }, requestNext) => {
      events.push({ forward: block.id, height: Number(block.height) });
      check();
      requestNext();
    },
    rollBackward: async ({ point }, requestNext) => {
      events.push({ backward: point === 'origin' ? 'origin' : point.id });
      check();
      requestNext();
    },
  });
  const intersection = await client.resume(points, inFlight);
  const until = (done: (events: SyncEvent[]) => boolean) =>
    new Promise<SyncEvent[]>((resolve) => {
      check = () => {
        if (done(events)) resolve(events);
      };
      check();
    });
  return { client, context, events, intersection, until, shutdown: () => client.shutdown() };
}

export const forwards = (events: SyncEvent[]) => events.filter((event) => 'forward' in event).length;

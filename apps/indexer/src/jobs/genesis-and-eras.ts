import { createLedgerStateQueryClient, type InteractionContext } from '@cardano-ogmios/client';
import type { PrismaClient } from '@frostline/db';
import type { EraSummary } from '@frostline/model';
import type { ShelleyGenesisFacts } from '../chain-sync/ogmios.js';

/** The node's Shelley genesis, for /genesis and /network: one row, written at every startup. */
export async function storeGenesis(prisma: PrismaClient, genesis: ShelleyGenesisFacts): Promise<void> {
  const row = {
    activeSlotsCoefficient: genesis.activeSlotsCoefficient,
    updateQuorum: genesis.updateQuorum,
    maxLovelaceSupply: genesis.maxLovelaceSupply,
    networkMagic: BigInt(genesis.networkMagic),
    epochLength: genesis.epochLength,
    systemStart: BigInt(genesis.systemStart),
    slotsPerKesPeriod: genesis.slotsPerKesPeriod,
    slotLengthMs: genesis.slotLengthMs,
    maxKesEvolutions: genesis.maxKesEvolutions,
    securityParam: genesis.securityParam,
  };
  await prisma.genesis.upsert({ where: { id: 1 }, create: { id: 1, ...row }, update: row });
}

/**
 * The node's era history, for /network/eras. It grows by one era at each hard fork, so it is
 * rewritten at startup and on every new epoch (with the protocol parameters).
 */
export async function storeEraSummaries(
  prisma: PrismaClient,
  summaries: readonly EraSummary[],
): Promise<void> {
  // The client may read any integer as a bigint.
  const rows = summaries.map(({ start, end, parameters }, index) => ({
    index,
    startTime: BigInt(start.time.seconds),
    startSlot: BigInt(start.slot),
    startEpoch: Number(start.epoch),
    endTime: end ? BigInt(end.time.seconds) : null,
    endSlot: end ? BigInt(end.slot) : null,
    endEpoch: end ? Number(end.epoch) : null,
    epochLength: Number(parameters.epochLength),
    slotLengthMs: Number(parameters.slotLength.milliseconds),
    safeZone: parameters.safeZone == null ? null : Number(parameters.safeZone),
  }));
  await prisma.$transaction([prisma.eraSummary.deleteMany(), prisma.eraSummary.createMany({ data: rows })]);
}

export async function refreshEraSummaries(prisma: PrismaClient, ogmios: InteractionContext): Promise<void> {
  const client = await createLedgerStateQueryClient(ogmios);
  await storeEraSummaries(prisma, (await client.eraSummaries()) as unknown as EraSummary[]);
}

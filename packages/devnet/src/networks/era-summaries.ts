import { ERAS, byronEpochLength, systemStart, type Era, type Network } from './networks.js';

export interface Bound {
  time: { seconds: number };
  slot: number;
  epoch: number;
}

export interface EraSummary {
  era: Era;
  start: Bound;
  /** Absent for the current (last) era. */
  end?: Bound;
  parameters: { epochLength: number; slotLength: { milliseconds: number }; safeZone: number | null };
}

/** Era boundaries and parameters, computed like the hard-fork combinator from genesis + fork epochs. */
export function eraSummaries(network: Network): EraSummary[] {
  const { byron, shelley } = network.genesis;
  const k = byron.protocolConsts.k as number;
  const byronParameters = {
    epochLength: byronEpochLength(network),
    slotLength: { milliseconds: Number(byron.blockVersionData.slotDuration) },
    safeZone: 2 * k,
  };
  const shelleyParameters = {
    epochLength: shelley.epochLength as number,
    slotLength: { milliseconds: Math.round((shelley.slotLength as number) * 1000) },
    safeZone: Math.round((3 * (shelley.securityParam as number)) / (shelley.activeSlotsCoeff as number)),
  };
  const summaries: EraSummary[] = [];
  let start: Bound = { time: { seconds: 0 }, slot: 0, epoch: 0 };
  ERAS.forEach((era, index) => {
    const parameters = era === 'byron' ? byronParameters : shelleyParameters;
    const nextEra = ERAS[index + 1];
    if (nextEra === undefined) {
      summaries.push({ era, start, parameters });
      return;
    }
    const epochs = network.eraStartEpochs[nextEra] - start.epoch;
    const slots = epochs * parameters.epochLength;
    const end: Bound = {
      time: { seconds: start.time.seconds + (slots * parameters.slotLength.milliseconds) / 1000 },
      slot: start.slot + slots,
      epoch: start.epoch + epochs,
    };
    summaries.push({ era, start, end, parameters });
    start = end;
  });
  return summaries;
}

export interface SlotInfo {
  era: Era;
  epoch: number;
  slotInEpoch: number;
  /** Wall-clock time of the slot. */
  time: Date;
  /** Start of the era the slot is in. */
  eraStart: Bound;
}

export function slotInfo(network: Network, slot: number | bigint): SlotInfo {
  const summaries = eraSummaries(network);
  const at = Number(slot);
  const summary =
    summaries.find(({ end }) => end === undefined || at < end.slot) ?? summaries[summaries.length - 1];
  const { start, parameters } = summary;
  const sinceStart = at - start.slot;
  const seconds = start.time.seconds + (sinceStart * parameters.slotLength.milliseconds) / 1000;
  return {
    era: summary.era,
    epoch: start.epoch + Math.floor(sinceStart / parameters.epochLength),
    slotInEpoch: sinceStart % parameters.epochLength,
    time: new Date(systemStart(network).getTime() + seconds * 1000),
    eraStart: start,
  };
}

/** Slot-to-time conversion of the Shelley-based eras (times in ms), as Plutus scripts see validity intervals. */
export function shelleySlotConfig(network: Network): {
  zeroTime: number;
  zeroSlot: number;
  slotLength: number;
} {
  const shelley = eraSummaries(network).find(({ era }) => era === 'shelley')!;
  return {
    zeroTime: systemStart(network).getTime() + shelley.start.time.seconds * 1000,
    zeroSlot: shelley.start.slot,
    slotLength: shelley.parameters.slotLength.milliseconds,
  };
}

/**
 * The system start (a whole second) at which `slot` begins at or just before `now`: a chain whose last
 * block is at `slot`, served from it, ends now and its live blocks follow without a gap.
 */
export function systemStartEndingAt(network: Network, slot: number | bigint, now: Date): Date {
  const sinceStart = slotInfo(network, slot).time.getTime() - systemStart(network).getTime();
  return new Date(Math.floor((now.getTime() - sinceStart) / 1000) * 1000);
}

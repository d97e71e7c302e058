/** Ogmios era bound; `time.seconds` counts from the system start. */
export interface EraBound {
  time: { seconds: number };
  slot: number;
  epoch: number;
}

/** One item of Ogmios `queryLedgerState/eraSummaries`. */
export interface EraSummary {
  start: EraBound;
  end?: EraBound | null;
  parameters: {
    epochLength: number;
    slotLength: { milliseconds: number };
    safeZone?: number | null;
  };
}

/** Blockfrost's `time`, `epoch` and `epoch_slot` of a block. */
export interface SlotTime {
  epoch: number;
  epochSlot: number;
  /** Start of the slot, UNIX seconds. */
  unixTime: number;
}

/** The fields of a cardano-node Byron genesis file that fix slot timing. */
export interface ByronGenesisTiming {
  protocolConsts: { k: number };
  blockVersionData: { slotDuration: string };
}

/** The fields of a cardano-node Shelley genesis file that fix slot timing. */
export interface ShelleyGenesisTiming {
  systemStart: string;
  epochLength: number;
  /** Seconds, as a decimal: devnets often use 0.1 or 0.2, hence the rounding to whole milliseconds. */
  slotLength: number;
}

/** Maps absolute slots to epochs and wall-clock time, as db-sync does via the era history. */
export class ChainTime {
  private readonly systemStartSeconds: number;
  private readonly eras: readonly EraSummary[];

  /**
   * @param systemStart ISO-8601 UTC time of slot 0 (Ogmios `queryNetwork/startTime`, genesis `systemStart`)
   * @param eraSummaries in chain order; the last era is taken to continue indefinitely, since
   *   its `end` is only the node's forecast horizon
   */
  constructor(systemStart: string, eraSummaries: readonly EraSummary[]) {
    this.systemStartSeconds = Date.parse(systemStart) / 1000;
    if (!Number.isInteger(this.systemStartSeconds)) {
      throw new RangeError(`invalid system start: ${systemStart}`);
    }
    if (eraSummaries.length === 0) throw new RangeError('at least one era summary is required');
    this.eras = eraSummaries;
  }

  /** Ogmios-shaped era summaries derived from the genesis files and the epoch at which Shelley started. */
  static fromGenesis(
    byron: ByronGenesisTiming,
    shelley: ShelleyGenesisTiming,
    shelleyStartEpoch: number,
  ): ChainTime {
    const byronEpochLength = 10 * byron.protocolConsts.k;
    const byronSlotMilliseconds = Number(byron.blockVersionData.slotDuration);
    const shelleyStart: EraBound = {
      slot: shelleyStartEpoch * byronEpochLength,
      epoch: shelleyStartEpoch,
      time: { seconds: (shelleyStartEpoch * byronEpochLength * byronSlotMilliseconds) / 1000 },
    };
    const shelleyEra: EraSummary = {
      start: shelleyStart,
      parameters: {
        epochLength: shelley.epochLength,
        slotLength: { milliseconds: Math.round(shelley.slotLength * 1000) },
      },
    };
    const byronEra: EraSummary = {
      start: { slot: 0, epoch: 0, time: { seconds: 0 } },
      end: shelleyStart,
      parameters: { epochLength: byronEpochLength, slotLength: { milliseconds: byronSlotMilliseconds } },
    };
    return new ChainTime(
      shelley.systemStart,
      shelleyStartEpoch === 0 ? [shelleyEra] : [byronEra, shelleyEra],
    );
  }

  slotTime(slot: number): SlotTime {
    if (!Number.isInteger(slot) || slot < 0) throw new RangeError(`invalid slot: ${slot}`);
    const era = this.lastEraWhere((start) => start.slot <= slot);
    const slotsIntoEra = slot - era.start.slot;
    const { epochLength, slotLength } = era.parameters;
    return {
      epoch: era.start.epoch + Math.floor(slotsIntoEra / epochLength),
      epochSlot: slotsIntoEra % epochLength,
      unixTime:
        this.systemStartSeconds +
        era.start.time.seconds +
        Math.floor((slotsIntoEra * slotLength.milliseconds) / 1000),
    };
  }

  epochFirstSlot(epoch: number): number {
    if (!Number.isInteger(epoch) || epoch < 0) throw new RangeError(`invalid epoch: ${epoch}`);
    const era = this.lastEraWhere((start) => start.epoch <= epoch);
    return era.start.slot + (epoch - era.start.epoch) * era.parameters.epochLength;
  }

  /**
   * Slot of the point of a Byron epoch-boundary block, which carries no slot of its own: the
   * first slot of the epoch after its predecessor's (`null` when it follows the genesis).
   */
  ebbSlot(previousBlockSlot: number | null): number {
    return previousBlockSlot === null ? 0 : this.epochFirstSlot(this.slotTime(previousBlockSlot).epoch + 1);
  }

  private lastEraWhere(startsBefore: (start: EraBound) => boolean): EraSummary {
    const era = this.eras.findLast((candidate) => startsBefore(candidate.start));
    if (!era) throw new RangeError('before the first era summary');
    return era;
  }
}

import { readFileSync } from 'node:fs';
import type { EraSummaryRow } from '@frostline/db';
import type { NetworkEra } from '@frostline/model';
import { toNetworkEras } from './network.mapper.js';

interface RyoCase {
  name: string;
  endpoint: string;
  sqlQueryMock: { rows: { epoch: number; epoch_slot: number }[] };
  response: NetworkEra[];
}

// Blockfrost RYO's own cases: its era list for a latest block at (epoch, epoch_slot).
const ryoEraCases = (
  JSON.parse(readFileSync(new URL('../../test-data/ryo-network.fixtures.json', import.meta.url), 'utf8')) as {
    cases: RyoCase[];
  }
).cases.filter((c) => c.endpoint === '/network/eras');

/** The summaries as the indexer stores them from Ogmios: the current era without an end. */
function storedRows(eras: NetworkEra[], nodeTipSlot: number | null): EraSummaryRow[] {
  return eras.map(({ start, end, parameters }, index) => {
    const last = index === eras.length - 1;
    return {
      start_time: start.time,
      start_slot: start.slot,
      start_epoch: start.epoch,
      end_time: last ? null : end.time,
      end_slot: last ? null : end.slot,
      end_epoch: last ? null : end.epoch,
      epoch_length: parameters.epoch_length,
      slot_length_ms: parameters.slot_length * 1000,
      safe_zone: parameters.safe_zone,
      node_tip_slot: nodeTipSlot,
    };
  });
}

describe('GET /network/eras rows → body', () => {
  it('has RYO cases, one of them inside the safe zone', () => {
    expect(ryoEraCases.map((c) => c.name)).toEqual([
      'PREPROD: respond with success and data on /network/eras',
      'PREVIEW: respond with success and data on /network/eras',
      'PREVIEW: respond with success and data on /network/eras when within safe zone',
    ]);
  });

  it.each(ryoEraCases.map((c) => [c.name, c] as const))('%s', (_name, { sqlQueryMock, response }) => {
    const [tip] = sqlQueryMock.rows;
    const current = response.at(-1)!;
    const tipSlot =
      current.start.slot +
      (tip.epoch - current.start.epoch) * current.parameters.epoch_length +
      tip.epoch_slot;
    expect(toNetworkEras(storedRows(response, tipSlot))).toEqual(response);
  });

  it('ends the current era one epoch after its start while the node tip is unknown', () => {
    const [{ response }] = ryoEraCases;
    const current = response.at(-1)!;
    const [last] = toNetworkEras(storedRows(response, null)).slice(-1);
    expect(last.end).toEqual({
      epoch: current.start.epoch + 1,
      slot: current.start.slot + current.parameters.epoch_length,
      time: current.start.time + current.parameters.epoch_length * current.parameters.slot_length,
    });
  });
});

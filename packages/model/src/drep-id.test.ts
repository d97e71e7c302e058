import { decodeBech32 } from './bech32.js';
import {
  DREP_ALWAYS_ABSTAIN,
  DREP_ALWAYS_NO_CONFIDENCE,
  drepId,
  drepIdFromCredential,
  drepIdToCredential,
} from './drep-id.js';
import { readTestData } from './test-support/test-data.js';

const drepIds = readTestData<{ drep_ids: { drep_id: string }[] }>('blockfrost_drep_ids.json').drep_ids.map(
  (entry) => entry.drep_id,
);
const SPECIAL = [DREP_ALWAYS_ABSTAIN, DREP_ALWAYS_NO_CONFIDENCE];
const cip129 = drepIds.filter((id) => !SPECIAL.includes(id) && decodeBech32(id)!.bytes.length === 29);
const legacy = drepIds.filter((id) => !SPECIAL.includes(id) && decodeBech32(id)!.bytes.length === 28);

describe('DRep ids', () => {
  it('covers every drep_id in the Blockfrost fixtures', () => {
    expect(cip129.length + legacy.length + drepIds.filter((id) => SPECIAL.includes(id)).length).toBe(
      drepIds.length,
    );
  });

  it.each(cip129)('round-trips CIP-129 %s', (id) => {
    const credential = drepIdToCredential(id);
    expect(credential).not.toBeNull();
    expect(drepId({ type: 'registered', credential: credential! })).toBe(id);
  });

  it.each(legacy)('does not read legacy (CIP-105, header-less) %s as CIP-129', (id) => {
    // RYO still shows some ids in the older form; we only ever emit CIP-129.
    expect(drepIdToCredential(id)).toBeNull();
  });

  it('uses header 0x22 for key and 0x23 for script credentials', () => {
    const hash = '337b62cfff6403a06a3acbc34f8c46003c69fe79a3628cefa9c47251';
    expect(decodeBech32(drepIdFromCredential({ type: 'key', hash }))!.bytes[0]).toBe(0x22);
    expect(decodeBech32(drepIdFromCredential({ type: 'script', hash }))!.bytes[0]).toBe(0x23);
  });

  it('names the predefined DReps', () => {
    expect(drepId({ type: 'abstain' })).toBe('drep_always_abstain');
    expect(drepId({ type: 'noConfidence' })).toBe('drep_always_no_confidence');
  });
});

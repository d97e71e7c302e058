import { decodeBech32, encodeBech32 } from './bech32.js';
import {
  DREP_ALWAYS_ABSTAIN,
  DREP_ALWAYS_NO_CONFIDENCE,
  INVALID_DREP_ID_MESSAGE,
  drepId,
  drepIdFromCredential,
  drepIdToCredential,
  parseDRepIdParam,
} from './drep-id.js';
import { BlockfrostError } from './errors.js';
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

describe('parseDRepIdParam (RYO validateDRepId)', () => {
  // Blockfrost's own answers (blockfrost-tests, mainnet governance/dreps/drep): the CIP-129 ids and the legacy
  // ids their test names give as the same DReps.
  const keyHash = '7bdef7aaf3c925e97ca42d36f119b0469a12cca4a17ecfefc6900350';
  const scriptHash = '2bccc3b22a9d63fe5f85ea1f48536cc434ff17e8a8917111119159f4';

  it('reads CIP-129 ids with their header-prefixed hex, and answers with the id as given', () => {
    expect(parseDRepIdParam('drep1yfaaaaa270yjt6tu5skndugekprf5ykv5jshanl0c6gqx5qpstskf')).toEqual({
      type: 'registered',
      credential: { type: 'key', hash: keyHash },
      drepId: 'drep1yfaaaaa270yjt6tu5skndugekprf5ykv5jshanl0c6gqx5qpstskf',
      hex: `22${keyHash}`,
    });
    expect(parseDRepIdParam('drep1yv4uesaj92wk8ljlsh4p7jzndnzrflchaz5fzug3zxg4naqkpeas3')).toMatchObject({
      credential: { type: 'script', hash: scriptHash },
      hex: `23${scriptHash}`,
    });
  });

  it('reads legacy CIP-105 ids: drep1 for a key hash, drep_script1 for a script hash, answered with the bare hash', () => {
    expect(parseDRepIdParam('drep1000002hneyj7jl9y95m0zxdsg6dp9n9y59lvlm7xjqp4qh2jx7h')).toEqual({
      type: 'registered',
      credential: { type: 'key', hash: keyHash },
      drepId: 'drep1000002hneyj7jl9y95m0zxdsg6dp9n9y59lvlm7xjqp4qh2jx7h',
      hex: keyHash,
    });
    expect(parseDRepIdParam('drep_script190xv8v32n43luhu9ag05s5mvcs6079lg4zghzyg3j9vlgle68y3')).toEqual({
      type: 'registered',
      credential: { type: 'script', hash: scriptHash },
      drepId: 'drep_script190xv8v32n43luhu9ag05s5mvcs6079lg4zghzyg3j9vlgle68y3',
      hex: scriptHash,
    });
  });

  it('reads the two predefined DReps, whose hex is empty', () => {
    expect(parseDRepIdParam(DREP_ALWAYS_ABSTAIN)).toEqual({
      type: 'abstain',
      drepId: DREP_ALWAYS_ABSTAIN,
      hex: '',
    });
    expect(parseDRepIdParam(DREP_ALWAYS_NO_CONFIDENCE)).toMatchObject({ type: 'noConfidence', hex: '' });
  });

  it.each(cip129)('reads every CIP-129 id of the Blockfrost fixtures: %s', (id) => {
    expect(parseDRepIdParam(id)).toMatchObject({ drepId: id, credential: drepIdToCredential(id) });
  });

  const hash = Uint8Array.from(Buffer.from(keyHash, 'hex'));
  it.each([
    ['another prefix', encodeBech32('drep_vkh', hash)],
    ['a committee hot-key header', encodeBech32('drep', Uint8Array.of(0x02, ...hash))],
    ['an unknown credential header', encodeBech32('drep', Uint8Array.of(0x24, ...hash))],
    ['no payload', encodeBech32('drep', new Uint8Array())],
    ['a bad checksum', 'drep1yfaaaaa270yjt6tu5skndugekprf5ykv5jshanl0c6gqx5qpstskg'],
    ['more than 90 characters', encodeBech32('drep', Uint8Array.of(0x22, ...hash, ...hash))],
    ['not bech32', 'abc'],
  ])('answers 400 for %s', (_case, id) => {
    expect(() => parseDRepIdParam(id)).toThrow(new BlockfrostError(400, INVALID_DREP_ID_MESSAGE));
  });

  it('reads a CIP-129 header with a hash of another length, which then names no DRep', () => {
    expect(parseDRepIdParam(encodeBech32('drep', Uint8Array.of(0x22, ...hash, 1)))).toMatchObject({
      credential: { type: 'key', hash: `${keyHash}01` },
    });
  });
});

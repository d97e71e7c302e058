import { scriptHash } from '../metadata/hashes.js';
import { renderNativeScriptJson, scriptCbor, scriptInfo, scriptJson } from './scripts.js';

const KEY_HASH = 'c84e8193d0e8895fb31991c842c1a7196590622a5097e18a5a311358';
const SIG = `8200581c${KEY_HASH}`;

describe('renderNativeScriptJson', () => {
  it('renders a signature like Blockfrost (preview fixture scripts/6c969320…/json)', () => {
    expect(scriptHash('native', SIG)).toBe('6c969320597b755454ff3653ad09725d590c570827a129aeb4385526');
    expect(renderNativeScriptJson(SIG)).toEqual({ type: 'sig', keyHash: KEY_HASH });
  });

  it('renders every clause, with invalid_hereafter as "before" and invalid_before as "after"', () => {
    // [all, [sig, [any, []], [atLeast 2, [sig, after 100, before 200]]]]
    const cbor = `8201 83 ${SIG} 820280 8303 02 83 ${SIG} 82041864 820518c8`.replaceAll(' ', '');
    expect(renderNativeScriptJson(cbor)).toEqual({
      type: 'all',
      scripts: [
        { type: 'sig', keyHash: KEY_HASH },
        { type: 'any', scripts: [] },
        {
          type: 'atLeast',
          required: 2,
          scripts: [
            { type: 'sig', keyHash: KEY_HASH },
            { type: 'after', slot: 100 },
            { type: 'before', slot: 200 },
          ],
        },
      ],
    });
  });

  it('puts keys in jsonb order, as Blockfrost returns them', () => {
    expect(Object.keys(renderNativeScriptJson('83030180'))).toEqual(['type', 'scripts', 'required']);
    expect(Object.keys(renderNativeScriptJson('82041864'))).toEqual(['slot', 'type']);
  });

  it.each([
    ['an unknown clause', '820600'],
    ['a Plutus script', '4e4d01000033222220051200120011'],
    ['a signature without a key hash', '820000'],
  ])('throws on %s', (_name, cbor) => {
    expect(() => renderNativeScriptJson(cbor)).toThrow();
  });
});

describe('Blockfrost script bodies', () => {
  // blockfrost-tests mainnet scripts/67f33146…: serialised_size is the length of the stored bytes, which /cbor returns.
  const alwaysSucceeds = '4d01000033222220051200120011';

  it('gives a Plutus script its size, CBOR and a null json', () => {
    expect(scriptInfo('67f3', 'plutus:v1', alwaysSucceeds)).toEqual({
      script_hash: '67f3',
      type: 'plutusV1',
      serialised_size: 14,
    });
    expect(scriptCbor('plutus:v1', alwaysSucceeds)).toEqual({ cbor: alwaysSucceeds });
    expect(scriptJson('plutus:v1', alwaysSucceeds)).toEqual({ json: null });
  });

  it('gives a native script a timelock type, a null size and CBOR, and its JSON', () => {
    expect(scriptInfo('6c96', 'native', SIG)).toEqual({
      script_hash: '6c96',
      type: 'timelock',
      serialised_size: null,
    });
    expect(scriptCbor('native', SIG)).toEqual({ cbor: null });
    expect(scriptJson('native', SIG)).toEqual({ json: { type: 'sig', keyHash: KEY_HASH } });
  });

  it.each([
    ['plutus:v2', 'plutusV2'],
    ['plutus:v3', 'plutusV3'],
  ] as const)('names %s %s', (language, type) => {
    expect(scriptInfo('00', language, '00').type).toBe(type);
  });
});

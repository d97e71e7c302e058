import { parseEvaluateRequest } from './evaluate-request.js';
import type { TxOutV5 } from './ogmios-v5-types.js';
import { toEvaluateTransactionParams } from './v5-to-v6-request.js';

const TX = '84a30081825820ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00';
const TX_ID = 'ff'.repeat(32);
const POLICY = 'ab'.repeat(28);
const ADDRESS = 'addr_test1wrzqlyffcf5yq3htqge9h9k29zv6d7ny0rqam6d4c5eqdfgg0h7yw';
const SCRIPT = '480100002221200101';

// A body with one UTxO whose output is `output`, written as raw JSON text so big numbers stay exact.
const body = (output: string, input = `{"txId":"${TX_ID}","index":0}`): string =>
  `{"cbor":"${TX}","additionalUtxoSet":[[${input},${output}]]}`;

function parsedOutput(output: string): TxOutV5 {
  const parsed = parseEvaluateRequest(body(output));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.request.additionalUtxoSet[0][1];
}

const rejection = (text: string) => {
  const parsed = parseEvaluateRequest(text);
  return parsed.ok ? undefined : parsed.error;
};

describe('parseEvaluateRequest: leniencies', () => {
  it('accepts cbor alone, as hex in any case or as base64', () => {
    const expected = { ok: true, request: { cbor: TX, additionalUtxoSet: [] } };
    expect(parseEvaluateRequest(`{"cbor":"${TX.toUpperCase()}"}`)).toEqual(expected);
    expect(parseEvaluateRequest(`{"cbor":"${Buffer.from(TX, 'hex').toString('base64')}"}`)).toEqual(expected);
  });

  it('keeps numbers beyond 2^53 exact', () => {
    const output = parsedOutput(
      `{"address":"${ADDRESS}","value":{"coins":45000000000000000001,"assets":{"${POLICY}":9007199254740993}}}`,
    );
    expect(output.value).toEqual({ coins: 45000000000000000001n, assets: { [POLICY]: 9007199254740993n } });
  });

  it('reads asset keys "policy.name", "policy", nested under assets, and Mesh\'s nested layout in value', () => {
    const output = parsedOutput(
      `{"address":"${ADDRESS}","value":{"coins":1,"assets":{"${POLICY}.6869":2,"${POLICY}":3,"${'cd'.repeat(28)}":{"01":4}},"${'ef'.repeat(28)}":{"02":5}}}`,
    );
    expect(output.value.assets).toEqual({
      [`${POLICY}.6869`]: 2n,
      [POLICY]: 3n,
      [`${'cd'.repeat(28)}.01`]: 4n,
      [`${'ef'.repeat(28)}.02`]: 5n,
    });
  });

  it('accepts datumHash and datum_hash, and null for none', () => {
    const hash = '12'.repeat(32);
    expect(parsedOutput(`{"address":"${ADDRESS}","value":{"coins":1},"datumHash":"${hash}"}`).datumHash).toBe(
      hash,
    );
    expect(
      parsedOutput(`{"address":"${ADDRESS}","value":{"coins":1},"datum_hash":"${hash}"}`).datumHash,
    ).toBe(hash);
    expect(
      parsedOutput(`{"address":"${ADDRESS}","value":{"coins":1},"datum":null,"datumHash":null}`),
    ).toEqual({
      address: ADDRESS,
      value: { coins: 1n },
    });
  });

  it('takes a datum as CBOR hex, or as detailed-schema Plutus data', () => {
    expect(parsedOutput(`{"address":"${ADDRESS}","value":{"coins":1},"datum":"d87980"}`).datum).toBe(
      'd87980',
    );
    expect(
      parsedOutput(
        `{"address":"${ADDRESS}","value":{"coins":1},"datum":{"constructor":0,"fields":[{"int":1}]}}`,
      ).datum,
    ).toBe('d8799f01ff');
  });

  it('treats a 64-hex datum that is not Plutus data as a datum hash', () => {
    const hash = 'ff'.repeat(32);
    const output = parsedOutput(`{"address":"${ADDRESS}","value":{"coins":1},"datum":"${hash}"}`);
    expect(output).toEqual({ address: ADDRESS, value: { coins: 1n }, datumHash: hash });
  });

  it.each([
    ['raw', SCRIPT],
    ['[language, bytes]', `8202${'49'}${SCRIPT}`],
    ['tag 24', `d8184c8202${'49'}${SCRIPT}`],
  ])('strips the %s wrapper of a Plutus script', (_, script) => {
    for (const language of ['plutus:v1', 'plutus:v2', 'plutus:v3']) {
      const output = parsedOutput(
        `{"address":"${ADDRESS}","value":{"coins":1},"script":{"${language}":"${script}"}}`,
      );
      expect(output.script).toEqual({ [language]: SCRIPT });
    }
  });

  it('reads v5 native scripts', () => {
    const key = '0a'.repeat(28);
    const native = `{"all":["${key}",{"any":[{"expiresAt":100},{"startsAt":5}]},{"1":["${key}"]}]}`;
    expect(
      parsedOutput(`{"address":"${ADDRESS}","value":{"coins":1},"script":{"native":${native}}}`).script,
    ).toEqual({
      native: { all: [key, { any: [{ expiresAt: 100 }, { startsAt: 5 }] }, { '1': [key] }] },
    });
  });
});

describe('parseEvaluateRequest: malformed input', () => {
  it.each([
    ['not JSON', '{"cbor":', /not valid JSON/],
    ['not an object', '[1]', /body must be an object/],
    ['no cbor', '{}', /cbor must be a string/],
    ['additionalUtxoSet not an array', `{"cbor":"${TX}","additionalUtxoSet":{}}`, /must be an array/],
    [
      'a one-element tuple',
      `{"cbor":"${TX}","additionalUtxoSet":[[{"txId":"${TX_ID}","index":0}]]}`,
      /exactly two/,
    ],
    ['a three-element tuple', body(`{"address":"${ADDRESS}","value":{"coins":1}},{}`), /exactly two/],
    ['a bad txId', body(`{"address":"${ADDRESS}","value":{"coins":1}}`, '{"txId":"ab","index":0}'), /txId/],
    ['a missing index', body(`{"address":"${ADDRESS}","value":{"coins":1}}`, `{"txId":"${TX_ID}"}`), /index/],
    [
      'a negative index',
      body(`{"address":"${ADDRESS}","value":{"coins":1}}`, `{"txId":"${TX_ID}","index":-1}`),
      /index/,
    ],
    ['a missing address', body('{"value":{"coins":1}}'), /address/],
    ['missing coins', body(`{"address":"${ADDRESS}","value":{}}`), /coins/],
    ['fractional coins', body(`{"address":"${ADDRESS}","value":{"coins":1.5}}`), /coins/],
    [
      'a bad asset key',
      body(`{"address":"${ADDRESS}","value":{"coins":1,"assets":{"nope":1}}}`),
      /asset key/,
    ],
    [
      'a string quantity',
      body(`{"address":"${ADDRESS}","value":{"coins":1,"assets":{"${POLICY}":"1"}}}`),
      /non-negative integer/,
    ],
    ['a bad datum hash', body(`{"address":"${ADDRESS}","value":{"coins":1},"datumHash":"xyz"}`), /datumHash/],
    ['a datum that is not hex', body(`{"address":"${ADDRESS}","value":{"coins":1},"datum":"zz"}`), /datum/],
    [
      'an unknown script language',
      body(`{"address":"${ADDRESS}","value":{"coins":1},"script":{"plutus:v9":"00"}}`),
      /unknown language/,
    ],
    [
      'two script languages',
      body(`{"address":"${ADDRESS}","value":{"coins":1},"script":{"plutus:v1":"00","plutus:v2":"00"}}`),
      /exactly one/,
    ],
    [
      'an unknown native clause',
      body(`{"address":"${ADDRESS}","value":{"coins":1},"script":{"native":{"never":1}}}`),
      /unknown clause/,
    ],
  ])('refuses %s with a 400-style message', (_, text, message) => {
    expect(rejection(text)).toEqual({ kind: 'bad-request', message: expect.stringMatching(message) });
  });

  // Nesting that exhausts the stack while parsing (10,000 deep) or while re-encoding a datum (4,000).
  it.each([
    ['a 10,000-deep body', `{"cbor":"${TX}","additionalUtxoSet":${'['.repeat(10_000)}${']'.repeat(10_000)}}`],
    [
      'a 4,000-deep datum',
      body(
        `{"address":"${ADDRESS}","value":{"coins":1},"datum":${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}}`,
      ),
    ],
  ])('refuses %s as nested too deeply, without the engine’s error text', (_, text) => {
    const error = rejection(text);
    expect(error).toEqual({ kind: 'bad-request', message: expect.stringMatching(/nested too deeply$/) });
    expect(error?.message).not.toMatch(/stack|RangeError/);
  });

  it('refuses a cbor that is neither hex nor base64 as an undecodable payload', () => {
    expect(rejection('{"cbor":"not cbor!"}')).toEqual({
      kind: 'undecodable-cbor',
      message: 'failed to decode payload from base64 or base16',
    });
  });
});

describe('parseEvaluateRequest: size limits, checked before anything is decoded', () => {
  const limits = { maxTransactionBytes: 4, maxAdditionalUtxoBytes: 64 };

  it('accepts a transaction of maxTransactionBytes, as hex or base64, and refuses a larger one', () => {
    expect(parseEvaluateRequest(JSON.stringify({ cbor: '84a0f5f6' }), limits).ok).toBe(true);
    expect(parseEvaluateRequest(JSON.stringify({ cbor: 'hKD19g==' }), limits).ok).toBe(true);
    for (const cbor of ['84a0f5f6f6', Buffer.from('84a0f5f6f6', 'hex').toString('base64')])
      expect(parseEvaluateRequest(JSON.stringify({ cbor }), limits)).toEqual({
        ok: false,
        error: { kind: 'too-large', message: 'The transaction is 5 bytes; the protocol allows at most 4.' },
      });
  });

  it('refuses a body whose part beside the transaction exceeds maxAdditionalUtxoBytes, even unreadable', () => {
    const body = JSON.stringify({ cbor: '84a0f5f6', additionalUtxoSet: 'x'.repeat(64) });
    expect(parseEvaluateRequest(body, limits)).toEqual({
      ok: false,
      error: {
        kind: 'too-large',
        message: `The additionalUtxoSet is ${body.length - 8} bytes; at most 64 are accepted.`,
      },
    });
  });
});

describe('toEvaluateTransactionParams', () => {
  it('maps a v5 request to Ogmios v6 evaluateTransaction params', () => {
    const key = '0a'.repeat(28);
    const parsed = parseEvaluateRequest(
      body(
        `{"address":"${ADDRESS}","value":{"coins":7,"assets":{"${POLICY}.01":2,"${POLICY}":3}},"datum":"d87980","script":{"native":{"2":["${key}",{"expiresAt":9}]}}}`,
      ),
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(toEvaluateTransactionParams(parsed.request)).toEqual({
      transaction: { cbor: TX },
      additionalUtxo: [
        {
          transaction: { id: TX_ID },
          index: 0,
          address: ADDRESS,
          value: { ada: { lovelace: 7n }, [POLICY]: { '01': 2n, '': 3n } },
          datum: 'd87980',
          script: {
            language: 'native',
            json: {
              clause: 'some',
              atLeast: 2,
              from: [
                { clause: 'signature', from: key },
                { clause: 'before', slot: 9 },
              ],
            },
          },
        },
      ],
    });
  });
});

import { parseOgmiosMessage } from './parse-ogmios-message.js';

describe('parseOgmiosMessage', () => {
  it('keeps integers beyond 2^53 exact as strings and small ones as numbers', () => {
    const parsed = parseOgmiosMessage(
      '{"slot":134093467,"value":{"ada":{"lovelace":45000000000000001},"p":{"6e":-18446744073709551615}},"x":1.5,"y":1e20}',
    ) as Record<string, any>;
    expect(parsed.slot).toBe(134093467);
    expect(parsed.value.ada.lovelace).toBe('45000000000000001');
    expect(parsed.value.p['6e']).toBe('-18446744073709551615');
    expect(BigInt(parsed.value.ada.lovelace)).toBe(45000000000000001n);
    expect(parsed.x).toBe(1.5);
    expect(parseOgmiosMessage('[0.12345678901234567, 2e12345678901234567, 1.5e-12345678901234567]')).toEqual([
      0.12345678901234567,
      Infinity,
      0,
    ]);
    expect(parsed.y).toBe(1e20);
  });

  it('leaves digits inside strings alone, escaped quotes included', () => {
    const text = JSON.stringify({
      label: 'count: 12345678901234567890, "quoted" 9999999999999999',
      id: 'ab12',
    });
    expect(parseOgmiosMessage(text)).toEqual(JSON.parse(text));
  });

  it('takes the exact path for a big integer after whitespace or in an array', () => {
    const parsed = parseOgmiosMessage('{"a": 45000000000000001,"b":[ -18446744073709551615]}');
    expect(parsed).toEqual({ a: '45000000000000001', b: ['-18446744073709551615'] });
  });
});

import { createRequire } from 'node:module';

// @cardano-ogmios/client's own connections (the ledger-state queries) receive through ws 7, which checks
// every text frame for valid UTF-8 in JavaScript unless its optional native peer utf-8-validate resolves
// from its own folder. (Chain-sync runs on the indexer's ws 8, which uses Node's buffer.isUtf8.)
describe("the Ogmios client's WebSocket", () => {
  it('checks frames with the native utf-8-validate', () => {
    const fromClient = createRequire(createRequire(import.meta.url).resolve('@cardano-ogmios/client'));
    const ws = createRequire(fromClient.resolve('isomorphic-ws')).resolve('ws');
    const validate = createRequire(ws)('utf-8-validate') as (buffer: Buffer) => boolean;
    expect(String(validate)).toContain('[native code]');
    expect(validate(Buffer.from('{"block":"ø"}'))).toBe(true);
    expect(validate(Buffer.from([0x7b, 0xc3, 0x28, 0x7d]))).toBe(false);
  });
});

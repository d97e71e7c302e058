import { decodedBlock, decodedOutput, decodedTransaction, hash28, hash32 } from '../test-support/decoded.js';
import { batchKeys, stakeHashRaw } from './keys.js';

describe('batchKeys', () => {
  it('looks up only the spent outputs the batch did not create itself', () => {
    const first = decodedTransaction({ hash: hash32(1), outputs: [decodedOutput()] });
    const second = decodedTransaction({
      hash: hash32(2),
      spends: [
        { txHash: hash32(1), index: 0 },
        { txHash: hash32(9), index: 2 },
      ],
    });
    const keys = batchKeys(
      [decodedBlock({ transactions: [first] }), decodedBlock({ transactions: [second] })],
      0,
    );
    expect(keys.spends).toEqual([{ txHash: hash32(9), index: 2 }]);
  });

  it('collects addresses, assets, stake credentials, datums and scripts once each', () => {
    const policy = hash28(0x11);
    const credential = { type: 'key' as const, hash: hash28(0xa1) };
    const tx = decodedTransaction({
      outputs: [
        decodedOutput({
          address: 'addr_a',
          assets: [{ policy, name: '01', quantity: 1n }],
          stake: { kind: 'credential', networkId: 0, credential },
          referenceScript: { hash: hash28(0x5c), language: 'native', bytes: '8200581c' },
        }),
        decodedOutput({ index: 1, address: 'addr_a' }),
      ],
      mints: [{ policy, name: '01', quantity: 1n }],
      datums: [{ hash: hash32(0xd1), bytes: '00' }],
      scripts: [
        { hash: hash28(0x5c), language: 'native', bytes: '8200581c' },
        { hash: hash28(0x6d), language: 'plutus:v3', bytes: '46010000222601' },
      ],
      certificates: [{ kind: 'stakeRegistration', index: 0, credential }],
    });
    const keys = batchKeys([decodedBlock({ transactions: [tx] })], 0);
    expect(keys).toMatchObject({
      addresses: ['addr_a'],
      assets: [policy + '01'],
      stakeAddresses: ['e0' + credential.hash],
      datums: [hash32(0xd1)],
      scripts: [hash28(0x5c), hash28(0x6d)],
    });
  });

  it('asks for pointer registrations before Conway only', () => {
    const pointer = { slot: 1n, txIndex: 0n, certIndex: 0n };
    const tx = decodedTransaction({ outputs: [decodedOutput({ stake: { kind: 'pointer', pointer } })] });
    expect(batchKeys([decodedBlock({ era: 'babbage', transactions: [tx] })], 0).pointers).toEqual([pointer]);
    expect(batchKeys([decodedBlock({ era: 'conway', transactions: [tx] })], 0).pointers).toEqual([]);
  });
});

describe('stakeHashRaw', () => {
  it('gives the header of each network and credential type, for the same credential object too', () => {
    const key = { type: 'key' as const, hash: hash28(1) };
    expect(stakeHashRaw(key, 0)).toBe(`e0${hash28(1)}`);
    expect(stakeHashRaw(key, 1)).toBe(`e1${hash28(1)}`);
    expect(stakeHashRaw(key, 0)).toBe(`e0${hash28(1)}`);
    expect(stakeHashRaw({ type: 'script', hash: hash28(2) }, 1)).toBe(`f1${hash28(2)}`);
  });
});

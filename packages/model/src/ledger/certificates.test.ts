import { Encoder, Tag } from 'cbor-x';
import { decodeCertificates, decodePoolRegistrations } from './certificates.js';

// A body holding one pool retirement certificate [4, pool key hash, epoch], as the ledger's CDDL gives it.
const encoder = new Encoder({ mapsAsObjects: false, useRecords: false });
const transaction = (certificates: unknown[]) =>
  encoder.encode([new Map([[4, certificates]]), new Map(), true, null]) as Uint8Array;

describe('decodeCertificates', () => {
  it('decodes a pool retirement with its pool and retiring epoch', () => {
    const pool = Buffer.alloc(28, 0xab);
    expect(decodeCertificates(transaction([[4, pool, 236]]))).toEqual([
      { kind: 'poolRetirement', index: 0, poolHash: 'ab'.repeat(28), epoch: 236 },
    ]);
  });

  it('decodes DRep certificates with their anchors and deposits, and committee hot keys and resignations', () => {
    const key = (fill: number) => [0, Buffer.alloc(28, fill)];
    const script = (fill: number) => [1, Buffer.alloc(28, fill)];
    const anchor = ['https://example.com/drep.jsonld', Buffer.alloc(32, 0x0a)];
    expect(
      decodeCertificates(
        transaction([
          [16, key(0x01), 500_000_000, anchor],
          [16, script(0x02), 500_000_000, null],
          [18, key(0x01), anchor],
          [18, key(0x01), null],
          [17, key(0x01), 500_000_000],
          [14, key(0x03), script(0x04)],
          [15, key(0x03), anchor],
          [15, script(0x05), null],
        ]),
      ),
    ).toEqual([
      {
        kind: 'drepRegistration',
        index: 0,
        drep: { type: 'key', hash: '01'.repeat(28) },
        deposit: 500_000_000n,
        anchor: { url: 'https://example.com/drep.jsonld', hash: '0a'.repeat(32) },
      },
      {
        kind: 'drepRegistration',
        index: 1,
        drep: { type: 'script', hash: '02'.repeat(28) },
        deposit: 500_000_000n,
        anchor: null,
      },
      {
        kind: 'drepUpdate',
        index: 2,
        drep: { type: 'key', hash: '01'.repeat(28) },
        anchor: { url: 'https://example.com/drep.jsonld', hash: '0a'.repeat(32) },
      },
      { kind: 'drepUpdate', index: 3, drep: { type: 'key', hash: '01'.repeat(28) }, anchor: null },
      {
        kind: 'drepRetirement',
        index: 4,
        drep: { type: 'key', hash: '01'.repeat(28) },
        deposit: 500_000_000n,
      },
      {
        kind: 'committeeHotKeyAuthorisation',
        index: 5,
        cold: { type: 'key', hash: '03'.repeat(28) },
        hot: { type: 'script', hash: '04'.repeat(28) },
      },
      {
        kind: 'committeeResignation',
        index: 6,
        cold: { type: 'key', hash: '03'.repeat(28) },
        anchor: { url: 'https://example.com/drep.jsonld', hash: '0a'.repeat(32) },
      },
      {
        kind: 'committeeResignation',
        index: 7,
        cold: { type: 'script', hash: '05'.repeat(28) },
        anchor: null,
      },
    ]);
  });
});

describe('decodePoolRegistrations', () => {
  const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);
  // [3, operator, vrf, pledge, cost, margin (tag 30 rational), reward account, owners (tag 258 set), relays, metadata]
  const registration = (relays: unknown[], metadata: unknown) => [
    3,
    bytes(28, 0x01),
    bytes(32, 0x02),
    100_000_000_000,
    340_000_000,
    new Tag([9, 500], 30),
    Buffer.concat([Buffer.from([0xe1]), bytes(28, 0x03)]),
    new Tag([bytes(28, 0x04), bytes(28, 0x05)], 258),
    relays,
    metadata,
  ];
  // ::1 as the ledger writes it, each 32-bit word little-endian; 2001:db8::8a2e:370:7334 likewise.
  const loopback = Buffer.from('00000000000000000000000001000000', 'hex');
  const documentation = Buffer.from('b80d0120000000002e8a000034737003', 'hex');

  it('decodes every pool parameter, relays and metadata included, at its ledger certificate index', () => {
    const stakeRegistration = [0, [0, bytes(28, 0x06)]];
    const relays = [
      [0, 3001, Buffer.from([75, 119, 159, 254]), null],
      [0, null, null, loopback],
      [0, 6000, null, documentation],
      [1, 3001, 'relay.example.com'],
      [2, '_cardano._tcp.example.com'],
    ];
    const [pool] = decodePoolRegistrations(
      transaction([stakeRegistration, registration(relays, ['https://example.com/p.json', bytes(32, 0x07)])]),
    );
    const none = { ipv4: null, ipv6: null, dns: null, dns_srv: null, port: null };
    expect(pool).toEqual({
      index: 1,
      poolHash: '01'.repeat(28),
      vrfKeyHash: '02'.repeat(32),
      pledge: 100_000_000_000n,
      cost: 340_000_000n,
      margin: 0.018,
      rewardAccount: `e1${'03'.repeat(28)}`,
      owners: ['04'.repeat(28), '05'.repeat(28)],
      relays: [
        { ...none, ipv4: '75.119.159.254', port: 3001 },
        { ...none, ipv6: '::1' },
        { ...none, ipv6: '2001:db8::8a2e:370:7334', port: 6000 },
        { ...none, dns: 'relay.example.com', port: 3001 },
        { ...none, dns_srv: '_cardano._tcp.example.com' },
      ],
      metadata: { url: 'https://example.com/p.json', hash: '07'.repeat(32) },
    });
  });

  it('decodes a registration without metadata, and skips every other certificate', () => {
    const registrations = decodePoolRegistrations(
      transaction([[4, bytes(28, 0xab), 236], registration([], null)]),
    );
    expect(registrations.map((r) => [r.index, r.metadata, r.relays])).toEqual([[1, null, []]]);
  });
});

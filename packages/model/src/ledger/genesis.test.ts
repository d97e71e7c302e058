import bs58 from 'bs58';
import { Decoder, type Tag } from 'cbor-x';
import { blake2b256 } from '../blake2b.js';
import { PREVIEW_CHAIN_TIME } from '../chain-time-presets.js';
import { bytesToHex, hexToBytes } from '../hex.js';
import { readTestData } from '../test-support/test-data.js';
import {
  BYRON_GENESIS_HASHES,
  byronGenesisHash,
  decodeBlock,
  genesisBlock,
  redeemAddress,
  type OgmiosBlock,
} from './index.js';

// test-data/SOURCES.md: five mainnet AVVM vouchers and Blockfrost's (db-sync's) genesis transaction of one.
interface AvvmSubset {
  protocolMagic: number;
  avvmDistr: Record<string, string>;
  blockfrostGenesisTx: {
    response: { hash: string; outputs: { address: string; amount: { quantity: string }[] }[] };
  };
}
const avvm = readTestData<AvvmSubset>('mainnet-avvm.subset.json');
/** Ogmios `initialVouchers` keys are the redeem keys in hex; the genesis file has them in base64url. */
const vouchers = Object.fromEntries(
  Object.entries(avvm.avvmDistr).map(([key, lovelace]) => [
    Buffer.from(key, 'base64url').toString('hex'),
    { ada: { lovelace: BigInt(lovelace) } },
  ]),
);
const decoder = new Decoder({ mapsAsObjects: false });
/** `[root, attributes, type]` inside a Byron address. */
const addressPayload = (address: Uint8Array) =>
  decoder.decode((decoder.decode(address) as [Tag, number])[0].value as Uint8Array) as [
    Uint8Array,
    Map<number, Uint8Array>,
    number,
  ];

describe('genesisBlock', () => {
  it('turns initial funds into pseudo-transactions whose id is blake2b-256 of the address bytes', () => {
    const address = 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8';
    const block = genesisBlock({ shelley: { [address]: { ada: { lovelace: 42 } } } }, 1596059091);
    expect(block.issuer).toEqual({ kind: 'genesis' });
    expect(block.epochSlot).toBeNull();
    const [tx] = block.transactions;
    const bytes = hexToBytes('61' + '9493315cd92eb5d8c4304e67b7e16ae36d61d34502694657811a2c8e');
    expect(tx!.hash).toBe(bytesToHex(blake2b256(bytes)));
    expect(tx!.outputs).toMatchObject([{ index: 0, address, lovelace: 42n }]);
  });

  it("seeds mainnet's AVVM vouchers at their redeem addresses, with db-sync's transaction ids, before the other funds", () => {
    const byron = {
      DdzFFzCqrhsjUjMRukzoFx8sToHzCt4iidB17STXk9adAoVMNus5SvAjS1cXfPKbuNbPUZ5xQG25sMK85n9GdMkqo2ytqBnKWC68s8P3:
        7n,
    };
    const block = genesisBlock({ vouchers, byronProtocolMagic: avvm.protocolMagic, byron }, 1506203091);
    expect(block.transactions.map((tx) => tx.outputs[0]!.lovelace)).toEqual([
      ...Object.values(avvm.avvmDistr).map(BigInt),
      7n,
    ]);
    const { hash, outputs } = avvm.blockfrostGenesisTx.response;
    const redeemed = block.transactions.find((tx) => tx.hash === hash);
    expect(redeemed?.outputs).toMatchObject([
      {
        index: 0,
        address: outputs[0]!.address,
        lovelace: BigInt(outputs[0]!.amount[0]!.quantity),
        paymentCredential: null,
      },
    ]);
  });

  it('puts the protocol magic into testnet redeem addresses like any testnet Byron address (preview)', () => {
    const preview = readTestData<{
      nonAvvmBalances: Record<string, string>;
      protocolConsts: { protocolMagic: number };
    }>('preview-byron-genesis.json');
    const [, previewAttributes] = addressPayload(bs58.decode(Object.keys(preview.nonAvvmBalances)[0]!));
    const key = hexToBytes(Object.keys(vouchers)[0]!);
    const [, attributes, type] = addressPayload(redeemAddress(key, preview.protocolConsts.protocolMagic));
    expect(type).toBe(2);
    expect(attributes).toEqual(previewAttributes);
    expect(addressPayload(redeemAddress(key, avvm.protocolMagic))[1].size).toBe(0);
  });

  it('refuses vouchers without the protocol magic their addresses depend on', () => {
    expect(() => genesisBlock({ vouchers }, 0)).toThrow('protocol magic');
  });

  it("is named by the genesis hash when known, and a first block's genesis ancestor points to it", () => {
    expect(genesisBlock({}, 0, BYRON_GENESIS_HASHES.preview).hash).toBe(BYRON_GENESIS_HASHES.preview);
    const first = {
      type: 'praos',
      era: 'babbage',
      id: 'aa'.repeat(32),
      ancestor: 'genesis',
      height: 0,
      slot: 0,
      size: { bytes: 3 },
      protocol: { version: { major: 8, minor: 0 } },
      issuer: {
        verificationKey: '00'.repeat(32),
        vrfVerificationKey: '00'.repeat(32),
        operationalCertificate: { count: 0, kes: { period: 0, verificationKey: '00'.repeat(32) } },
      },
      transactions: [],
    } as unknown as OgmiosBlock;
    const context = { chainTime: PREVIEW_CHAIN_TIME, previousSlot: null };
    expect(decodeBlock(first, context).previousHash).toBeNull();
    expect(decodeBlock(first, { ...context, genesisHash: BYRON_GENESIS_HASHES.preview }).previousHash).toBe(
      BYRON_GENESIS_HASHES.preview,
    );
  });
});

describe('byronGenesisHash', () => {
  it('hashes the canonical JSON of a Byron genesis file like cardano-node (preview)', () => {
    expect(byronGenesisHash(readTestData('preview-byron-genesis.json'))).toBe(BYRON_GENESIS_HASHES.preview);
  });

  it("gives mainnet's genesis hash as the real epoch-boundary block 0 names its ancestor", () => {
    const ebb0 = readTestData<{ block: OgmiosBlock }>('ledger/genesis.json').block;
    expect(ebb0.ancestor).toBe(BYRON_GENESIS_HASHES.mainnet);
  });
});

import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { byronGenesisHash } from '@frostline/model';
import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { arraySpans } from '../convert/cbor.js';
import { convertBlock } from '../convert/index.js';
import { readHexFixture } from '../convert/test-support/fixtures.js';
import { loadNetwork } from '../networks/networks.js';
import {
  BYRON_FAUCET_LOVELACE,
  VOUCHER_LOVELACE,
  buildByronTransaction,
  byronEpochBoundaryBlock,
  byronGenesisActors,
  byronMainBlock,
  byronWallet,
  genesisOutput,
} from './byron.js';
import { byronBlockProblems, certificateVerifies } from './test-support/byron-verify.js';
import { generate, isBlock, isPraos } from './test-support/chain.js';
import type { Wallet } from './wallets.js';

const network = loadNetwork('custom');
const genesis = network.genesis.byron;
const magic = genesis.protocolConsts.protocolMagic as number;
const actors = byronGenesisActors(magic);
const hex = bytesToHex;

describe('the Byron block checks', () => {
  it('accept real mainnet blocks (a main block with two transactions, epoch-boundary block 0)', () => {
    expect(byronBlockProblems(readHexFixture('blocks/pallas_blocks/byron2.block'))).toEqual([]);
    expect(byronBlockProblems(readHexFixture('blocks/pallas_blocks/genesis.block'))).toEqual([]);
  });
});

describe('Byron blocks and transactions', () => {
  const wallets = [0, 1].map((i) => byronWallet(`test/byron/${i}`, magic));
  const known = new Map<string, Wallet>([actors.faucet, actors.voucher, ...wallets].map((w) => [w.name, w]));
  const context = (txOrdinal: number) => ({
    protocolMagic: magic,
    feePolicy: { summand: 155_381_000_000_000n, multiplier: 43_946_000_000n },
    txOrdinal,
    wallet: (name: string) => known.get(name)!,
  });
  const redemption = buildByronTransaction(
    { inputs: [genesisOutput(actors.voucher, VOUCHER_LOVELACE)], outputs: [], change: wallets[0]! },
    context(1),
  );
  const payment = buildByronTransaction(
    {
      inputs: [genesisOutput(actors.faucet, BYRON_FAUCET_LOVELACE)],
      outputs: [{ to: wallets[1]!, lovelace: 1_000_000_000n }],
      change: actors.faucet,
    },
    context(2),
  );
  const ebb = byronEpochBoundaryBlock({
    protocolMagic: magic,
    ancestor: byronGenesisHash(genesis),
    epoch: 0,
    height: 0,
    leaders: actors.delegates.map((delegate) => delegate.stakeholderId),
  });
  const main = byronMainBlock({
    protocolMagic: magic,
    epochLength: 50,
    ancestor: convertBlock(ebb).id,
    height: 1,
    slot: 3,
    leader: actors.delegates[0]!,
    transactions: [redemption, payment],
  });

  it('pass the checks real blocks pass: proofs, block signature, delegation certificate, witnesses', () => {
    expect(byronBlockProblems(ebb)).toEqual([]);
    expect(byronBlockProblems(main)).toEqual([]);
  });

  it('are what the converter reads: ids, links, slot, issuer, transactions', () => {
    const json = convertBlock(main, { byronEpochLength: 50 });
    expect(json).toMatchObject({
      type: 'bft',
      era: 'byron',
      height: 1,
      slot: 3,
      ancestor: convertBlock(ebb).id,
      protocol: { id: magic },
      issuer: { verificationKey: hex(actors.delegates[0]!.issuer.xpub) },
      delegate: { verificationKey: hex(actors.delegates[0]!.delegate.xpub) },
    });
    const [, blockSpan] = arraySpans(main, 0);
    const [headerSpan] = arraySpans(main, blockSpan![0]);
    const id = blake2b(Buffer.concat([Uint8Array.of(0x82, 0x01), main.subarray(...headerSpan!)]), {
      dkLen: 32,
    });
    expect(json.id).toBe(hex(id));
    const [redeemed, paid] = (
      json as { transactions: { id: string; inputs: unknown[]; signatories: object[] }[] }
    ).transactions;
    expect(redeemed!.id).toBe(redemption.id);
    // The voucher's genesis output: blake2b-256 of the redeem address CBOR, index 0.
    expect(redeemed!.inputs).toEqual([
      { transaction: { id: hex(blake2b(actors.voucher.address.to_bytes(), { dkLen: 32 })) }, index: 0 },
    ]);
    expect(Object.keys(redeemed!.signatories[0]!).sort()).toEqual(['key', 'signature']);
    expect(Object.keys(paid!.signatories[0]!).sort()).toEqual(['chainCode', 'key', 'signature']);
  });

  it('pay the genesis fee policy for their size, the rest going to the outputs', () => {
    for (const tx of [redemption, payment]) {
      const minimum = (155_381_000_000_000n + 43_946_000_000n * BigInt(tx.bytes.length)) / 1_000_000_000n;
      expect(tx.fee).toBeGreaterThanOrEqual(minimum);
      expect(tx.fee).toBeLessThan(minimum + 2n);
      const spent = tx.spent.reduce((sum, utxo) => sum + utxo.lovelace, 0n);
      expect(tx.created.reduce((sum, utxo) => sum + utxo.lovelace, 0n)).toBe(spent - tx.fee);
    }
  });
});

describe("the custom network's Byron genesis", () => {
  it("is the generator's: delegations it can sign for, its faucet's balance and its AVVM voucher", () => {
    expect(Object.keys(genesis.bootStakeholders)).toEqual(actors.delegates.map((d) => d.stakeholderId));
    for (const delegate of actors.delegates) {
      const entry = genesis.heavyDelegation[delegate.stakeholderId];
      expect(Buffer.from(entry.issuerPk, 'base64')).toEqual(Buffer.from(delegate.issuer.xpub));
      expect(Buffer.from(entry.delegatePk, 'base64')).toEqual(Buffer.from(delegate.delegate.xpub));
      const issuer = Buffer.from(entry.issuerPk, 'base64');
      const delegatePk = Buffer.from(entry.delegatePk, 'base64');
      expect(certificateVerifies(magic, issuer, delegatePk, Buffer.from(entry.cert, 'hex'))).toBe(true);
    }
    expect(genesis.nonAvvmBalances).toEqual({ [actors.faucet.bech32]: BYRON_FAUCET_LOVELACE.toString() });
    const voucherKey = actors.voucher.spender.byron!.key as { publicKey: CSL.PublicKey };
    expect(
      Object.entries(genesis.avvmDistr).map(([key, lovelace]) => [Buffer.from(key, 'base64url'), lovelace]),
    ).toEqual([[Buffer.from(voucherKey.publicKey.as_bytes()), VOUCHER_LOVELACE.toString()]]);
  });
});

describe('a generated chain with the Byron prefix', () => {
  let chain: Awaited<ReturnType<typeof generate>>;
  beforeAll(async () => {
    chain = await generate({ blocks: 60, forks: 0 });
  });

  it('starts with epoch-boundary block 0 after the genesis, an EBB opens epoch 1, and the hard fork follows', () => {
    const blocks = chain.lines.filter(isBlock);
    expect(blocks[0]).toMatchObject({ type: 'ebb', height: 0, ancestor: byronGenesisHash(genesis) });
    const boundaries = chain.expected.blocks.filter(
      (block) => block.slotLeader === 'Epoch boundary slot leader',
    );
    expect(
      boundaries.map(({ slot, epoch, height, epochSlot }) => ({ slot, epoch, height, epochSlot })),
    ).toEqual([
      { slot: 0, epoch: 0, height: null, epochSlot: null },
      { slot: 50, epoch: 1, height: null, epochSlot: null },
    ]);
    const first = blocks.findIndex((block) => block.era !== 'byron');
    expect(blocks[first]).toMatchObject({ era: 'babbage', slot: 100, height: blocks[first - 1]!.height + 1 });
    // Byron slots last 20 s, then 1 s from the hard fork at slot 100 (2000 s after the system start).
    const start = Date.parse(network.genesis.shelley.systemStart as string) / 1000;
    for (const block of chain.expected.blocks)
      expect(block.time).toBe(start + (block.slot < 100 ? 20 * block.slot : 2000 + block.slot - 100));
  });

  it('redeems the AVVM voucher, spends the Byron balance and pays Byron addresses of the network', () => {
    const byron = chain.lines.filter(isBlock).filter((block) => block.type === 'bft');
    const transactions = byron.flatMap((block) =>
      'transactions' in block ? (block.transactions ?? []) : [],
    );
    const genesisIds = chain.expected.genesisUtxos.slice(0, 2).map((utxo) => utxo.txHash);
    expect(transactions.flatMap((tx) => tx.inputs.map((input) => input.transaction.id))).toEqual(
      expect.arrayContaining(genesisIds),
    );
    for (const tx of transactions) {
      const [txBytes] = arraySpans(Buffer.from(tx.cbor!, 'hex'), 0).map((span) =>
        Buffer.from(tx.cbor!, 'hex').subarray(...span),
      );
      expect(hex(blake2b(txBytes!, { dkLen: 32 }))).toBe(tx.id);
      for (const output of tx.outputs)
        expect(CSL.ByronAddress.from_base58(output.address).byron_protocol_magic()).toBe(magic);
    }
  });

  it('sweeps the Byron outputs into Shelley wallets with bootstrap witnesses, keeping one Byron wallet', () => {
    const sweep = chain.lines
      .filter(isPraos)[0]!
      .transactions!.find((tx) => tx.signatories.some((signatory) => signatory.addressAttributes));
    expect(sweep?.inputs.length).toBeGreaterThan(1);
    const byronAddresses = Object.keys(chain.expected.addresses).filter(
      (address) => !address.startsWith('addr'),
    );
    expect(byronAddresses).toHaveLength(1);
    expect(CSL.ByronAddress.is_valid(byronAddresses[0]!)).toBe(true);
  });

  it('is left out with --no-byron: the chain starts in Babbage right after the genesis', async () => {
    const { lines, expected } = await generate({ blocks: 3, forks: 0, byron: false });
    expect(lines.filter(isBlock)[0]).toMatchObject({
      era: 'babbage',
      slot: 100,
      ancestor: 'genesis',
      height: 0,
    });
    expect(expected.genesisUtxos).toEqual(chain.expected.genesisUtxos);
  });
});

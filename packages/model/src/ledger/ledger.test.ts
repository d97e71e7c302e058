import { readdirSync, readFileSync } from 'node:fs';
import { blake2b224, blake2b256 } from '../blake2b.js';
import { MAINNET_CHAIN_TIME } from '../chain-time-presets.js';
import { bytesToHex, hexToBytes } from '../hex.js';
import { poolIdToHash } from '../pool-id.js';
import { decodeStakeAddress } from '../stake-address.js';
import { decodeBlock, type OgmiosBlock, type OgmiosTransaction } from './index.js';

// Real mainnet blocks (txpipe/pallas, blinklabs-io/gouroboros) converted to Ogmios v6 JSON by
// packages/devnet's converter, with the manifest's independently derived fields: test-data/ledger/SOURCES.md.
interface Fixture {
  source: string;
  manifest: {
    block_hash: string;
    block_number?: number;
    slot?: number;
    issuer_vkey?: string;
    block_body_size?: number;
    op_cert?: { hot_vkey: string; seq: number };
    tx_count?: number;
    tx_hashes?: string[];
  };
  block: OgmiosBlock;
}
const DIR = new URL('../../test-data/ledger/', import.meta.url);
const fixtures: Fixture[] = readdirSync(DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(new URL(file, DIR), 'utf8')));
const named = (name: string) => fixtures.find((f) => f.source.includes(name))!;

// Mainnet Byron slots are 20 s from 2017-09-23T21:44:51Z, Shelley slots 1 s from slot 4492800
// (docs/ogmios.md#networks-and-time).
function mainnetSlot(slot: number) {
  if (slot < 4_492_800)
    return { epoch: Math.floor(slot / 21600), epochSlot: slot % 21600, time: 1506203091 + 20 * slot };
  const since = slot - 4_492_800;
  return { epoch: 208 + Math.floor(since / 432_000), epochSlot: since % 432_000, time: 1596059091 + since };
}

describe('decodeBlock on real mainnet blocks', () => {
  it.each(fixtures.map((f) => [f.source, f] as const))(
    '%s: header fields, chain time and issuer',
    (_source, { manifest, block }) => {
      const decoded = decodeBlock(block, { chainTime: MAINNET_CHAIN_TIME, previousSlot: null });
      expect(decoded.hash).toBe(manifest.block_hash);
      expect(decoded.transactions.map((tx) => tx.hash)).toEqual(manifest.tx_hashes ?? []);
      if (decoded.isEbb) {
        expect([decoded.height, decoded.epochSlot, decoded.slot]).toEqual([null, null, 0]);
        expect(decoded.issuer).toEqual({ kind: 'ebb' });
        return;
      }
      expect(decoded.height).toBe(manifest.block_number);
      const expected = mainnetSlot(manifest.slot!);
      expect([decoded.slot, decoded.epoch, decoded.epochSlot, decoded.time]).toEqual([
        manifest.slot,
        expected.epoch,
        expected.epochSlot,
        expected.time,
      ]);
      if (decoded.issuer.kind === 'byron') {
        expect(decoded.issuer.slotLeader).toMatch(/^ByronGenesis-[0-9a-f]{16}$/);
        return;
      }
      expect(decoded.size).toBe(manifest.block_body_size);
      expect(decoded.issuer).toEqual({
        kind: 'praos',
        coldKeyHash: bytesToHex(blake2b224(hexToBytes(manifest.issuer_vkey!))),
        vrfKey: expect.stringMatching(/^vrf_vk1[02-9ac-hj-np-z]{58}$/),
        opCert: manifest.op_cert!.hot_vkey,
        opCertCounter: BigInt(manifest.op_cert!.seq),
      });
    },
  );
});

describe('decodeTransaction on real mainnet transactions', () => {
  const transactions = fixtures.flatMap((f) =>
    (f.block.transactions ?? []).map((tx) => [f.source, tx] as const),
  );

  // Decoded transactions share slabs of bytes: each keeps its own CBOR, however many are decoded after it.
  it('keeps every transaction’s CBOR when many are decoded together', () => {
    const [, plain] = transactions.find(([, tx]) => !tx.certificates?.length && !tx.proposals?.length)!;
    const cbors = Array.from({ length: 60 }, (_, i) => Buffer.alloc(30_000 + 1_000 * i, i).toString('hex'));
    const decoded = decodeBlock(
      { ...emptyPraos, transactions: cbors.map((cbor) => ({ ...plain, cbor })) },
      { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
    ).transactions;
    expect(decoded.map((tx) => bytesToHex(tx.details.cbor!))).toEqual(cbors);
  });

  // What a transaction lacks is one shared empty list: frozen, so that code pushing into one fails loudly.
  it('shares one frozen empty list for what transactions lack, and gives each the lists it has', () => {
    const [, plain] = transactions.find(([, tx]) => !tx.mint && !tx.collaterals?.length && !tx.withdrawals)!;
    const [first, second] = decodeBlock(
      { ...emptyPraos, transactions: [plain, { ...plain, id: 'ab'.repeat(32) }] },
      { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
    ).transactions;
    expect(first!.mints).toBe(second!.mints);
    expect(first!.details.collaterals).toBe(first!.mints);
    expect(Object.isFrozen(first!.mints)).toBe(true);
    expect(() => (first!.mints as unknown[]).push(1)).toThrow(TypeError);
    const policy = 'cd'.repeat(28);
    const [minting] = decodeBlock(
      { ...emptyPraos, transactions: [{ ...plain, mint: { [policy]: { '': 5, '01': -1 } } }] },
      { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
    ).transactions;
    expect(minting!.mints).toEqual([
      { policy, name: '', quantity: 5n },
      { policy, name: '01', quantity: -1n },
    ]);
    expect(Object.isFrozen(minting!.mints)).toBe(false);
    expect(first!.mints).toEqual([]);
  });

  it.each(transactions.map(([source, tx]) => [`${source} ${tx.id.slice(0, 12)}`, tx] as const))(
    '%s: outputs, spends and fee',
    (_name, tx) => {
      const decoded = decodeBlock(
        { ...emptyPraos, transactions: [tx] },
        { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
      ).transactions[0]!;
      expect(decoded.valid).toBe(tx.spends === 'inputs');
      expect(tx.cbor).toBeDefined();
      expect(decoded.details.cbor).toBeInstanceOf(Uint8Array);
      expect(bytesToHex(decoded.details.cbor!)).toBe(tx.cbor);
      expect(decoded.spends).toEqual(
        (decoded.valid ? tx.inputs : tx.collaterals!).map((i) => ({
          txHash: i.transaction.id,
          index: i.index,
        })),
      );
      if (decoded.valid)
        expect(decoded.outputs.map((o) => o.address)).toEqual(tx.outputs.map((o) => o.address));
      for (const output of decoded.outputs) {
        if (output.inlineDatum)
          expect(output.dataHash).toBe(bytesToHex(blake2b256(hexToBytes(output.inlineDatum))));
        expect(output.lovelace).toBeGreaterThan(0n);
      }
      if (tx.fee) expect(decoded.fee).toBe(BigInt(tx.fee.ada.lovelace));
    },
  );

  // The certificates come from the transaction CBOR (ledger order, MIR pots); Ogmios' JSON must agree on content.
  it.each(
    transactions
      .filter(([, tx]) => tx.certificates?.length || tx.proposals?.length)
      .map(([s, tx]) => [`${s} ${tx.id.slice(0, 12)}`, tx] as const),
  )('%s: certificates decoded from CBOR agree with Ogmios JSON', (_name, tx) => {
    const decoded = decodeBlock(
      { ...emptyPraos, transactions: [tx] },
      { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
    ).transactions[0]!;
    const fromJson = jsonCertificates(tx);
    const fromCbor = decoded.certificates.flatMap((cert): string[] => {
      switch (cert.kind) {
        case 'stakeRegistration':
        case 'stakeDeregistration':
          return [`${cert.kind} ${cert.credential.hash}`];
        case 'stakeDelegation':
          return [`${cert.kind} ${cert.credential.hash} ${cert.poolHash}`];
        case 'poolRegistration':
          return [`poolRegistration ${cert.poolHash}`];
        case 'mir':
          return cert.rewards.map((r) => `mir ${r.credential.hash} ${r.amount}`);
        default:
          return [];
      }
    });
    expect(fromCbor.sort()).toEqual(fromJson.sort());
  });

  // Hashing each script's CBOR with its language tag must give the hash Ogmios keys it by.
  it.each(
    transactions
      .filter(([, tx]) => Object.keys(tx.scripts ?? {}).length > 0)
      .map(([s, tx]) => [`${s} ${tx.id.slice(0, 12)}`, tx] as const),
  )('%s: witness scripts with their hashes', (_name, tx) => {
    const decoded = decodeBlock(
      { ...emptyPraos, transactions: [tx] },
      { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
    ).transactions[0]!;
    expect(decoded.scripts).toEqual(
      Object.entries(tx.scripts!).map(([hash, script]) => ({
        hash,
        language: script.language,
        bytes: script.cbor,
      })),
    );
  });

  it('keeps no witness scripts of a phase-2-invalid transaction, as db-sync', () => {
    const [, tx] = transactions.find(([, t]) => Object.keys(t.scripts ?? {}).length > 0)!;
    const invalid = { ...tx, spends: 'collaterals' as const, collaterals: tx.inputs };
    const decoded = decodeBlock(
      { ...emptyPraos, transactions: [invalid] },
      { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
    ).transactions[0]!;
    expect(decoded.scripts).toEqual([]);
  });

  // db-sync stores an invalid transaction's collaterals as its inputs (tx_in) and its collateral return as
  // its output (tx_out), and no redeemer, collateral or reference input nor collateral output beside.
  it('keeps a phase-2-invalid transaction as db-sync: collaterals spent, the collateral return its output', () => {
    const [, tx] = transactions.find(([, t]) => t.redeemers?.length && t.collaterals?.length)!;
    const collateralReturn = tx.outputs[0]!;
    const invalid = {
      ...tx,
      requiredExtraSignatories: ['ab'.repeat(28)],
      spends: 'collaterals' as const,
      references: tx.inputs,
      collateralReturn,
      totalCollateral: { ada: { lovelace: 5 } },
    };
    const decoded = decodeBlock(
      { ...emptyPraos, transactions: [invalid] },
      { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
    ).transactions[0]!;
    expect(decoded.spends).toEqual(
      tx.collaterals!.map((i) => ({ txHash: i.transaction.id, index: i.index })),
    );
    expect(decoded.outputs.map((o) => [o.index, o.address])).toEqual([
      [tx.outputs.length, collateralReturn.address],
    ]);
    const {
      redeemerCount,
      collaterals,
      references,
      collateralReturn: kept,
      requiredSigners,
    } = decoded.details;
    expect({ redeemerCount, collaterals, references, kept, requiredSigners }).toEqual({
      redeemerCount: 0,
      collaterals: [],
      references: [],
      kept: null,
      requiredSigners: [],
    });
  });

  it('keeps the required signers of a valid transaction (db-sync extra_key_witness)', () => {
    const [, tx] = transactions.find(([, t]) => t.spends === 'inputs' && t.requiredExtraSignatories?.length)!;
    const decoded = decodeBlock(
      { ...emptyPraos, transactions: [tx] },
      { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
    ).transactions[0]!;
    expect(decoded.details.requiredSigners).toEqual(tx.requiredExtraSignatories);
    expect(decoded.details.requiredSigners[0]).toMatch(/^[0-9a-f]{56}$/);
  });

  it('asks for --include-cbor when a witness script comes without CBOR', () => {
    const [, tx] = transactions.find(([, t]) => Object.keys(t.scripts ?? {}).length > 0)!;
    const withoutCbor = {
      ...tx,
      scripts: Object.fromEntries(Object.entries(tx.scripts!).map(([h, s]) => [h, { language: s.language }])),
    };
    expect(() =>
      decodeBlock(
        { ...emptyPraos, transactions: [withoutCbor] },
        { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
      ),
    ).toThrow(/--include-cbor/);
  });

  it('renders CIP-25 metadata (label 721) as db-sync does and keeps its CBOR', () => {
    const minted = (named('alonzo9').block.transactions ?? []).filter((tx) => tx.metadata?.labels['721']);
    expect(minted.length).toBeGreaterThan(0);
    for (const tx of minted) {
      const decoded = decodeBlock(
        { ...emptyPraos, transactions: [tx] },
        { chainTime: MAINNET_CHAIN_TIME, previousSlot: null },
      ).transactions[0]!;
      const label = decoded.metadata.find((m) => m.label === '721')!;
      expect(label.cbor).toBe(tx.metadata!.labels['721']!.cbor);
      expect(typeof label.json).toBe('object');
    }
  });
});

const emptyPraos: OgmiosBlock = named('u5c1').block;

/** What Ogmios' JSON says the same certificates do, in the same notation. */
function jsonCertificates(tx: OgmiosTransaction): string[] {
  const out: string[] = [];
  for (const cert of (tx.certificates ?? []) as Record<string, any>[]) {
    if (cert.type === 'stakeCredentialRegistration' || cert.type === 'stakeCredentialDeregistration') {
      out.push(
        `${cert.type === 'stakeCredentialRegistration' ? 'stakeRegistration' : 'stakeDeregistration'} ${cert.credential}`,
      );
    }
    if (cert.type === 'stakeDelegation' && cert.stakePool)
      out.push(`stakeDelegation ${cert.credential} ${poolIdToHash(cert.stakePool.id)}`);
    if (cert.type === 'stakePoolRegistration')
      out.push(`poolRegistration ${poolIdToHash(cert.stakePool.id)}`);
  }
  for (const proposal of tx.proposals ?? []) {
    const action = proposal.action as
      { type: string; withdrawals?: Record<string, { ada: { lovelace: number } }> } | undefined;
    if (action?.type !== 'treasuryWithdrawals') continue;
    for (const [key, value] of Object.entries(action.withdrawals ?? {})) {
      // Pre-Conway MIRs are keyed by credential hex; Conway treasury withdrawals by stake address.
      if (decodeStakeAddress(key)) continue;
      out.push(`mir ${key} ${value.ada.lovelace}`);
    }
  }
  return out;
}

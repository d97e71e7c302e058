import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { loadNetwork } from '../networks/networks.js';
import { writeChain } from './write.js';
import { generate, isBlock, isEvent, isPraos, type GeneratedBlock } from './test-support/chain.js';
import { stringifyOgmios, type OgmiosTransaction } from '../convert/index.js';
import { Writable } from 'node:stream';

const chain = await generate();
const blocks = chain.lines.filter(isBlock);
/** Shelley-era transactions (the Byron ones have tests of their own: byron.test.ts). */
const transactions = chain.lines.filter(isPraos).flatMap((block) => block.transactions ?? []);

describe('determinism', () => {
  it('gives identical bytes for the same seed and different ones for another seed', async () => {
    expect((await generate()).text).toBe(chain.text);
    expect((await generate({ seed: 2 })).text).not.toBe(chain.text);
  });
});

describe('transactions', () => {
  it('are real: CSL decodes the CBOR, the id is blake2b-256 of the body, and every signature verifies', () => {
    expect(transactions.length).toBeGreaterThan(500);
    expect(transactions.some((json) => json.signatories.some((signatory) => signatory.chainCode))).toBe(true);
    for (const json of transactions) {
      const tx = CSL.Transaction.from_hex(json.cbor!);
      const bodyHash = blake2b(tx.body().to_bytes(), { dkLen: 32 });
      expect(bytesToHex(bodyHash)).toBe(json.id);
      // Key witnesses, and bootstrap witnesses where Byron outputs are spent after the hard fork.
      const vkeys = tx.witness_set().vkeys();
      const bootstraps = tx.witness_set().bootstraps();
      const witnesses = [
        ...Array.from({ length: vkeys?.len() ?? 0 }, (_, i) => vkeys!.get(i)),
        ...Array.from({ length: bootstraps?.len() ?? 0 }, (_, i) => bootstraps!.get(i)),
      ];
      expect(witnesses.length).toBe(json.signatories.length);
      for (const witness of witnesses)
        expect(witness.vkey().public_key().verify(bodyHash, witness.signature())).toBe(true);
      expect(tx.is_valid()).toBe(json.spends === 'inputs');
    }
  });

  it('pay at least the minimum fee for their size', () => {
    for (const json of transactions) {
      const size = json.cbor!.length / 2;
      expect(BigInt(json.fee!.ada.lovelace)).toBeGreaterThanOrEqual(44n * BigInt(size) + 155_381n);
    }
  });
});

describe('a default chain shows every feature', () => {
  const certificates = transactions.flatMap((tx) => tx.certificates ?? []);
  const outputs = transactions.flatMap((tx) => tx.outputs);
  const labels = (label: string) => transactions.filter((tx) => tx.metadata?.labels[label] !== undefined);
  const addressKinds = new Set(
    outputs.map((output) => CSL.Address.from_bech32(output.address).to_bytes()[0]! >> 4),
  );

  it('has base, pointer, enterprise and script addresses', () => {
    expect([...addressKinds].sort()).toEqual(expect.arrayContaining([0, 1, 4, 6, 7]));
  });

  it('mints and burns, with CIP-25 v1 and v2 and CIP-68 reference and user tokens', () => {
    const mints = transactions.flatMap((tx) =>
      Object.values(tx.mint ?? {}).flatMap((assets) => Object.entries(assets)),
    );
    expect(mints.some(([, quantity]) => BigInt(quantity) < 0n)).toBe(true);
    for (const prefix of ['000643b0', '000de140', '0014df10', '001bc280']) {
      // 333 and 444 are random picks; a default chain mints several pairs.
      if (prefix === '000643b0' || prefix === '000de140')
        expect(mints.some(([name]) => name.startsWith(prefix))).toBe(true);
    }
    const cip25 = labels('721').map((tx) => tx.metadata!.labels['721']!);
    // v1 keys policies by hex text; v2 by bytes, which have no JSON form (only `version` is left).
    expect(
      cip25.some((label) => Object.keys(label.json as object).some((key) => /^[0-9a-f]{56}$/.test(key))),
    ).toBe(true);
    expect(
      cip25.some((label) => stringifyOgmios(label.json) === '{"version":2}' && label.cbor !== undefined),
    ).toBe(true);
  });

  it('has datum hashes revealed in the witness set, inline datums and native and Plutus reference scripts', () => {
    const withHash = transactions.filter((tx) => tx.outputs.some((output) => output.datumHash !== undefined));
    expect(withHash.length).toBeGreaterThan(0);
    for (const tx of withHash) {
      for (const output of tx.outputs)
        if (output.datumHash !== undefined) expect(tx.datums?.[output.datumHash]).toBeDefined();
    }
    expect(outputs.some((output) => output.datum !== undefined)).toBe(true);
    const languages = new Set(outputs.map((output) => output.script?.language).filter(Boolean));
    expect([...languages].sort()).toEqual(['native', 'plutus:v1', 'plutus:v2', 'plutus:v3']);
  });

  it('updates CIP-68 reference datums', () => {
    const referenceSpends = transactions.filter(
      (tx) =>
        tx.mint === undefined &&
        tx.outputs.some((output) =>
          Object.values(output.value).some((assets) =>
            Object.keys(assets).some((name) => name.startsWith('000643b0')),
          ),
        ),
    );
    expect(referenceSpends.length).toBeGreaterThan(0);
  });

  it('has every kind of certificate, withdrawals and MIRs from both pots', () => {
    const types = new Set(certificates.map((certificate) => certificate.type));
    for (const type of [
      'stakeCredentialRegistration',
      'stakeCredentialDeregistration',
      'stakeDelegation',
      'stakePoolRegistration',
      'delegateRepresentativeRegistration',
      'delegateRepresentativeRetirement',
    ]) {
      expect(types).toContain(type);
    }
    const registrations = certificates.filter(
      (certificate) => certificate.type === 'stakeCredentialRegistration',
    );
    expect(registrations.some((certificate) => 'deposit' in certificate)).toBe(true);
    expect(registrations.some((certificate) => !('deposit' in certificate))).toBe(true);
    const dreps = certificates.flatMap((certificate) =>
      'delegateRepresentative' in certificate && certificate.type === 'stakeDelegation'
        ? [certificate.delegateRepresentative]
        : [],
    );
    const kinds = new Set(
      dreps.map(
        (drep) =>
          (drep as { type: string; from?: string }).type + ':' + ((drep as { from?: string }).from ?? ''),
      ),
    );
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'abstain:',
        'noConfidence:',
        'registered:script',
        'registered:verificationKey',
      ]),
    );
    expect(transactions.some((tx) => tx.withdrawals !== undefined)).toBe(true);
    const pots = transactions
      .filter((tx) => tx.proposals?.some((proposal) => proposal.action.type === 'treasuryWithdrawals'))
      .flatMap((tx) => {
        const certs = CSL.Transaction.from_hex(tx.cbor!).body().certs()!;
        return Array.from({ length: certs.len() }, (_, i) =>
          certs.get(i).as_move_instantaneous_rewards_cert()?.move_instantaneous_reward().pot(),
        );
      });
    expect(new Set(pots)).toEqual(new Set([CSL.MIRPot.Reserves, CSL.MIRPot.Treasury]));
  });

  it('has nut.link registrations and ticker posts paying the oracle, sometimes twice', () => {
    const registrations = labels('1967');
    const posts = labels('1968').filter((tx) => tx.spends === 'inputs');
    expect(registrations.length).toBe(2);
    expect(posts.length).toBeGreaterThan(0);
    const oracle = (tx: OgmiosTransaction) => tx.outputs.at(-1)!.address;
    expect(
      posts.some((tx) => tx.outputs.filter((output) => output.address === oracle(tx)).length === 2),
    ).toBe(true);
  });

  it('has phase-2-invalid transactions with collateral, collateral return and total collateral', () => {
    const invalid = transactions.filter((tx) => tx.spends === 'collaterals');
    expect(invalid.length).toBeGreaterThan(0);
    for (const tx of invalid) {
      expect(tx.collaterals?.length).toBe(1);
      expect(tx.collateralReturn).toBeDefined();
      expect(tx.totalCollateral).toBeDefined();
      expect(tx.redeemers?.length).toBe(1);
    }
  });

  it('has Byron blocks from genesis delegates, Babbage and Conway blocks from pools, and reward events', () => {
    expect(new Set(blocks.map((block) => block.era))).toEqual(new Set(['byron', 'babbage', 'conway']));
    const leaders = chain.expected.blocks.map((block) => block.slotLeader);
    expect(leaders.some((leader) => leader.startsWith('ByronGenesis-'))).toBe(true);
    expect(leaders.some((leader) => leader.startsWith('pool1'))).toBe(true);
    expect(chain.lines.filter(isEvent).some((event) => event.event === 'rewardAccounts')).toBe(true);
  });
});

describe('Praos block producers', () => {
  const genesisPools = Object.keys(loadNetwork('custom').genesis.shelley.staking.pools).map((keyHash) =>
    CSL.Ed25519KeyHash.from_hex(keyHash).to_bech32('pool'),
  );
  const byId = new Map(blocks.map((block) => [block.id, block]));

  it('are stake pools registered at that point, genesis pools or by an earlier certificate, and slot leaders', () => {
    const registered = new Set(genesisPools);
    const producers = new Set<string>();
    const strays: string[] = [];
    for (const expected of chain.expected.blocks) {
      const block = byId.get(expected.hash)!;
      if (block.type !== 'praos') continue;
      const issuer = CSL.PublicKey.from_bytes(Buffer.from(block.issuer.verificationKey, 'hex'))
        .hash()
        .to_bech32('pool');
      if (!registered.has(issuer) || expected.slotLeader !== issuer)
        strays.push(`${block.height}: ${issuer} ${expected.slotLeader}`);
      producers.add(issuer);
      for (const certificate of (block.transactions ?? []).flatMap((tx) => tx.certificates ?? []))
        if (certificate.type === 'stakePoolRegistration') registered.add(certificate.stakePool.id);
    }
    expect(strays).toEqual([]);
    expect(chain.expected.blocks.filter((block) => block.slotLeader.startsWith('ShelleyGenesis-'))).toEqual(
      [],
    );
    // Both kinds make blocks: every genesis pool, and pools registered on chain.
    expect([...producers].filter((id) => genesisPools.includes(id)).sort()).toEqual([...genesisPools].sort());
    expect([...producers].some((id) => !genesisPools.includes(id))).toBe(true);
  });
});

describe('a public network', () => {
  it("is funded by the generator's faucet, which its genesis does not list", async () => {
    // The ledger the generator applies transactions to takes the faucet's output as genesis funds.
    const preprod = await generate({ network: 'preprod', blocks: 12, forks: 0, seed: 3 });
    const preprodTransactions = preprod.lines.filter(isPraos).flatMap((block) => block.transactions ?? []);
    const onChain = new Set(preprodTransactions.map(({ id }) => id));
    const fromOutside = preprodTransactions
      .flatMap((transaction) => transaction.inputs)
      .filter((input) => !onChain.has(input.transaction.id));
    const genesis = new Set(preprod.expected.genesisUtxos.map(({ txHash }) => txHash));
    expect(fromOutside).toHaveLength(1);
    expect(genesis.has(fromOutside[0]!.transaction.id)).toBe(false);
  });
});

describe('forks', () => {
  it('roll back to a block of the current chain and continue from it on a new branch', () => {
    const current: GeneratedBlock[] = [];
    const kinds: string[] = [];
    chain.lines.forEach((line, i) => {
      if (isBlock(line)) {
        const previous = current.at(-1);
        if (previous !== undefined) {
          expect(line.ancestor).toBe(previous.id);
          // An epoch-boundary block repeats its predecessor's height.
          expect(line.height).toBe(previous.height + (line.type === 'ebb' ? 0 : 1));
        }
        current.push(line);
        return;
      }
      if (!isEvent(line) || (line.event !== 'rollback' && line.event !== 'fork')) return;
      kinds.push(line.event);
      const point = line.point as { slot: number; id: string };
      const position = current.findIndex((block) => block.id === point.id);
      expect(position).toBeGreaterThanOrEqual(0);
      // Forks happen after the Byron era.
      expect(current[position]).toMatchObject({ type: 'praos', slot: point.slot });
      const abandoned = current.length - 1 - position;
      expect(abandoned).toBeGreaterThanOrEqual(1);
      expect(abandoned).toBeLessThanOrEqual(3);
      current.splice(position + 1);
      if (line.event === 'fork') {
        // The server adopts the blocks up to the next event: the new branch must be the longer one.
        const branch = chain.lines.slice(i + 1).findIndex((next) => !isBlock(next));
        expect(branch === -1 ? Infinity : branch).toBeGreaterThan(abandoned);
      }
    });
    expect(kinds).toEqual(['rollback', 'fork']);
    expect(current.length).toBe(300);
    expect(current.at(-1)!.id).toBe(chain.expected.tip.id);
    expect(chain.expected.blocks.map((block) => block.hash)).toEqual(current.map((block) => block.id));
  });
});

describe('speed', () => {
  it('prints blocks per second for mainnet-like blocks (20 transactions)', async () => {
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const { blocks: count, seconds } = await writeChain(
      {
        options: {
          ...(await import('./options.js')).DEFAULT_OPTIONS,
          blocks: 150,
          txPerBlock: 20,
          wallets: 200,
          accounts: 60,
          forks: 0,
        },
      },
      sink,
    );
    console.log(
      `generation speed: ${(count / seconds).toFixed(1)} blocks/s, ${((count * 20) / seconds).toFixed(0)} tx/s (20 tx/block, CSL build + sign + convert + JSON)`,
    );
    expect(count).toBe(150);
  });
});

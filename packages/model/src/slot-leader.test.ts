import { bytesToHex } from './hex.js';
import { byronGenesisSlotLeader, shelleyGenesisSlotLeader } from './slot-leader.js';
import { readTestData } from './test-support/test-data.js';

interface BlockTime {
  network: string;
  slot_leader: string | null;
}

const blocks = readTestData<{ blocks: BlockTime[] }>('blockfrost_block_times.json').blocks;
const leadersWithPrefix = (network: string, prefix: string) =>
  new Set(
    blocks
      .filter((block) => block.network === network && block.slot_leader?.startsWith(prefix))
      .map((block) => block.slot_leader),
  );

describe('genesis slot leaders', () => {
  it('derives every ByronGenesis-… leader in the mainnet fixtures from the genesis issuer keys', () => {
    const genesis = readTestData<{ heavyDelegation: Record<string, { issuerPk: string }> }>(
      'mainnet-byron-genesis.subset.json',
    );
    const derived = new Set(
      Object.values(genesis.heavyDelegation).map(({ issuerPk }) =>
        byronGenesisSlotLeader(bytesToHex(Buffer.from(issuerPk, 'base64'))),
      ),
    );
    const seen = leadersWithPrefix('mainnet', 'ByronGenesis-');
    expect(seen.size).toBeGreaterThan(0);
    for (const leader of seen) expect(derived).toContain(leader);
  });

  it.each([
    ['mainnet', 'mainnet-shelley-genesis.json'],
    ['preview', 'preview-shelley-genesis.json'],
  ])(
    'derives every ShelleyGenesis-… leader in the %s fixtures from the genesis delegates',
    (network, file) => {
      const { genDelegs } = readTestData<{ genDelegs: Record<string, { delegate: string }> }>(file);
      const derived = new Set(
        Object.values(genDelegs).map(({ delegate }) => shelleyGenesisSlotLeader(delegate)),
      );
      const seen = leadersWithPrefix(network, 'ShelleyGenesis-');
      expect(seen.size).toBeGreaterThan(0);
      for (const leader of seen) expect(derived).toContain(leader);
    },
  );
});

import { stringifyOgmios } from '../convert/index.js';
import { responseValidator } from '../server/test-support/fixtures.js';
import { genesisConfiguration } from './genesis.js';
import { loadNetwork, type Network } from './networks.js';

const POOL_KEY = '0'.repeat(55) + '1';
const SCRIPT_OWNER = 'b'.repeat(56);

/** The custom network with one more genesis pool: every relay kind, metadata, a script reward account. */
function withPool(pool: object): Network {
  const network = loadNetwork('custom');
  const { staking } = network.genesis.shelley;
  return {
    ...network,
    genesis: {
      ...network.genesis,
      shelley: {
        ...network.genesis.shelley,
        staking: { pools: { ...staking.pools, [POOL_KEY]: pool }, stake: staking.stake },
      },
    },
  };
}

const pool = {
  cost: 340000000,
  margin: 0.02,
  metadata: { url: 'https://frostline.invalid/pool.json', hash: 'c'.repeat(64) },
  owners: ['e'.repeat(56), 'd'.repeat(56), 'e'.repeat(56)],
  pledge: 1000,
  publicKey: POOL_KEY,
  relays: [
    { 'single host address': { IPv4: '10.0.0.1', IPv6: null, port: 3001 } },
    { 'single host address': { IPv4: null, IPv6: '2001:db8::1', port: null } },
    { 'single host name': { dnsName: 'relay.frostline.invalid', port: 3002 } },
    { 'multi host name': { dnsName: 'relays.frostline.invalid' } },
  ],
  rewardAccount: { credential: { scriptHash: SCRIPT_OWNER }, network: 'Mainnet' },
  vrf: 'f'.repeat(64),
};

describe('genesisConfiguration shelley: genesis stake pools', () => {
  const shelley = genesisConfiguration(withPool(pool), 'shelley');
  const { stakePools, delegators } = shelley.initialStakePools as {
    stakePools: Record<string, unknown>;
    delegators: Record<string, string>;
  };

  it('reports a pool of the genesis `staking` section in Ogmios shape, keyed by bech32 pool id', () => {
    const id = 'pool1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqz5cl7eq';
    expect(stakePools[id]).toEqual({
      id,
      vrfVerificationKeyHash: 'f'.repeat(64),
      pledge: { ada: { lovelace: 1000n } },
      cost: { ada: { lovelace: 340000000n } },
      margin: '1/50',
      rewardAccount: 'stake17xamhwamhwamhwamhwamhwamhwamhwamhwamhwamhwamhwcmd2chz',
      owners: ['d'.repeat(56), 'e'.repeat(56)],
      relays: [
        { type: 'ipAddress', ipv4: '10.0.0.1', port: 3001 },
        { type: 'ipAddress', ipv6: '2001:db8::1' },
        { type: 'hostname', hostname: 'relay.frostline.invalid', port: 3002 },
        { type: 'hostname', hostname: 'relays.frostline.invalid' },
      ],
      metadata: { url: 'https://frostline.invalid/pool.json', hash: 'c'.repeat(64) },
    });
  });

  it("maps the genesis delegations' stake key hashes to bech32 pool ids", () => {
    expect(delegators).toEqual({
      '20d60536cdf6ad55322272d33540eead6dfe13163b0718788a7588ca':
        'pool1pzkk6vd8h48zu73j3xfd6w6846zqxvtg5s3rlt86qp3g5tlv7s0',
      e4e4a02241a1d88054c879e3d138f8d4c83f393b2e39f5b0ab4a87bb:
        'pool15yehw573ppj436ycj3m30xnmrt3jqmk3scex52rn4l3fskzc2xk',
    });
  });

  it('matches the Ogmios schema', () => {
    const validate = responseValidator('QueryNetworkGenesisConfigurationResponse');
    const response = { jsonrpc: '2.0', method: 'queryNetwork/genesisConfiguration', result: shelley };
    // Ajv only knows JSON numbers: validate the plain parse.
    expect(validate(JSON.parse(stringifyOgmios(response)))).toBe(true);
  });
});

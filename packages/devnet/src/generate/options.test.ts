import { DEFAULT_OPTIONS, parseGenerateOptions } from './options.js';

describe('parseGenerateOptions', () => {
  it('defaults every option', () => {
    expect(parseGenerateOptions([])).toEqual({ options: DEFAULT_OPTIONS });
  });

  it('reads sizes, network, forks and files', () => {
    const command = parseGenerateOptions([
      '--seed',
      '7',
      '--blocks',
      '100000',
      '--tx-per-block',
      '20',
      '--network',
      'mainnet',
      '--forks',
      '4',
      '--max-fork-depth',
      '5',
      '--conway-epoch',
      '3',
      '--no-cbor',
      '--no-byron',
      '--out',
      'chain.jsonl',
      '--expected',
      'expected.json',
    ]);
    expect(command).toEqual({
      options: {
        ...DEFAULT_OPTIONS,
        seed: 7,
        blocks: 100_000,
        txPerBlock: 20,
        network: 'mainnet',
        forks: 4,
        maxForkDepth: 5,
        conwayEpoch: 3,
        includeCbor: false,
        byron: false,
      },
      out: 'chain.jsonl',
      expected: 'expected.json',
    });
  });

  it('rejects unknown options, bad numbers and unknown networks', () => {
    expect(() => parseGenerateOptions(['--colour'])).toThrow('unknown option "--colour"');
    // Removed with the block issuers that never registered a pool (only pools make Praos blocks).
    expect(() => parseGenerateOptions(['--unregistered-issuers', '2'])).toThrow(
      'unknown option "--unregistered-issuers"',
    );
    expect(() => parseGenerateOptions(['--blocks', '-1'])).toThrow('--blocks needs a non-negative integer');
    expect(() => parseGenerateOptions(['--blocks'])).toThrow('--blocks needs a value');
    expect(() => parseGenerateOptions(['--network', 'moon'])).toThrow('unknown network "moon"');
    expect(() => parseGenerateOptions(['--wallets', '2'])).toThrow('--wallets 4');
  });
});

import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { resolveOgmiosUtxos } from '@frostline/evaluator';
import { chainTimeForNetwork } from '@frostline/model';
import { loadConfig } from '../src/config.js';
import { toUtxoJson } from '../src/utils/engines/database-utxo.js';
import { PUBLIC_NETWORK_PARAMETERS } from '../src/utils/engines/default-parameters.js';
import { SLOT_CONFIGS } from '../src/utils/engines/slot-config.js';
import { evaluateTestData } from './support/evaluate-cases.js';

// The evaluate endpoint's pieces that need no server: configuration, the shipped per-network facts,
// and the reading of database rows.

describe('EVALUATOR and OGMIOS_URL', () => {
  const base = { DATABASE_URL: 'postgres://h/db', REDIS_URL: 'redis://h', API_TOKENS: 't' };

  it('proxies to Ogmios when OGMIOS_URL is set, evaluates locally otherwise or when told to', () => {
    expect(loadConfig(base)).toMatchObject({ ogmiosUrl: null, evaluator: 'local' });
    expect(loadConfig({ ...base, OGMIOS_URL: 'ws://node:1337' })).toMatchObject({
      ogmiosUrl: 'ws://node:1337',
      evaluator: 'ogmios',
    });
    expect(loadConfig({ ...base, OGMIOS_URL: 'ws://node:1337', EVALUATOR: 'local' })).toMatchObject({
      evaluator: 'local',
    });
  });

  it('refuses an Ogmios engine without OGMIOS_URL, unknown engines and non-WebSocket URLs', () => {
    expect(() => loadConfig({ ...base, EVALUATOR: 'ogmios' })).toThrow('EVALUATOR=ogmios needs OGMIOS_URL');
    expect(() => loadConfig({ ...base, EVALUATOR: 'remote' })).toThrow(
      'EVALUATOR must be one of ogmios, local, got "remote"',
    );
    expect(() => loadConfig({ ...base, OGMIOS_URL: 'ftp://node' })).toThrow(
      'OGMIOS_URL must start with ws: or wss: or http: or https:',
    );
  });
});

describe('shipped per-network facts', () => {
  it('slot configs agree with the chain time of each public network', () => {
    for (const network of ['mainnet', 'preprod', 'preview'] as const) {
      const { zeroTime, zeroSlot, slotLength } = SLOT_CONFIGS[network];
      const chainTime = chainTimeForNetwork(network);
      expect(chainTime.slotTime(zeroSlot).unixTime * 1000).toBe(zeroTime);
      expect(chainTime.slotTime(zeroSlot + 1000).unixTime * 1000).toBe(zeroTime + 1000 * slotLength);
      // The slot before is Byron's (20 s) on the networks that had one.
      if (zeroSlot > 0) expect(zeroTime - chainTime.slotTime(zeroSlot - 1).unixTime * 1000).toBe(20_000);
    }
  });

  it('cost models and limits are the latest ones Blockfrost reports for mainnet, preprod and preview', () => {
    const { cost_models } = evaluateTestData<{
      cost_models: Record<string, { cost_models_raw: Record<string, number[]> }>;
    }>('cost_models.json');
    for (const network of ['mainnet', 'preprod', 'preview']) {
      const raw = cost_models[`${network}_latest`].cost_models_raw;
      expect(PUBLIC_NETWORK_PARAMETERS.costModels).toEqual({
        'plutus:v1': raw.PlutusV1,
        'plutus:v2': raw.PlutusV2,
        'plutus:v3': raw.PlutusV3,
      });
    }
    expect(PUBLIC_NETWORK_PARAMETERS.maxExecutionUnits).toEqual({ memory: 16_500_000, cpu: 10_000_000_000 });
  });
});

describe('database rows as UTxOs', () => {
  const row = {
    tx_hash: 'ab'.repeat(32),
    index: 1,
    address: 'addr_test1vz09v9yfxguvlp0zsnrpa3tdtm7el8xufp3m5lsm7qxzclgmzkket',
    lovelace: '18446744073709551615',
    assets: [
      { policy: 'cd'.repeat(28), name: '', quantity: '5' },
      { policy: 'cd'.repeat(28), name: '4e4654', quantity: '9007199254740993' },
    ],
    data_hash: 'ef'.repeat(32),
    inline_datum: null,
    script_language: null,
    script_bytes: null,
  };
  const output = (utxo: ReturnType<typeof toUtxoJson>) => {
    const resolved = resolveOgmiosUtxos([utxo]);
    if (!resolved.ok) throw new Error(resolved.error.message);
    return CSL.TransactionOutput.from_bytes(resolved.utxos[0].output);
  };

  it('keeps amounts exact and gives the datum hash only when there is no inline datum', () => {
    const utxo = toUtxoJson(row);
    expect(utxo).toEqual({
      transaction: { id: row.tx_hash },
      index: 1,
      address: row.address,
      value: {
        ada: { lovelace: 2n ** 64n - 1n },
        ['cd'.repeat(28)]: { '': 5n, '4e4654': 9007199254740993n },
      },
      datumHash: row.data_hash,
    });
    expect(toUtxoJson({ ...row, inline_datum: 'd87980' })).toMatchObject({ datum: 'd87980' });
    expect(toUtxoJson({ ...row, inline_datum: 'd87980' }).datumHash).toBeUndefined();
  });

  it('rebuilds native reference scripts from their CBOR with the same hash', () => {
    const key = CSL.Ed25519KeyHash.from_hex('12'.repeat(28));
    const scripts = CSL.NativeScripts.new();
    scripts.add(CSL.NativeScript.new_script_pubkey(CSL.ScriptPubkey.new(key)));
    scripts.add(
      CSL.NativeScript.new_timelock_expiry(
        CSL.TimelockExpiry.new_timelockexpiry(CSL.BigNum.from_str('5000')),
      ),
    );
    scripts.add(
      CSL.NativeScript.new_timelock_start(CSL.TimelockStart.new_timelockstart(CSL.BigNum.from_str('100'))),
    );
    const inner = CSL.NativeScripts.new();
    inner.add(CSL.NativeScript.new_script_n_of_k(CSL.ScriptNOfK.new(1, scripts)));
    scripts.add(CSL.NativeScript.new_script_any(CSL.ScriptAny.new(inner)));
    const script = CSL.NativeScript.new_script_all(CSL.ScriptAll.new(scripts));
    const resolved = output(toUtxoJson({ ...row, script_language: 'native', script_bytes: script.to_hex() }));
    expect(resolved.script_ref()!.native_script()!.hash().to_hex()).toBe(script.hash().to_hex());
  });

  it('keeps Plutus reference scripts as the ledger hashes them', () => {
    const v3 = CSL.PlutusScript.new_v3(Buffer.from('450101002499', 'hex'));
    const resolved = output(
      toUtxoJson({ ...row, script_language: 'plutus:v3', script_bytes: '450101002499' }),
    );
    expect(resolved.script_ref()!.plutus_script()!.hash().to_hex()).toBe(v3.hash().to_hex());
  });
});

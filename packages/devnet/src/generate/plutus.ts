import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { bigNum } from './tx.js';
import type { Wallet } from './wallets.js';

/**
 * Plutus scripts are CBOR byte strings around flat-encoded UPLC. `(program 1.0.0 (error))` is
 * 01 00 00 61 in flat (version naturals, the 4-bit `error` tag 0110, padding 0001).
 */
const ALWAYS_FAILS = Uint8Array.from([0x44, 0x01, 0x00, 0x00, 0x61]);
/** The classic always-succeeds validator (plutus-apps' AlwaysSucceeds), used as a reference script. */
const ALWAYS_SUCCEEDS = Uint8Array.from(Buffer.from('4d01000033222220051200120011', 'hex'));

export const alwaysFails = CSL.PlutusScript.new_v3(ALWAYS_FAILS);

export function alwaysSucceeds(version: 1 | 2 | 3): CSL.PlutusScript {
  if (version === 1) return CSL.PlutusScript.new(ALWAYS_SUCCEEDS);
  return version === 2 ? CSL.PlutusScript.new_v2(ALWAYS_SUCCEEDS) : CSL.PlutusScript.new_v3(ALWAYS_SUCCEEDS);
}

/** The address locked by the always-failing script; nothing can spend from it with isValid = true. */
export function alwaysFailsWallet(networkId: number): Wallet {
  const address = CSL.EnterpriseAddress.new(
    networkId,
    CSL.Credential.from_scripthash(alwaysFails.hash()),
  ).to_address();
  return {
    name: 'always-fails',
    kind: 'script-enterprise',
    address,
    bech32: address.to_bech32(),
    spender: { keys: [] },
  };
}

/** Cost models of the languages whose scripts run: only Plutus V3 (the always-failing script). */
export function plutusV3CostModels(costs: number[]): CSL.Costmdls {
  const model = CSL.CostModel.new();
  costs.forEach((cost, index) =>
    model.set(
      index,
      cost < 0 ? CSL.Int.new_negative(bigNum(BigInt(-cost))) : CSL.Int.new(bigNum(BigInt(cost))),
    ),
  );
  const models = CSL.Costmdls.new();
  models.insert(CSL.Language.new_plutus_v3(), model);
  return models;
}

/** Plutus data helpers for datums. */
export function bytesData(text: string): CSL.PlutusData {
  return CSL.PlutusData.new_bytes(new TextEncoder().encode(text));
}

export function intData(value: number | bigint): CSL.PlutusData {
  return CSL.PlutusData.new_integer(CSL.BigInt.from_str(value.toString()));
}

export function constrData(alternative: number, fields: CSL.PlutusData[]): CSL.PlutusData {
  const list = CSL.PlutusList.new();
  fields.forEach((field) => list.add(field));
  return CSL.PlutusData.new_constr_plutus_data(CSL.ConstrPlutusData.new(bigNum(BigInt(alternative)), list));
}

export function mapData(entries: [CSL.PlutusData, CSL.PlutusData][]): CSL.PlutusData {
  const map = CSL.PlutusMap.new();
  for (const [key, value] of entries) {
    const values = CSL.PlutusMapValues.new();
    values.add(value);
    map.insert(key, values);
  }
  return CSL.PlutusData.new_map(map);
}

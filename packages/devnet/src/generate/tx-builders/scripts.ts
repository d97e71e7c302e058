import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Builder, Generation } from '../context.js';
import { alwaysSucceeds, bytesData, constrData, intData } from '../plutus.js';
import type { OutputDraft } from '../tx.js';
import { signatureScript } from '../wallets.js';
import { FEE_RESERVE, ada, gather, randomRecipient } from './funding.js';

/**
 * Outputs with a datum hash (the datum revealed in the witness set), an inline datum, and a reference
 * script (native, or Plutus V1/V2/V3), sometimes a datum and a script on the same output.
 */
export const datumsAndScripts: Builder = (g) => {
  const funding = gather(g, FEE_RESERVE + ada(20));
  if (funding === undefined) return undefined;
  const serial = g.state.txOrdinal;
  const outputs: OutputDraft[] = [
    { to: randomRecipient(g), lovelace: ada(2), datum: { hashOf: sampleDatum(serial, 'hash') } },
    { to: randomRecipient(g), lovelace: ada(2), datum: { inline: sampleDatum(serial, 'inline') } },
    { to: randomRecipient(g), lovelace: ada(5), script: referenceScript(g) },
  ];
  if (g.random.chance(0.5)) {
    outputs.push({
      to: randomRecipient(g),
      lovelace: ada(5),
      datum: { inline: sampleDatum(serial, 'both') },
      script: referenceScript(g),
    });
  }
  return { draft: { inputs: funding.inputs, outputs, change: funding.owner } };
};

/** Locks ADA at the always-failing Plutus V3 script, for phase-2-invalid transactions to try. */
export const lockAtScript: Builder = (g) => {
  const funding = gather(g, FEE_RESERVE + ada(12));
  if (funding === undefined) return undefined;
  const locked: OutputDraft = {
    to: g.wallet('always-fails'),
    lovelace: ada(10),
    datum: { inline: sampleDatum(g.state.txOrdinal, 'lock') },
    pool: 'locked',
  };
  return { draft: { inputs: funding.inputs, outputs: [locked], change: funding.owner } };
};

function referenceScript(g: Generation): CSL.ScriptRef {
  const choice = g.random.int(4);
  if (choice === 0)
    return CSL.ScriptRef.new_native_script(signatureScript(g.random.pick(g.actors.wallets).spender.keys[0]!));
  return CSL.ScriptRef.new_plutus_script(alwaysSucceeds(choice as 1 | 2 | 3));
}

/** Distinct small datums: `Constr 0 [serial, tag]`. */
function sampleDatum(serial: number, tag: string): CSL.PlutusData {
  return constrData(0, [intData(serial), bytesData(tag)]);
}

/**
 * A node's rejection of a submitted transaction, as cardano-submit-api reports it: hosted Blockfrost
 * relays that service, and its 400 `message` is the service's `TxSubmitFail` JSON, whose innermost
 * `error` lists the ledger's predicate failures in the ledger's own notation. Clients read that
 * notation (the cardano-js-sdk turns `OutsideValidityIntervalUTxO` and `ValueNotConservedUTxO` into
 * typed errors), so a rejection that comes from Ogmios is written in it too. Ogmios reports one
 * failure per rejection; the rules it names in a way that maps onto one ledger failure are written
 * as the ledger writes them, any other as Ogmios' code, message and data (docs/contract.md#submit-rejections).
 */

/** Ogmios' JSON-RPC error of `submitTransaction`. */
export interface OgmiosSubmitError {
  code: number;
  message: string;
  data?: unknown;
}

/** The era the node is in: it names the service's `era` and how the ledger nests its failures. */
export type SubmitEra = 'babbage' | 'conway';

interface OutputReference {
  transaction: { id: string };
  index: number;
}

/** Ogmios `Value`: lovelace under `ada`, other assets by policy id and asset name (hex). */
type OgmiosValue = Record<string, Record<string, number | string | bigint>>;

type Rule = 'utxo' | 'utxow';

/** The cardano-submit-api `TxSubmitFail` JSON text for an Ogmios `submitTransaction` error. */
export function submitApiRejection(error: OgmiosSubmitError, era: SubmitEra): string {
  const known = ledgerFailure(error);
  const failure = known ? nested(known.rule, known.failure, era) : ogmiosFailure(error);
  return JSON.stringify({
    contents: {
      contents: {
        contents: {
          era: era === 'conway' ? 'ShelleyBasedEraConway' : 'ShelleyBasedEraBabbage',
          error: [failure],
          kind: 'ShelleyTxValidationError',
        },
        tag: 'TxValidationErrorInCardanoMode',
      },
      tag: 'TxCmdTxSubmitValidationError',
    },
    tag: 'TxSubmitFail',
  });
}

/** The ledger's failure for the Ogmios errors that name exactly one, with the rule it belongs to. */
function ledgerFailure({ code, data }: OgmiosSubmitError): { rule: Rule; failure: string } | null {
  const d = (data ?? {}) as Record<string, unknown>;
  switch (code) {
    case 3101:
      return witnesses('MissingVKeyWitnessesUTXOW', d.missingSignatories, keyHash);
    case 3102:
      return witnesses('MissingScriptWitnessesUTXOW', d.missingScripts, scriptHash);
    case 3103:
      return witnesses('ScriptWitnessNotValidatingUTXOW', d.failingNativeScripts, scriptHash);
    case 3117: {
      const references = d.unknownOutputReferences as OutputReference[] | undefined;
      if (!Array.isArray(references)) return null;
      const inputs = references.map(
        (r) => `TxIn (TxId {unTxId = SafeHash "${r.transaction.id}"}) (TxIx {unTxIx = ${r.index}})`,
      );
      return utxo(`BadInputsUTxO (fromList [${inputs.join(',')}])`);
    }
    case 3118: {
      const interval = d.validityInterval as { invalidBefore?: number; invalidAfter?: number } | undefined;
      if (!interval || d.currentSlot === undefined) return null;
      const slot = (value: number | undefined) =>
        value === undefined ? 'SNothing' : `SJust (SlotNo ${value})`;
      return utxo(
        `OutsideValidityIntervalUTxO (ValidityInterval {invalidBefore = ${slot(interval.invalidBefore)}, ` +
          `invalidHereafter = ${slot(interval.invalidAfter)}}) (SlotNo ${String(d.currentSlot)})`,
      );
    }
    case 3119: {
      const measured = (d.measuredTransactionSize as { bytes?: number } | undefined)?.bytes;
      const maximum = (d.maximumTransactionSize as { bytes?: number } | undefined)?.bytes;
      if (measured === undefined || maximum === undefined) return null;
      return utxo(`MaxTxSizeUTxO ${measured} ${maximum}`);
    }
    case 3121:
      return utxo('InputSetEmptyUTxO');
    case 3122: {
      const minimum = lovelaceOf(d.minimumRequiredFee);
      const provided = lovelaceOf(d.providedFee);
      if (minimum === null || provided === null) return null;
      return utxo(`FeeTooSmallUTxO (Coin ${minimum}) (Coin ${provided})`);
    }
    case 3123: {
      const consumed = d.valueConsumed as OgmiosValue | undefined;
      const produced = d.valueProduced as OgmiosValue | undefined;
      if (!consumed || !produced) return null;
      return utxo(`ValueNotConservedUTxO (${maryValue(consumed)}) (${maryValue(produced)})`);
    }
    default:
      return null;
  }
}

const utxo = (failure: string) => ({ rule: 'utxo' as const, failure });

function witnesses(
  name: string,
  hashes: unknown,
  show: (hash: string) => string,
): { rule: Rule; failure: string } | null {
  if (!Array.isArray(hashes)) return null;
  return { rule: 'utxow', failure: `${name} (fromList [${(hashes as string[]).map(show).join(',')}])` };
}

const keyHash = (hash: string) => `KeyHash {unKeyHash = "${hash}"}`;
const scriptHash = (hash: string) => `ScriptHash "${hash}"`;

function lovelaceOf(value: unknown): string | null {
  const amount = (value as { ada?: { lovelace?: unknown } } | undefined)?.ada?.lovelace;
  return amount === undefined ? null : String(amount);
}

/** A value as the ledger shows it: `MaryValue (Coin n) (MultiAsset (fromList [...]))`. */
function maryValue(value: OgmiosValue): string {
  const policies = Object.entries(value)
    .filter(([policy]) => policy !== 'ada')
    .map(([policy, assets]) => {
      const names = Object.entries(assets).map(([name, quantity]) => `("${name}",${String(quantity)})`);
      return `(PolicyID {policyID = ScriptHash "${policy}"},fromList [${names.join(',')}])`;
    });
  return `MaryValue (Coin ${String(value.ada?.lovelace ?? 0)}) (MultiAsset (fromList [${policies.join(',')}]))`;
}

/** The failure inside the rules that enclose it, as the era's ledger nests them. */
function nested(rule: Rule, failure: string, era: SubmitEra): string {
  if (era === 'conway') {
    return rule === 'utxo'
      ? `ConwayUtxowFailure (UtxoFailure (${failure}))`
      : `ConwayUtxowFailure (${failure})`;
  }
  return rule === 'utxo'
    ? `UtxowFailure (UtxoFailure (AlonzoInBabbageUtxoPredFailure (${failure})))`
    : `UtxowFailure (AlonzoInBabbageUtxowPredFailure (ShelleyInAlonzoUtxowPredFailure (${failure})))`;
}

/** A failure the ledger's notation cannot be derived for: Ogmios' own account of it. */
function ogmiosFailure({ code, message, data }: OgmiosSubmitError): string {
  const detail =
    data === undefined
      ? ''
      : ` ${JSON.stringify(data, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`;
  return `Ogmios ${code}: ${message}${detail}`;
}

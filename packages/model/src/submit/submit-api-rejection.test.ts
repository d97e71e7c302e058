import { submitApiRejection } from './submit-api-rejection.js';

/** The innermost failure list of a cardano-submit-api TxSubmitFail, and its era. */
function failures(text: string): { era: string; error: string[] } {
  const fail = JSON.parse(text) as {
    tag: string;
    contents: {
      tag: string;
      contents: { tag: string; contents: { era: string; error: string[]; kind: string } };
    };
  };
  expect([
    fail.tag,
    fail.contents.tag,
    fail.contents.contents.tag,
    fail.contents.contents.contents.kind,
  ]).toEqual([
    'TxSubmitFail',
    'TxCmdTxSubmitValidationError',
    'TxValidationErrorInCardanoMode',
    'ShelleyTxValidationError',
  ]);
  return fail.contents.contents.contents;
}

const POLICY = '23c9b05ee16199b4955f7c491c887b9bd53d77a4af65105c54fe13eb';

describe('submitApiRejection', () => {
  it('writes an unbalanced transaction as the ledger does, consumed before produced', () => {
    const text = submitApiRejection(
      {
        code: 3123,
        message: 'In and out value not conserved.',
        data: {
          valueConsumed: { ada: { lovelace: 9498687280n }, [POLICY]: { '544d494e': 1n } },
          valueProduced: { ada: { lovelace: 9994617117n } },
        },
      },
      'conway',
    );
    expect(failures(text)).toEqual({
      era: 'ShelleyBasedEraConway',
      kind: 'ShelleyTxValidationError',
      error: [
        'ConwayUtxowFailure (UtxoFailure (ValueNotConservedUTxO ' +
          `(MaryValue (Coin 9498687280) (MultiAsset (fromList [(PolicyID {policyID = ScriptHash "${POLICY}"},fromList [("544d494e",1)])]))) ` +
          '(MaryValue (Coin 9994617117) (MultiAsset (fromList [])))))',
      ],
    });
  });

  it('writes an expired transaction with its validity interval and the current slot', () => {
    const text = submitApiRejection(
      {
        code: 3118,
        message: 'The transaction is outside of its validity interval.',
        data: { validityInterval: { invalidAfter: 10000 }, currentSlot: 27995504 },
      },
      'conway',
    );
    expect(failures(text).error).toEqual([
      'ConwayUtxowFailure (UtxoFailure (OutsideValidityIntervalUTxO (ValidityInterval ' +
        '{invalidBefore = SNothing, invalidHereafter = SJust (SlotNo 10000)}) (SlotNo 27995504)))',
    ]);
  });

  it.each([
    [
      3117,
      { unknownOutputReferences: [{ transaction: { id: 'ab'.repeat(32) }, index: 1 }] },
      `ConwayUtxowFailure (UtxoFailure (BadInputsUTxO (fromList [TxIn (TxId {unTxId = SafeHash "${'ab'.repeat(32)}"}) (TxIx {unTxIx = 1})])))`,
    ],
    [
      3119,
      { measuredTransactionSize: { bytes: 17000 }, maximumTransactionSize: { bytes: 16384 } },
      'ConwayUtxowFailure (UtxoFailure (MaxTxSizeUTxO 17000 16384))',
    ],
    [
      3122,
      { minimumRequiredFee: { ada: { lovelace: 166909 } }, providedFee: { ada: { lovelace: 173 } } },
      'ConwayUtxowFailure (UtxoFailure (FeeTooSmallUTxO (Coin 166909) (Coin 173)))',
    ],
    [
      3101,
      { missingSignatories: ['cd'.repeat(28)] },
      `ConwayUtxowFailure (MissingVKeyWitnessesUTXOW (fromList [KeyHash {unKeyHash = "${'cd'.repeat(28)}"}]))`,
    ],
  ])('writes Ogmios error %i as its ledger failure', (code, data, expected) => {
    expect(failures(submitApiRejection({ code, message: 'm', data }, 'conway')).error).toEqual([expected]);
  });

  it("nests the failures as Babbage's ledger does in Babbage", () => {
    const expired = { code: 3118, message: 'm', data: { validityInterval: {}, currentSlot: 5 } };
    const missing = { code: 3102, message: 'm', data: { missingScripts: ['ef'.repeat(28)] } };
    expect(failures(submitApiRejection(expired, 'babbage'))).toMatchObject({
      era: 'ShelleyBasedEraBabbage',
      error: [
        'UtxowFailure (UtxoFailure (AlonzoInBabbageUtxoPredFailure (OutsideValidityIntervalUTxO ' +
          '(ValidityInterval {invalidBefore = SNothing, invalidHereafter = SNothing}) (SlotNo 5))))',
      ],
    });
    expect(failures(submitApiRejection(missing, 'babbage')).error).toEqual([
      'UtxowFailure (AlonzoInBabbageUtxowPredFailure (ShelleyInAlonzoUtxowPredFailure ' +
        `(MissingScriptWitnessesUTXOW (fromList [ScriptHash "${'ef'.repeat(28)}"]))))`,
    ]);
  });

  it("gives any other failure as Ogmios' code, message and data", () => {
    const error = {
      code: 3125,
      message: 'Some outputs have an insufficient amount of Ada.',
      data: { outputs: [1n] },
    };
    expect(failures(submitApiRejection(error, 'conway')).error).toEqual([
      'Ogmios 3125: Some outputs have an insufficient amount of Ada. {"outputs":["1"]}',
    ]);
  });

  it('falls back to Ogmios’ account when a known code lacks the data its failure needs', () => {
    expect(failures(submitApiRejection({ code: 3123, message: 'm' }, 'conway')).error).toEqual([
      'Ogmios 3123: m',
    ]);
  });
});

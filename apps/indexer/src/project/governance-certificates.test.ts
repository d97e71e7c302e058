import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { decodeCertificates } from '@frostline/model';
import { decodedTransaction, emptyBatch, hash28, hash32, txInBlock } from '../test-support/decoded.js';
import { projectGovernanceCertificates } from './governance-certificates.js';

// The certificates are built by cardano-serialization-lib, so the CBOR is the ledger's, not ours.
const keyHash = (byte: number) => CSL.Credential.from_keyhash(CSL.Ed25519KeyHash.from_hex(hash28(byte)));
const scriptHash = (byte: number) => CSL.Credential.from_scripthash(CSL.ScriptHash.from_hex(hash28(byte)));
const anchor = (url: string, byte: number) =>
  CSL.Anchor.new(CSL.URL.new(url), CSL.AnchorDataHash.from_hex(hash32(byte)));
const deposit = CSL.BigNum.from_str('500000000');

function transactionCbor(certificates: CSL.Certificate[]): Uint8Array {
  const inputs = CSL.TransactionInputs.new();
  inputs.add(CSL.TransactionInput.new(CSL.TransactionHash.from_hex(hash32(1)), 0));
  const body = CSL.TransactionBody.new_tx_body(
    inputs,
    CSL.TransactionOutputs.new(),
    CSL.BigNum.from_str('170000'),
  );
  const list = CSL.Certificates.new();
  for (const certificate of certificates) list.add(certificate);
  body.set_certs(list);
  return CSL.Transaction.new(body, CSL.TransactionWitnessSet.new()).to_bytes();
}

describe('projectGovernanceCertificates', () => {
  const cbor = transactionCbor([
    CSL.Certificate.new_drep_registration(
      CSL.DRepRegistration.new_with_anchor(
        keyHash(0xd1),
        deposit,
        anchor('https://example.com/d.jsonld', 0x0a),
      ),
    ),
    CSL.Certificate.new_drep_registration(CSL.DRepRegistration.new(scriptHash(0xd2), deposit)),
    CSL.Certificate.new_drep_update(
      CSL.DRepUpdate.new_with_anchor(keyHash(0xd1), anchor('https://example.com/d2.jsonld', 0x0b)),
    ),
    CSL.Certificate.new_drep_update(CSL.DRepUpdate.new(keyHash(0xd1))),
    CSL.Certificate.new_drep_deregistration(CSL.DRepDeregistration.new(keyHash(0xd1), deposit)),
    CSL.Certificate.new_committee_hot_auth(CSL.CommitteeHotAuth.new(keyHash(0xc1), scriptHash(0xc2))),
    CSL.Certificate.new_committee_cold_resign(
      CSL.CommitteeColdResign.new_with_anchor(keyHash(0xc1), anchor('https://example.com/r.jsonld', 0x0c)),
    ),
    CSL.Certificate.new_committee_cold_resign(CSL.CommitteeColdResign.new(scriptHash(0xc3))),
  ]);
  const state = emptyBatch();
  projectGovernanceCertificates(
    state,
    txInBlock(decodedTransaction({ certificates: decodeCertificates(cbor) }), undefined, { txId: 7n }),
  );

  it('writes DRep registrations, updates and retirements with their anchors, deposits signed as db-sync does', () => {
    const row = (id: bigint, certIndex: number, kind: string, byte: number) => ({
      id,
      txId: 7n,
      certIndex,
      drepKind: kind,
      drepHash: hash28(byte),
    });
    expect(state.rows.drepRegistrations).toEqual([
      {
        ...row(1n, 0, 'key', 0xd1),
        deposit: 500_000_000n,
        anchorUrl: 'https://example.com/d.jsonld',
        anchorHash: hash32(0x0a),
      },
      { ...row(2n, 1, 'script', 0xd2), deposit: 500_000_000n, anchorUrl: null, anchorHash: null },
      {
        ...row(3n, 2, 'key', 0xd1),
        deposit: null,
        anchorUrl: 'https://example.com/d2.jsonld',
        anchorHash: hash32(0x0b),
      },
      { ...row(4n, 3, 'key', 0xd1), deposit: null, anchorUrl: null, anchorHash: null },
      { ...row(5n, 4, 'key', 0xd1), deposit: -500_000_000n, anchorUrl: null, anchorHash: null },
    ]);
  });

  it('writes committee hot-key authorisations and resignations with their anchors', () => {
    expect(state.rows.committeeRegistrations).toEqual([
      {
        id: 1n,
        txId: 7n,
        certIndex: 5,
        coldKind: 'key',
        coldHash: hash28(0xc1),
        hotKind: 'script',
        hotHash: hash28(0xc2),
      },
    ]);
    expect(state.rows.committeeDeRegistrations).toEqual([
      {
        id: 1n,
        txId: 7n,
        certIndex: 6,
        coldKind: 'key',
        coldHash: hash28(0xc1),
        anchorUrl: 'https://example.com/r.jsonld',
        anchorHash: hash32(0x0c),
      },
      {
        id: 2n,
        txId: 7n,
        certIndex: 7,
        coldKind: 'script',
        coldHash: hash28(0xc3),
        anchorUrl: null,
        anchorHash: null,
      },
    ]);
  });

  it('leaves the other certificates to the accounts projection', () => {
    const other = emptyBatch();
    const credential = { type: 'key' as const, hash: hash28(0xa1) };
    projectGovernanceCertificates(
      other,
      txInBlock(decodedTransaction({ certificates: [{ kind: 'stakeRegistration', index: 0, credential }] })),
    );
    expect(other.rows.drepRegistrations).toEqual([]);
    expect(other.rows.stakeRegistrations).toEqual([]);
  });
});

import { CIP68_LABEL_PREFIX, cip67LabelFromPrefix, cip67LabelPrefix, cip68ReferenceNft } from './cip67.js';
import { readFixture } from './test-support/read-fixture.js';

interface Vectors {
  cip67_test_vectors: { label: number; label_hex: string }[];
  blockfrost_utils: {
    fromLabel: { description: string; payload: string; result: number | null }[];
    toLabel: { description: string; payload: number; result: string }[];
    getReferenceNFT: {
      description: string;
      payload: string;
      result: { hex: string; standard: string } | null;
    }[];
  };
}

const vectors = readFixture<Vectors>('cip67_cip68_label_vectors.json');

describe('CIP-67 labels', () => {
  test.each(vectors.cip67_test_vectors.map((v) => [v.label, v.label_hex]))(
    'CIP-67 spec: %d <-> %s',
    (label, prefix) => {
      expect(cip67LabelPrefix(label)).toBe(prefix);
      expect(cip67LabelFromPrefix(prefix)).toBe(label);
    },
  );

  test.each(vectors.blockfrost_utils.toLabel.map((v) => [v.description, v]))('utils toLabel: %s', (_, v) => {
    if (v.result === 'throws') expect(() => cip67LabelPrefix(v.payload)).toThrow(RangeError);
    else expect(cip67LabelPrefix(v.payload)).toBe(v.result);
  });

  test.each(vectors.blockfrost_utils.fromLabel.map((v) => [v.description, v]))(
    'utils fromLabel: %s',
    (_, v) => {
      expect(cip67LabelFromPrefix(v.payload)).toBe(v.result);
    },
  );

  test('a wrong checksum is not a label', () => {
    expect(cip67LabelFromPrefix('000de150')).toBeNull();
  });

  test('CIP-68 class prefixes', () => {
    expect(CIP68_LABEL_PREFIX).toEqual({
      referenceNft: '000643b0',
      nft: '000de140',
      ft: '0014df10',
      rft: '001bc280',
    });
  });
});

describe('cip68ReferenceNft', () => {
  test.each(vectors.blockfrost_utils.getReferenceNFT.map((v) => [v.description, v]))(
    'utils getReferenceNFT: %s',
    (_, v) => {
      const expected = v.result && { referenceNftUnit: v.result.hex, standard: v.result.standard };
      expect(cip68ReferenceNft(v.payload)).toEqual(expected);
    },
  );

  test('the reference NFT itself (label 100) gets no CIP-68 lookup', () => {
    expect(cip68ReferenceNft(`${'ab'.repeat(28)}000643b0426c6f636b`)).toBeNull();
  });
});

import { assetFingerprint } from './fingerprint.js';
import { readTestData } from './test-support/test-data.js';

interface FingerprintVector {
  policy_id: string;
  asset_name: string;
  asset_fingerprint: string;
}

const vectors = readTestData<{ vectors: FingerprintVector[] }>('cip14_vectors.json').vectors;

describe('CIP-14 fingerprints', () => {
  it.each(vectors.map((vector) => [vector.asset_fingerprint, vector] as const))(
    '%s',
    (fingerprint, vector) => {
      expect(assetFingerprint(vector.policy_id, vector.asset_name)).toBe(fingerprint);
    },
  );
});

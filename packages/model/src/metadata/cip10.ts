/**
 * The metadata labels of the CIP-10 registry (cips.cardano.org registry.json) that Blockfrost names in
 * `cip10` of GET /metadata/txs/labels: the registry as Blockfrost ships it, so that the same labels are named
 * with the same text; any other label is null.
 */
const CIP10_LABELS: ReadonlyMap<string, string> = new Map([
  ['87', 'milkomeda.com - The protocol magic for the milkomeda protocol'],
  ['88', 'milkomeda.com - the destination address in the sidechain'],
  ['309', 'Proof of Existence record'],
  ['674', 'CIP-0020 - Transaction message/comment metadata'],
  ['721', 'CIP-0025 - NFT Metadata Standard'],
  ['777', 'CIP-0027 - Royalties Standard'],
  ['1188', 'paradiso.app marketplace metadata'],
  ['1189', 'paradiso.app services metadata'],
  ['1870', 'Open Badges v2.0 compliant metadata'],
  ['1967', 'nut.link metadata oracles registry'],
  ['1968', 'nut.link metadata oracles data points'],
  ['1988', 'cardahub.io marketplace metadata'],
  ['1989', 'cardahub.io services metadata'],
  ['6770', 'fortunes.coconutpool.com fortune teller'],
  ['61284', 'CIP-0015 - Catalyst registration'],
  ['61285', 'CIP-0015 - Catalyst registration'],
  ['61286', 'CIP-0015 - Catalyst registration'],
]);

/** The CIP-10 description of a metadata label (a decimal string), or null when the registry has none. */
export function cip10Description(label: string): string | null {
  return CIP10_LABELS.get(label) ?? null;
}

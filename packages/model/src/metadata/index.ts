export { renderLabelMetadatumJson, renderMetadatumJson, type MetadataJson } from './db-sync-json.js';
export { cip25OnchainMetadata, type Cip25Result, type Label721Metadata } from './cip25.js';
export {
  CIP68_LABEL_PREFIX,
  cip67LabelFromPrefix,
  cip67LabelPrefix,
  cip68ReferenceNft,
  type Cip68TokenStandard,
} from './cip67.js';
export { parseCip68Datum, validateCip68Datum, type Cip68Datum } from './cip68.js';
export {
  isValidCip25Metadata,
  isValidCip68FtMetadata,
  isValidCip68NftMetadata,
  isValidCip68RftMetadata,
} from './metadata-schemas.js';
export {
  assetOnchainMetadata,
  type AssetOnchainMetadata,
  type AssetOnchainSources,
} from './asset-onchain-metadata.js';
export {
  nutlinkRegistration,
  nutlinkTickerNames,
  type NutlinkRegistration,
  type NutlinkTickerNames,
} from './nutlink.js';
export { datumHash, scriptHash, type ScriptLanguage } from './hashes.js';
export { renderScriptDataJson, type ScriptDataJson } from './plutus-data.js';
export { cip10Description } from './cip10.js';

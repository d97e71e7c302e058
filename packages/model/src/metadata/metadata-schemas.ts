/**
 * The @blockfrost/openapi JSON schemas that decide a metadata standard, as plain predicates:
 * `asset_onchain_metadata_cip25` and `asset_onchain_metadata_cip68_{nft_222,ft_333,rft_444}`.
 * All of them allow additional properties. (The package's own `validateSchema` parses a 0.5 MB YAML at import
 * and recompiles Ajv per call; metadata-schemas.test.ts checks these predicates against it.)
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrStrings = (value: unknown): boolean =>
  isString(value) || (Array.isArray(value) && value.every(isString));

/** Checks an optional property: absent, or present and matching. */
const optional = (object: Json, key: string, check: (value: unknown) => boolean): boolean =>
  !Object.hasOwn(object, key) || check(object[key]);

const isFile = (file: unknown): boolean =>
  isObject(file) &&
  Object.hasOwn(file, 'mediaType') &&
  Object.hasOwn(file, 'src') &&
  optional(file, 'name', isString) &&
  isString(file.mediaType) &&
  isStringOrStrings(file.src);

const isFileList = (files: unknown): boolean => Array.isArray(files) && files.every(isFile);

export function isValidCip25Metadata(metadata: unknown): boolean {
  return (
    isObject(metadata) &&
    isString(metadata.name) &&
    isStringOrStrings(metadata.image) &&
    optional(metadata, 'description', isStringOrStrings) &&
    optional(metadata, 'mediaType', isString) &&
    optional(metadata, 'files', isFileList)
  );
}

export function isValidCip68NftMetadata(metadata: unknown): boolean {
  return (
    isObject(metadata) &&
    isString(metadata.name) &&
    isString(metadata.image) &&
    optional(metadata, 'description', isString) &&
    optional(metadata, 'mediaType', isString) &&
    optional(metadata, 'files', isFileList)
  );
}

export function isValidCip68FtMetadata(metadata: unknown): boolean {
  return (
    isObject(metadata) &&
    isString(metadata.name) &&
    isString(metadata.description) &&
    optional(metadata, 'logo', isString) &&
    optional(metadata, 'ticker', isString) &&
    optional(metadata, 'decimals', (value) => typeof value === 'number')
  );
}

export function isValidCip68RftMetadata(metadata: unknown): boolean {
  return (
    isValidCip68NftMetadata(metadata) &&
    optional(metadata as Json, 'decimals', (value) => typeof value === 'number')
  );
}

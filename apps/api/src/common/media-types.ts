/** What every JSON answer is sent as, Blockfrost's error bodies included. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
export const CBOR_CONTENT_TYPE = 'application/cbor';

// Fastify's own media-type match: the type, optionally followed by parameters such as a charset.
export const isJson = (contentType: string | undefined): boolean =>
  /^application\/json\s*(;|$)/i.test(contentType ?? '');
export const isCbor = (contentType: string | undefined): boolean =>
  /^application\/cbor\s*(;|$)/i.test(contentType ?? '');

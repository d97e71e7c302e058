export const CBOR_CONTENT_TYPE = 'application/cbor';

// Fastify's own media-type match: the type, optionally followed by parameters such as a charset.
export const isJson = (contentType: string | undefined): boolean =>
  /^application\/json\s*(;|$)/i.test(contentType ?? '');
export const isCbor = (contentType: string | undefined): boolean =>
  /^application\/cbor\s*(;|$)/i.test(contentType ?? '');

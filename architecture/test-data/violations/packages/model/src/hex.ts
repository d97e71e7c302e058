export const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

// Typings for the bigint-safe JSON library the Ogmios client itself uses (it ships none).
declare module '@cardanosolutions/json-bigint' {
  interface Options {
    useNativeBigInt?: boolean;
  }
  interface JsonBigint {
    parse(text: string): unknown;
    stringify(value: unknown): string;
  }
  export default function JSONbig(options?: Options): JsonBigint;
}

import { blake2b } from '@noble/hashes/blake2.js';

/**
 * Seeded pseudo-random numbers (sfc32). Every choice the generator makes goes through one instance, so
 * the same seed and options always give the same chain, byte for byte.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string | number) {
    const state = new DataView(
      blake2b(new TextEncoder().encode(`frostline-devnet/${seed}`), { dkLen: 16 }).buffer,
    );
    this.a = state.getUint32(0);
    this.b = state.getUint32(4);
    this.c = state.getUint32(8);
    this.d = state.getUint32(12);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor((this.next() / 0x1_0000_0000) * n);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  /** A lovelace amount in [min, max]. */
  lovelace(min: bigint, max: bigint): bigint {
    const span = max - min + 1n;
    const wide = (BigInt(this.next()) << 32n) | BigInt(this.next());
    return min + (wide % span);
  }

  chance(probability: number): boolean {
    return this.next() / 0x1_0000_0000 < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      const value = this.next();
      for (let j = 0; j < 4 && i + j < length; j++) out[i + j] = (value >>> (8 * j)) & 0xff;
    }
    return out;
  }
}

/** A slot number; bigint only when it exceeds 2^53 (synthetic test vectors). */
export type Slot = number | bigint;

export interface BlockPoint {
  slot: Slot;
  id: string;
}

export type Point = BlockPoint | 'origin';

export interface Tip extends BlockPoint {
  height: number | bigint;
}

export function isBlockPoint(value: unknown): value is BlockPoint {
  if (typeof value !== 'object' || value === null) return false;
  const { slot, id } = value as Record<string, unknown>;
  return (typeof slot === 'number' || typeof slot === 'bigint') && typeof id === 'string';
}

export function isPoint(value: unknown): value is Point {
  return value === 'origin' || isBlockPoint(value);
}

export function samePoint(a: Point, b: Point): boolean {
  if (a === 'origin' || b === 'origin') return a === b;
  return a.id === b.id && BigInt(a.slot) === BigInt(b.slot);
}

export function describePoint(point: Point): string {
  return point === 'origin' ? 'origin' : `${point.slot}.${point.id}`;
}

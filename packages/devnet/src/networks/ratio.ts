/**
 * Ogmios writes rationals as "numerator/denominator" in lowest terms. Genesis files write them as decimal
 * numbers (0.05), {numerator, denominator} objects, or Byron "lovelace portions" (integers over 10^15).
 */
export function ratio(numerator: bigint, denominator: bigint): string {
  const divisor = gcd(numerator < 0n ? -numerator : numerator, denominator);
  return `${numerator / divisor}/${denominator / divisor}`;
}

export function decimalRatio(value: number): string {
  const [whole, fraction = ''] = String(value).split('.');
  if (/e/i.test(String(value))) throw new Error(`cannot convert ${value} to a ratio`);
  return ratio(BigInt(whole + fraction), 10n ** BigInt(fraction.length));
}

export function objectRatio({ numerator, denominator }: { numerator: number; denominator: number }): string {
  return ratio(BigInt(numerator), BigInt(denominator));
}

export function lovelacePortion(value: string | number): string {
  return ratio(BigInt(value), 10n ** 15n);
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? (a === 0n ? 1n : a) : gcd(b, a % b);
}

const ADA = 1_000_000n;

/** Lovelace as ADA with its six decimals (trailing zeros dropped), grouped by thousands. */
export function ada(lovelace: string | bigint): string {
  const value = BigInt(lovelace);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const whole = (abs / ADA).toLocaleString('en-US');
  const fraction = (abs % ADA).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''} ₳`;
}

export function quantity(value: string): string {
  return BigInt(value).toLocaleString('en-US');
}

/** A block or transaction time (Unix seconds) in UTC, and how long ago. */
export function time(unixSeconds: number): string {
  return new Date(unixSeconds * 1000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
}

export function ago(unixSeconds: number, now = Date.now()): string {
  return duration(Math.max(0, Math.round(now / 1000 - unixSeconds))) + ' ago';
}

export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
  return `${Math.floor(seconds / 86_400)} d ${Math.floor((seconds % 86_400) / 3600)} h`;
}

/** An asset name as text when it is printable UTF-8, else null (shown as hex). */
export function assetNameText(hex: string | null): string | null {
  if (!hex) return null;
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return /^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(text) ? text : null;
  } catch {
    return null;
  }
}

/**
 * The unit's asset name; a CIP-68 token's CIP-67 label (`0`, 16 bits, a checksum, `0`) follows it in
 * brackets, telling the reference token (100) from the user's (222 for an NFT).
 */
export function unitLabel(unit: string): string {
  const name = unit.slice(56);
  const label = /^0[0-9a-f]{6}0/.test(name) ? parseInt(name.slice(1, 5), 16) : null;
  const text = assetNameText(label === null ? name : name.slice(8));
  if (text === null) return name || '(no name)';
  return label === null ? text : `${text} (${label})`;
}

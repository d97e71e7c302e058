import CSL from '@emurgo/cardano-serialization-lib-nodejs';

type Json = Record<string, unknown>;

/** Typed reads of an Ogmios v6 `protocolParameters` object (numbers may be bigints from lossless JSON). */
export function parameterReader(parameters: Json) {
  const field = (name: string): unknown => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`protocol parameter ${name} is missing`);
    return value;
  };
  const number = (name: string) => Number(field(name));
  const lovelace = (name: string) =>
    BigInt((field(name) as { ada: { lovelace: number | bigint } }).ada.lovelace);
  const bytes = (name: string) => Number((field(name) as { bytes: number | bigint }).bytes);
  return {
    number,
    lovelace,
    bytes,
    /** Prices per memory unit and per cpu step (Ogmios writes them as ratios "n/d"). */
    scriptPrices: () => {
      const { memory, cpu } = field('scriptExecutionPrices') as { memory: string; cpu: string };
      return CSL.ExUnitPrices.new(unitInterval(memory), unitInterval(cpu));
    },
    /** Conway's per-byte base price of reference scripts; undefined before Conway. */
    referenceScriptBase: (): CSL.UnitInterval | undefined => {
      const tiers = parameters.minFeeReferenceScripts as { base: number } | undefined;
      if (tiers === undefined) return undefined;
      return unitInterval(String(tiers.base));
    },
    executionUnits: () => {
      const { memory, cpu } = field('maxExecutionUnitsPerTransaction') as Record<
        'memory' | 'cpu',
        number | bigint
      >;
      return { memory: BigInt(memory), cpu: BigInt(cpu) };
    },
    costModels: () => (parameters.plutusCostModels ?? {}) as Record<string, readonly (number | bigint)[]>,
  };
}

/** "n/d" (or a decimal such as "15" or "12.5") as a CSL ratio. */
function unitInterval(text: string): CSL.UnitInterval {
  const [numerator, denominator = '1'] = text.split('/');
  const [whole, fraction = ''] = numerator!.split('.');
  const scale = 10n ** BigInt(fraction.length);
  return CSL.UnitInterval.new(
    CSL.BigNum.from_str(String(BigInt(whole! + fraction))),
    CSL.BigNum.from_str(String(BigInt(denominator) * scale)),
  );
}

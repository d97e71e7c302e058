// Number formats shared by the console table, the full report and the one-screen page.
export const n0 = (x: number) => Math.round(x).toLocaleString('en');
export const n1 = (x: number) => x.toFixed(1);
export const mib = (b: number) => `${n0(b / 2 ** 20)} MiB`;
export const gib = (b: number) => `${(b / 2 ** 30).toFixed(2)} GiB`;
/** A long name cut in the middle: the variants of a scenario differ at the end of their names. */
export const fit = (name: string, width: number) =>
  name.length <= width ? name : `${name.slice(0, width - 36)}…${name.slice(-35)}`;
export const kiloBlocks = (blocks: number) => (blocks % 1000 === 0 ? `${blocks / 1000}k` : n0(blocks));

/** A block of the chain as chain-sync names it: its slot and hash. */
export interface ChainPoint {
  slot: number;
  id: string;
}

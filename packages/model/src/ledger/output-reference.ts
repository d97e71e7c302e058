/** An output named by the transaction that created it and its index there. */
export interface OutputReference {
  txHash: string;
  index: number;
}

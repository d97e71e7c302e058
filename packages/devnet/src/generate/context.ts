import type CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { GenerateOptions } from './options.js';
import type { Random } from './random.js';
import type { ChainState } from './state.js';
import type { BuiltTx, FeeParameters, TxDraft } from './tx.js';
import type { Actors, Wallet } from './wallets.js';

/** Ledger constants of the network preset that the builders need. */
export interface LedgerParameters {
  fees: FeeParameters;
  keyDeposit: bigint;
  poolDeposit: bigint;
  drepDeposit: bigint;
  /** Cost models for the script data hash of Plutus transactions. */
  costModels: CSL.Costmdls;
}

/** What a builder sees while the generator fills a block. */
export interface Generation {
  options: GenerateOptions;
  actors: Actors;
  random: Random;
  state: ChainState;
  parameters: LedgerParameters;
  era: 'babbage' | 'conway';
  slot: number;
  epoch: number;
  /** Height of the block being built and the transaction's index in it. */
  height: number;
  txIndex: number;
  wallet(name: string): Wallet;
  /** Registers a wallet created on the way (pointer addresses). */
  addWallet(wallet: Wallet): void;
  /** The account changed in a way rewardAccountSummaries shows. */
  touchAccount(stakeAddress: string): void;
}

/** A transaction to build and what it changes beyond the UTxO set once it is on chain. */
export interface Action {
  draft: TxDraft;
  apply?: (tx: BuiltTx) => void;
}

/** Proposes one transaction, or undefined when the chain is not ready for it (nothing to burn, …). */
export type Builder = (g: Generation) => Action | undefined;

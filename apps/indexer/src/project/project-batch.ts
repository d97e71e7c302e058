import type { DecodedBlock } from '@frostline/model';
import { projectAccounts } from './accounts.js';
import { projectAddressHistory } from './address-history.js';
import { projectAssets } from './assets.js';
import { BatchState, type TxInBlock } from './batch-state.js';
import { projectBlock, projectTransaction, slotLeader } from './blocks.js';
import { projectGovernanceCertificates } from './governance-certificates.js';
import { projectGovernance } from './governance.js';
import type { IdAllocator } from './ids.js';
import type { BatchLookups } from './keys.js';
import { projectNutlink } from './nutlink.js';
import { projectOutputs, projectSpends } from './outputs.js';
import type { BatchRows } from './rows.js';
import { projectScriptsAndDatums } from './scripts.js';
import { projectTransactionDetails } from './transactions.js';

export interface ProjectContext {
  networkId: number;
  ids: IdAllocator;
  /** key hashes of the Shelley genesis delegates (`genDelegs`), who made the overlay blocks */
  genesisDelegates: ReadonlySet<string>;
  lookups: BatchLookups;
}

/**
 * Turns decoded blocks into the rows of every table, in chain order. Each concern is projected by
 * its own module; ids are taken in chain order per table, so the order of the calls below within
 * a transaction is what fixes them (outputs before the assets and accounts that reuse their
 * dictionaries). Pure apart from the id allocator it is handed.
 */
export function projectBatch(blocks: DecodedBlock[], context: ProjectContext): BatchRows {
  const state = new BatchState(context.networkId, context.ids, context.lookups);
  for (const block of blocks) {
    const blockId = state.ids.take('block');
    const leader = slotLeader(block.issuer, context.genesisDelegates);
    let outSum: bigint | null = null;
    let fees: bigint | null = null;
    block.transactions.forEach((tx, blockIndex) => {
      const at: TxInBlock = { block, blockId, tx, txId: state.ids.take('tx'), blockIndex };
      const spentValue = projectSpends(state, at);
      const txOutSum = projectOutputs(state, at);
      projectAddressHistory(state, at);
      projectScriptsAndDatums(state, at);
      const fee = projectTransaction(state, at, spentValue, txOutSum);
      outSum = (outSum ?? 0n) + txOutSum;
      fees = (fees ?? 0n) + fee;
      projectAssets(state, at);
      projectAccounts(state, at);
      projectGovernanceCertificates(state, at);
      projectGovernance(state, at);
      projectNutlink(state, at);
      projectTransactionDetails(state, at);
    });
    projectBlock(state, block, blockId, { outSum, fees }, leader);
  }
  return state.rows;
}

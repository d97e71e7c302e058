import { changesSupply, type BatchRows } from '../project/rows.js';
import { refreshHolderOrder } from './asset-holders.js';
import { applyHistoryTotals } from './history-totals.js';
import { BatchWrite, textArray, type ColumnType, type CopyBuffer } from './sql.js';

const col = <T>(type: ColumnType, rows: T[], pick: (row: T) => unknown) => ({ type, values: rows.map(pick) });

/**
 * The writes of a projected batch: new rows by COPY, the other inserts and the updates in one
 * statement, then the removal of stake balances that reached zero (which must see its result).
 * address_utxo is left alone while it is deferred (address-utxo-deferral.ts).
 */
export function batchWrite(
  rows: BatchRows,
  { addressUtxo, copyBuffer }: { addressUtxo: boolean; copyBuffer?: CopyBuffer },
): BatchWrite {
  const write = new BatchWrite(copyBuffer);
  write.copy('block', rows.blocks, {
    id: ['int8', (r) => r.id],
    hash: ['bytea', (r) => r.hash],
    height: ['int4', (r) => r.height],
    slot: ['int8', (r) => r.slot],
    is_ebb: ['bool', (r) => r.isEbb],
    epoch: ['int4', (r) => r.epoch],
    epoch_slot: ['int4', (r) => r.epochSlot],
    time: ['int8', (r) => r.time],
    size: ['int4', (r) => r.size],
    tx_count: ['int4', (r) => r.txCount],
    out_sum: ['int8', (r) => r.outSum],
    fees: ['int8', (r) => r.fees],
    slot_leader: ['text', (r) => r.slotLeader],
    block_vrf: ['text', (r) => r.blockVrf],
    op_cert: ['bytea', (r) => r.opCert],
    op_cert_counter: ['int8', (r) => r.opCertCounter],
    previous_hash: ['bytea', (r) => r.previousHash],
    era: ['text', (r) => r.era],
  });
  write.copy('address', rows.addresses, {
    id: ['int8', (r) => r.id],
    address: ['text', (r) => r.address],
    payment_cred: ['bytea', (r) => r.paymentCred],
    first_block_id: ['int8', (r) => r.firstBlockId],
  });
  write.copy('stake_address', rows.stakeAddresses, {
    id: ['int8', (r) => r.id],
    hash_raw: ['bytea', (r) => r.hashRaw],
    view: ['text', (r) => r.view],
    first_block_id: ['int8', (r) => r.firstBlockId],
  });
  write.copy('asset', rows.assets, {
    id: ['int8', (r) => r.id],
    policy: ['bytea', (r) => r.policy],
    name: ['bytea', (r) => r.name],
    fingerprint: ['text', (r) => r.fingerprint],
    first_block_id: ['int8', (r) => r.firstBlockId],
  });
  write.copy('tx', rows.txs, {
    id: ['int8', (r) => r.id],
    hash: ['bytea', (r) => r.hash],
    block_id: ['int8', (r) => r.blockId],
    block_index: ['int4', (r) => r.blockIndex],
    valid: ['bool', (r) => r.valid],
    fee: ['int8', (r) => r.fee],
    out_sum: ['int8', (r) => r.outSum],
    size: ['int4', (r) => r.size],
    deposit: ['int8', (r) => r.deposit],
    invalid_before: ['numeric', (r) => r.invalidBefore],
    invalid_hereafter: ['numeric', (r) => r.invalidHereafter],
    treasury_donation: ['int8', (r) => r.treasuryDonation],
    redeemer_count: ['int4', (r) => r.redeemerCount],
    pool_retire_count: ['int4', (r) => r.poolRetireCount],
  });
  write.copy('tx_cbor', rows.txCbors, {
    tx_id: ['int8', (r) => r.txId],
    bytes: ['bytea', (r) => r.bytes],
  });
  write.copy('tx_metadata_cbor', rows.metadataCbors, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    label: ['numeric', (r) => r.label],
    bytes: ['bytea', (r) => r.bytes],
    label_position: ['int4', (r) => r.position],
  });
  write.copy('tx_required_signer', rows.requiredSigners, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    hash: ['bytea', (r) => r.hash],
  });
  write.copy('tx_input', rows.txInputs, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    kind: ['text', (r) => r.kind],
    out_tx_hash: ['bytea', (r) => r.outTxHash],
    out_index: ['int4', (r) => r.outIndex],
  });
  write.copy('collateral_tx_out', rows.collateralTxOuts, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    index: ['int4', (r) => r.index],
    address: ['text', (r) => r.address],
    value: ['int8', (r) => r.value],
    data_hash: ['bytea', (r) => r.dataHash],
    inline_datum: ['bytea', (r) => r.inlineDatum],
    reference_script_hash: ['bytea', (r) => r.referenceScriptHash],
  });
  write.copy('tx_out', rows.txOuts, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    index: ['int4', (r) => r.index],
    address_id: ['int8', (r) => r.addressId],
    payment_cred: ['bytea', (r) => r.paymentCred],
    stake_address_id: ['int8', (r) => r.stakeAddressId],
    value: ['int8', (r) => r.value],
    has_assets: ['bool', (r) => r.hasAssets],
    data_hash: ['bytea', (r) => r.dataHash],
    inline_datum: ['bytea', (r) => r.inlineDatum],
    reference_script_hash: ['bytea', (r) => r.referenceScriptHash],
  });
  write.copy('ma_tx_out', rows.maTxOuts, {
    tx_out_id: ['int8', (r) => r.txOutId],
    asset_id: ['int8', (r) => r.assetId],
    quantity: ['numeric', (r) => r.quantity],
  });
  write.copy('tx_out_spend', rows.spends, {
    tx_out_id: ['int8', (r) => r.txOutId],
    tx_id: ['int8', (r) => r.txId],
  });
  // Outputs spent within the batch were never unspent in a stored state.
  const unspentOutputs = new Map(rows.txOuts.filter((o) => !o.spentInBatch).map((o) => [o.id, o]));
  write.copy('unspent_tx_out', [...unspentOutputs.values()], {
    tx_out_id: ['int8', (r) => r.id],
    address_id: ['int8', (r) => r.addressId],
    payment_cred: ['bytea', (r) => r.paymentCred],
    has_assets: ['bool', (r) => r.hasAssets],
    stake_address_id: ['int8', (r) => r.stakeAddressId],
  });
  const unspentAmounts = rows.maTxOuts.filter((m) => unspentOutputs.has(m.txOutId));
  write.copy('unspent_ma_tx_out', unspentAmounts, {
    tx_out_id: ['int8', (r) => r.txOutId],
    asset_id: ['int8', (r) => r.assetId],
    address_id: ['int8', (r) => unspentOutputs.get(r.txOutId)!.addressId],
  });
  // Through the view that defines the table's rows (its migration), reading what the copies above wrote:
  // copying rows built here instead saved a little in the ingest benchmark, for a second definition.
  if (addressUtxo) {
    write.write(
      [[...unspentOutputs.keys()]],
      (unnest) =>
        `INSERT INTO address_utxo SELECT s.* FROM address_utxo_source s WHERE s.tx_out_id IN (SELECT u.c0::int8 FROM ${unnest})`,
    );
  }
  write.copy('asset_mint', rows.assetMints, {
    id: ['int8', (r) => r.id],
    asset_id: ['int8', (r) => r.assetId],
    tx_id: ['int8', (r) => r.txId],
    quantity: ['numeric', (r) => r.quantity],
  });
  write.copy('tx_metadata', rows.metadata, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    label: ['numeric', (r) => r.label],
    json: ['jsonb', (r) => r.json],
    bytes: ['bytea', (r) => r.bytes],
  });
  // A datum or script first seen in an earlier transaction keeps that transaction.
  write.insert(
    'datum',
    {
      id: col('int8', rows.datums, (r) => r.id),
      hash: col('bytea', rows.datums, (r) => r.hash),
      bytes: col('bytea', rows.datums, (r) => r.bytes),
      tx_id: col('int8', rows.datums, (r) => r.txId),
    },
    'ON CONFLICT (hash) DO NOTHING',
  );
  write.insert(
    'script',
    {
      id: col('int8', rows.scripts, (r) => r.id),
      hash: col('bytea', rows.scripts, (r) => r.hash),
      language: col('text', rows.scripts, (r) => r.language),
      bytes: col('bytea', rows.scripts, (r) => r.bytes),
      tx_id: col('int8', rows.scripts, (r) => r.txId),
    },
    'ON CONFLICT (hash) DO NOTHING',
  );
  write.copy('stake_registration', rows.stakeRegistrations, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    cert_index: ['int4', (r) => r.certIndex],
    stake_address_id: ['int8', (r) => r.stakeAddressId],
    deregistration: ['bool', (r) => r.deregistration],
  });
  write.copy('delegation', rows.delegations, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    cert_index: ['int4', (r) => r.certIndex],
    stake_address_id: ['int8', (r) => r.stakeAddressId],
    pool_hash: ['bytea', (r) => r.poolHash],
  });
  write.copy('delegation_vote', rows.voteDelegations, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    cert_index: ['int4', (r) => r.certIndex],
    stake_address_id: ['int8', (r) => r.stakeAddressId],
    drep_kind: ['text', (r) => r.drepKind],
    drep_hash: ['bytea', (r) => r.drepHash],
  });
  write.copy('drep_registration', rows.drepRegistrations, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    cert_index: ['int4', (r) => r.certIndex],
    drep_kind: ['text', (r) => r.drepKind],
    drep_hash: ['bytea', (r) => r.drepHash],
    deposit: ['int8', (r) => r.deposit],
    anchor_url: ['text', (r) => r.anchorUrl],
    anchor_hash: ['bytea', (r) => r.anchorHash],
  });
  write.copy('committee_registration', rows.committeeRegistrations, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    cert_index: ['int4', (r) => r.certIndex],
    cold_kind: ['text', (r) => r.coldKind],
    cold_hash: ['bytea', (r) => r.coldHash],
    hot_kind: ['text', (r) => r.hotKind],
    hot_hash: ['bytea', (r) => r.hotHash],
  });
  write.copy('committee_de_registration', rows.committeeDeRegistrations, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    cert_index: ['int4', (r) => r.certIndex],
    cold_kind: ['text', (r) => r.coldKind],
    cold_hash: ['bytea', (r) => r.coldHash],
    anchor_url: ['text', (r) => r.anchorUrl],
    anchor_hash: ['bytea', (r) => r.anchorHash],
  });
  write.copy('withdrawal', rows.withdrawals, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    stake_address_id: ['int8', (r) => r.stakeAddressId],
    amount: ['int8', (r) => r.amount],
  });
  write.copy('mir', rows.mirs, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    cert_index: ['int4', (r) => r.certIndex],
    stake_address_id: ['int8', (r) => r.stakeAddressId],
    pot: ['text', (r) => r.pot],
    amount: ['int8', (r) => r.amount],
  });
  write.copy('pool_registration', rows.poolRegistrations, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    cert_index: ['int4', (r) => r.certIndex],
    pool_hash: ['bytea', (r) => r.poolHash],
  });
  write.copy('pool_retire', rows.poolRetirements, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    cert_index: ['int4', (r) => r.certIndex],
    pool_hash: ['bytea', (r) => r.poolHash],
    retiring_epoch: ['int4', (r) => r.retiringEpoch],
  });
  write.copy('redeemer', rows.redeemers, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    purpose: ['text', (r) => r.purpose],
    index: ['int4', (r) => r.index],
    unit_mem: ['int8', (r) => r.unitMem],
    unit_steps: ['int8', (r) => r.unitSteps],
    script_hash: ['bytea', (r) => r.scriptHash],
    redeemer_data_hash: ['bytea', (r) => r.redeemerDataHash],
    script_position: ['int4', (r) => r.scriptPosition],
  });
  write.copy('nutlink_registration', rows.nutlinkRegistrations, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    address_id: ['int8', (r) => r.addressId],
    payment_cred: ['bytea', (r) => r.paymentCred],
  });
  write.copy('nutlink_ticker', rows.nutlinkTickers, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    address_id: ['int8', (r) => r.addressId],
    payment_cred: ['bytea', (r) => r.paymentCred],
    ticker: ['text', (r) => r.ticker],
  });
  write.copy('gov_action_proposal', rows.proposals, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    index: ['int4', (r) => r.index],
    deposit: ['int8', (r) => r.deposit],
    return_address_id: ['int8', (r) => r.returnAddressId],
    type: ['text', (r) => r.type],
    prev_tx_hash: ['bytea', (r) => r.prevTxHash],
    prev_index: ['int4', (r) => r.prevIndex],
    param_update: ['bytea', (r) => r.paramUpdate],
    policy_hash: ['bytea', (r) => r.policyHash],
    anchor_url: ['text', (r) => r.anchorUrl],
    anchor_hash: ['bytea', (r) => r.anchorHash],
  });
  write.copy('treasury_withdrawal', rows.treasuryWithdrawals, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    gov_action_proposal_id: ['int8', (r) => r.proposalId],
    stake_address_id: ['int8', (r) => r.stakeAddressId],
    amount: ['int8', (r) => r.amount],
  });
  write.copy('voting_procedure', rows.votes, {
    id: ['int8', (r) => r.id],
    tx_id: ['int8', (r) => r.txId],
    index: ['int4', (r) => r.index],
    voter_role: ['text', (r) => r.voterRole],
    voter_hash: ['bytea', (r) => r.voterHash],
    voter_has_script: ['bool', (r) => r.voterHasScript],
    gov_action_tx_hash: ['bytea', (r) => r.govActionTxHash],
    gov_action_index: ['int4', (r) => r.govActionIndex],
    vote: ['text', (r) => r.vote],
    anchor_url: ['text', (r) => r.anchorUrl],
    anchor_hash: ['bytea', (r) => r.anchorHash],
  });
  write.copy('address_tx', rows.addressTxs, {
    address_id: ['int8', (r) => r.addressId],
    tx_id: ['int8', (r) => r.txId],
    stake_address_id: ['int8', (r) => r.stakeAddressId],
    tx_out_id: ['int8', (r) => r.txOutId],
    position: ['int4', (r) => r.position],
    account_position: ['int4', (r) => r.accountPosition],
  });
  write.copy('asset_tx', rows.assetTxs, {
    asset_id: ['int8', (r) => r.assetId],
    tx_id: ['int8', (r) => r.txId],
    position: ['int4', (r) => r.position],
  });
  // The totals read what the copies wrote: the batch's transactions are those after the last stored one.
  if (rows.txs.length) write.afterwards(applyHistoryTotals(rows.txs[0]!.id - 1n));
  // The batch's transactions follow every stored one: its latest record of a ticker is the ticker's latest, and the
  // total's first record stays.
  const totals = nutlinkTickerTotals(rows.nutlinkTickers);
  write.insert(
    'nutlink_ticker_total',
    {
      address_id: col('int8', totals, (t) => t.addressId),
      ticker: col('text', totals, (t) => t.ticker),
      payment_cred: col('bytea', totals, (t) => t.paymentCred),
      records: col('int8', totals, (t) => t.records),
      first_tx_id: col('int8', totals, (t) => t.firstTxId),
      latest_tx_id: col('int8', totals, (t) => t.latestTxId),
    },
    `ON CONFLICT (address_id, ticker) DO UPDATE SET
       records = nutlink_ticker_total.records + EXCLUDED.records, latest_tx_id = EXCLUDED.latest_tx_id`,
  );
  // Stored outputs the batch spends leave the live-output tables, found through `id = ANY(…)` in output
  // order: the deletes walk each primary key in order instead of hopping between its pages.
  const spent = rows.spentBefore.toSorted((a, b) => (a < b ? -1 : 1));
  write.write([spent], (_unnest, [ids]) => [
    `DELETE FROM unspent_tx_out WHERE tx_out_id = ANY(${ids}::int8[])`,
    `DELETE FROM unspent_ma_tx_out WHERE tx_out_id = ANY(${ids}::int8[])`,
    ...(addressUtxo ? [`DELETE FROM address_utxo WHERE tx_out_id = ANY(${ids}::int8[])`] : []),
  ]);
  // Marked in the batch's own transaction, so no crash between the commit and the rewards job loses a
  // refresh; a mark renewed by a later batch outlives the job that read the older one.
  write.write(
    [[...rows.rewardAccounts]],
    (unnest) =>
      `INSERT INTO reward_refresh (stake_address_id) SELECT u.c0::int8 FROM ${unnest}
     ON CONFLICT (stake_address_id) DO UPDATE SET mark = EXCLUDED.mark`,
  );
  if (changesSupply(rows)) {
    const supply = rows.supplyDelta;
    write.write(
      [[supply.lovelace], [supply.locked]],
      (unnest) =>
        `UPDATE utxo_supply s SET lovelace = s.lovelace + u.c0::int8, locked = s.locked + u.c1::int8 FROM ${unnest} WHERE s.id = 1`,
    );
  }
  const deltas = [...rows.stakeBalanceDeltas];
  write.write(
    [deltas.map(([id]) => id), deltas.map(([, delta]) => delta)],
    (unnest) =>
      `INSERT INTO stake_balance (stake_address_id, utxo_value) SELECT u.c0::int8, u.c1::int8 FROM ${unnest}
     ON CONFLICT (stake_address_id) DO UPDATE SET utxo_value = stake_balance.utxo_value + EXCLUDED.utxo_value`,
  );
  // After the totals, and after the live-output tables lost the outputs the batch spends (the writes run first).
  if (rows.txs.length) write.afterwards(refreshHolderOrder(rows.txs[0]!.id - 1n));
  if (deltas.length) {
    // A row exists only while its balance is non-zero, so the table does not depend on history.
    write.afterwards({
      sql: `DELETE FROM stake_balance WHERE utxo_value = 0 AND stake_address_id = ANY($1::text[]::int8[])`,
      params: [textArray(deltas.map(([id]) => id))],
    });
  }
  return write;
}

interface TickerTotal {
  addressId: bigint;
  ticker: string;
  paymentCred: string | null;
  records: number;
  firstTxId: bigint;
  latestTxId: bigint;
}

/** The batch's ticker records per address and ticker (they come in chain order). */
function nutlinkTickerTotals(records: BatchRows['nutlinkTickers']): TickerTotal[] {
  const totals = new Map<string, TickerTotal>();
  for (const { addressId, ticker, paymentCred, txId } of records) {
    const key = `${addressId} ${ticker}`;
    const total = totals.get(key);
    if (total === undefined) {
      totals.set(key, { addressId, ticker, paymentCred, records: 1, firstTxId: txId, latestTxId: txId });
    } else {
      total.records++;
      total.latestTxId = txId;
    }
  }
  return [...totals.values()];
}

import {
  assetFingerprint,
  decodeShelleyAddress,
  encodeShelleyAddress,
  rewardAddressBech32ToHex,
} from '@frostline/model';
import type pg from 'pg';

// Rows exactly as the indexer writes them (prisma/schema.prisma comments): ids in chain order, bytes as
// bytea, an address / stake_address / asset row created where it is first seen. Hex in, bytea out.

export interface BlockSeed {
  hash: string;
  height: number | null;
  slot: number;
  epoch: number;
  epochSlot: number | null;
  time: number;
  size?: number;
  txCount?: number;
  outSum?: string | null;
  fees?: string | null;
  slotLeader?: string;
  blockVrf?: string | null;
  opCert?: string | null;
  opCertCounter?: string | null;
  previousHash?: string | null;
  /** Byron epoch-boundary block (no height, no epoch slot) */
  isEbb?: boolean;
  /** `genesis` for the genesis pseudo-block */
  era?: string;
}

/** A mainnet block early in epoch 1 (epoch slot 100), for tests that want one block at the tip. */
export const EPOCH_1_BLOCK: BlockSeed = {
  hash: 'b1'.repeat(32),
  height: 10,
  slot: 432_100,
  epoch: 1,
  epochSlot: 100,
  time: 1_596_491_091,
};

export interface OutputSeed {
  address: string;
  paymentCred?: string | null;
  stakeAddressId?: number | null;
  value: string;
  assets?: { policyId: string; assetName: string; quantity: string }[];
  dataHash?: string | null;
  inlineDatum?: string | null;
  referenceScriptHash?: string | null;
}

export interface TxSeed {
  valid?: boolean;
  fee?: string;
  outSum?: string;
  size?: number;
  deposit?: string;
  invalidBefore?: string | null;
  invalidHereafter?: string | null;
  treasuryDonation?: string;
  redeemerCount?: number;
  poolRetireCount?: number;
  /** the transaction's CBOR (tx_cbor) */
  cbor?: string;
}

/**
 * Makes address_utxo hold the live outputs again, through the view the indexer writes it by, after a test
 * changed tx_out or ma_tx_out with its own statements.
 */
export async function refillAddressUtxo(sql: pg.Client): Promise<void> {
  await sql.query('DELETE FROM address_utxo');
  await sql.query(
    `INSERT INTO address_utxo SELECT s.* FROM address_utxo_source s
     WHERE s.tx_out_id IN (SELECT tx_out_id FROM unspent_tx_out)`,
  );
}

function baseAddress(address: string) {
  const decoded = decodeShelleyAddress(address);
  if (decoded?.type !== 'base') throw new Error(`${address} is not a base address`);
  return decoded;
}

/** The payment credential hash (hex) of a base address. */
export function paymentCredentialOf(address: string): string {
  return baseAddress(address).payment.hash;
}

/** The enterprise address of a base address's payment credential: another address of the same key. */
export function enterpriseAddressOf(address: string): string {
  const { networkId, payment } = baseAddress(address);
  return encodeShelleyAddress({ type: 'enterprise', networkId, payment });
}

export class ChainSeed {
  private readonly ids = new Map<string, number>();
  private readonly addressIds = new Map<string, number>();
  private readonly assetIds = new Map<string, number>();
  /** what each unspent output adds to utxo_supply, which the indexer keeps per batch */
  private readonly supplies = new Map<number, { lovelace: string; locked: string }>();
  private lastBlockId = 0;

  constructor(private readonly sql: pg.Client) {}

  private nextId(table: string): number {
    const id = (this.ids.get(table) ?? 0) + 1;
    this.ids.set(table, id);
    return id;
  }

  async block(block: BlockSeed): Promise<number> {
    const id = this.nextId('block');
    this.lastBlockId = id;
    await this.sql.query(
      `INSERT INTO block (id, hash, height, slot, is_ebb, epoch, epoch_slot, time, size, tx_count, out_sum, fees,
         slot_leader, block_vrf, op_cert, op_cert_counter, previous_hash, era)
       VALUES ($1, decode($2, 'hex'), $3, $4, $17, $5, $6, $7, $8, $9, $10, $11, $12, $13, decode($14, 'hex'), $15,
         decode($16, 'hex'), $18)`,
      [
        id,
        block.hash,
        block.height,
        block.slot,
        block.epoch,
        block.epochSlot,
        block.time,
        block.size ?? 3,
        block.txCount ?? 0,
        block.outSum ?? null,
        block.fees ?? null,
        block.slotLeader ?? 'pool1test',
        block.blockVrf ?? null,
        block.opCert ?? null,
        block.opCertCounter ?? null,
        block.previousHash ?? null,
        block.isEbb ?? false,
        block.era ?? 'conway',
      ],
    );
    return id;
  }

  /** Block `n` of `epoch`: its hash (n in hex), height, slot, epoch slot and time are all n. */
  async numberedBlock(n: number, epoch: number, slotLeader?: string): Promise<number> {
    const hash = n.toString(16).padStart(64, '0');
    return this.block({ hash, height: n, slot: n, epoch, epochSlot: n, time: n, slotLeader });
  }

  /** A transaction in the latest block (valid unless told otherwise). */
  async tx(hash: string, fields: TxSeed = {}): Promise<number> {
    const id = this.nextId('tx');
    const index = this.nextId(`tx-in-block-${this.lastBlockId}`) - 1;
    await this.sql.query(
      `INSERT INTO tx (id, hash, block_id, block_index, valid, fee, out_sum, size, deposit, invalid_before,
         invalid_hereafter, treasury_donation, redeemer_count, pool_retire_count)
       VALUES ($1, decode($2, 'hex'), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        id,
        hash,
        this.lastBlockId,
        index,
        fields.valid ?? true,
        fields.fee ?? '170000',
        fields.outSum ?? '0',
        fields.size ?? 300,
        fields.deposit ?? '0',
        fields.invalidBefore ?? null,
        fields.invalidHereafter ?? null,
        fields.treasuryDonation ?? '0',
        fields.redeemerCount ?? 0,
        fields.poolRetireCount ?? 0,
      ],
    );
    if (fields.cbor) {
      await this.sql.query(`INSERT INTO tx_cbor (tx_id, bytes) VALUES ($1, decode($2, 'hex'))`, [
        id,
        fields.cbor,
      ]);
    }
    return id;
  }

  /**
   * A label's metadata of a valid transaction (`cbor`: the single-entry map {label: value}), after the label's
   * others (seeded in chain order) and counted in the label's running total, as the indexer does.
   */
  async metadataCbor(txId: number, label: number, cbor: string): Promise<void> {
    await this.sql.query(
      `INSERT INTO tx_metadata_cbor (id, tx_id, label, bytes, label_position)
       VALUES ($1, $2, $3, decode($4, 'hex'), (SELECT count(*) + 1 FROM tx_metadata_cbor WHERE label = $3))`,
      [this.nextId('tx_metadata_cbor'), txId, label, cbor],
    );
    await this.sql.query(
      `INSERT INTO metadata_label_total (label, tx_count) VALUES ($1, 1)
       ON CONFLICT (label) DO UPDATE SET tx_count = metadata_label_total.tx_count + 1`,
      [label],
    );
  }

  async poolRetirement(txId: number, poolHash: string, retiringEpoch: number, certIndex = 0): Promise<void> {
    await this.sql.query(
      `INSERT INTO pool_retire (id, tx_id, cert_index, pool_hash, retiring_epoch) VALUES ($1, $2, $3, decode($4, 'hex'), $5)`,
      [this.nextId('pool_retire'), txId, certIndex, poolHash, retiringEpoch],
    );
  }

  /** The ledger's pool snapshot of `epoch`: its reserves and each pool's stake (pool hash hex, lovelace). */
  async poolSnapshot(epoch: number, reserves: string, stakes: [string, string][]): Promise<void> {
    await this.sql.query(`INSERT INTO pool_snapshot_epoch (epoch, treasury, reserves) VALUES ($1, 1, $2)`, [
      epoch,
      reserves,
    ]);
    for (const [hash, stake] of stakes)
      await this.sql.query(
        `INSERT INTO pool_stake_snapshot (epoch, pool_hash, stake) VALUES ($1, decode($2, 'hex'), $3)`,
        [epoch, hash, stake],
      );
  }

  /** A pool registration certificate's row; its parameters are read from the transaction's CBOR. */
  async poolRegistration(txId: number, poolHash: string, certIndex = 0): Promise<void> {
    await this.sql.query(
      `INSERT INTO pool_registration (id, tx_id, cert_index, pool_hash) VALUES ($1, $2, $3, decode($4, 'hex'))`,
      [this.nextId('pool_registration'), txId, certIndex, poolHash],
    );
  }

  /** A witness redeemer of `txId`, after the script's others (seeded in chain order); `dataHash` is its data's blake2b-256. */
  async redeemer(
    txId: number,
    redeemer: {
      purpose: string;
      index: number;
      mem: string;
      steps: string;
      scriptHash: string;
      dataHash: string;
    },
  ): Promise<void> {
    await this.sql.query(
      `INSERT INTO redeemer (id, tx_id, purpose, index, unit_mem, unit_steps, script_hash, redeemer_data_hash,
         script_position)
       VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'hex'), decode($8, 'hex'),
         (SELECT count(*) + 1 FROM redeemer WHERE script_hash = decode($7, 'hex')))`,
      [
        this.nextId('redeemer'),
        txId,
        redeemer.purpose,
        redeemer.index,
        redeemer.mem,
        redeemer.steps,
        redeemer.scriptHash,
        redeemer.dataHash,
      ],
    );
  }

  async requiredSigner(txId: number, hash: string): Promise<void> {
    await this.sql.query(
      `INSERT INTO tx_required_signer (id, tx_id, hash) VALUES ($1, $2, decode($3, 'hex'))`,
      [this.nextId('tx_required_signer'), txId, hash],
    );
  }

  /** An input by output reference: collateral, reference, or spending an output the index never saw. */
  async txInput(
    txId: number,
    kind: 'spend' | 'collateral' | 'reference',
    outTxHash: string,
    outIndex: number,
  ) {
    await this.sql.query(
      `INSERT INTO tx_input (id, tx_id, kind, out_tx_hash, out_index) VALUES ($1, $2, $3, decode($4, 'hex'), $5)`,
      [this.nextId('tx_input'), txId, kind, outTxHash, outIndex],
    );
  }

  async collateralOutput(txId: number, index: number, output: OutputSeed): Promise<void> {
    await this.sql.query(
      `INSERT INTO collateral_tx_out (id, tx_id, index, address, value, data_hash, inline_datum, reference_script_hash)
       VALUES ($1, $2, $3, $4, $5, decode($6, 'hex'), decode($7, 'hex'), decode($8, 'hex'))`,
      [
        this.nextId('collateral_tx_out'),
        txId,
        index,
        output.address,
        output.value,
        output.dataHash ?? null,
        output.inlineDatum ?? null,
        output.referenceScriptHash ?? null,
      ],
    );
  }

  async address(address: string, paymentCred: string | null): Promise<number> {
    const known = this.addressIds.get(address);
    if (known) return known;
    const id = this.nextId('address');
    await this.sql.query(
      `INSERT INTO address (id, address, payment_cred, first_block_id) VALUES ($1, $2, decode($3, 'hex'), $4)`,
      [id, address, paymentCred, this.lastBlockId],
    );
    this.addressIds.set(address, id);
    return id;
  }

  async asset(policyId: string, assetName: string): Promise<number> {
    const unit = policyId + assetName;
    const known = this.assetIds.get(unit);
    if (known) return known;
    const id = this.nextId('asset');
    await this.sql.query(
      `INSERT INTO asset (id, policy, name, fingerprint, first_block_id) VALUES ($1, decode($2, 'hex'), decode($3, 'hex'), $4, $5)`,
      [id, policyId, assetName, assetFingerprint(policyId, assetName), this.lastBlockId],
    );
    this.assetIds.set(unit, id);
    return id;
  }

  async output(txId: number, index: number, output: OutputSeed): Promise<number> {
    const paymentCred = output.paymentCred ?? null;
    const addressId = await this.address(output.address, paymentCred);
    const id = this.nextId('tx_out');
    const assets = output.assets ?? [];
    await this.sql.query(
      `INSERT INTO tx_out (id, tx_id, index, address_id, payment_cred, stake_address_id, value, has_assets, data_hash,
         inline_datum, reference_script_hash)
       VALUES ($1, $2, $3, $4, decode($5, 'hex'), $6, $7, $8, decode($9, 'hex'), decode($10, 'hex'), decode($11, 'hex'))`,
      [
        id,
        txId,
        index,
        addressId,
        paymentCred,
        output.stakeAddressId ?? null,
        output.value,
        assets.length > 0,
        output.dataHash ?? null,
        output.inlineDatum ?? null,
        output.referenceScriptHash ?? null,
      ],
    );
    await this.sql.query(
      `INSERT INTO unspent_tx_out (tx_out_id, address_id, payment_cred, has_assets, stake_address_id)
       VALUES ($1, $2, decode($3, 'hex'), $4, $5)`,
      [id, addressId, paymentCred, assets.length > 0, output.stakeAddressId ?? null],
    );
    if (output.stakeAddressId != null)
      // the account's pairing with the payment credential, as the indexer's running total keeps it
      await this.sql.query(
        `INSERT INTO account_address (stake_address_id, payment_cred, first_tx_out_id, address_id, outputs)
         VALUES ($1, coalesce(decode($2, 'hex'), ''::bytea), $3, $4, 1)
         ON CONFLICT (stake_address_id, payment_cred) DO UPDATE SET outputs = account_address.outputs + 1`,
        [output.stakeAddressId, paymentCred, id, addressId],
      );
    const decoded = decodeShelleyAddress(output.address);
    const script = decoded !== null && 'payment' in decoded && decoded.payment.type === 'script';
    const supply = { lovelace: output.value, locked: script ? output.value : '0' };
    this.supplies.set(id, supply);
    await this.changeSupply(supply, 1);
    for (const asset of assets) {
      const assetId = await this.asset(asset.policyId, asset.assetName);
      await this.sql.query(
        `WITH amount AS (INSERT INTO ma_tx_out (tx_out_id, asset_id, quantity) VALUES ($1, $2, $3))
         INSERT INTO unspent_ma_tx_out (tx_out_id, asset_id, address_id) VALUES ($1, $2, $4)`,
        [id, assetId, asset.quantity, addressId],
      );
    }
    await this.sql.query(
      `INSERT INTO address_utxo SELECT s.* FROM address_utxo_source s WHERE s.tx_out_id = $1`,
      [id],
    );
    return id;
  }

  async spend(txOutId: number, byTxId: number): Promise<void> {
    await this.sql.query(
      `WITH spent AS (INSERT INTO tx_out_spend (tx_out_id, tx_id) VALUES ($1, $2)),
       live AS (DELETE FROM unspent_tx_out WHERE tx_out_id = $1),
       answer AS (DELETE FROM address_utxo WHERE tx_out_id = $1)
       DELETE FROM unspent_ma_tx_out WHERE tx_out_id = $1`,
      [txOutId, byTxId],
    );
    await this.changeSupply(this.supplies.get(txOutId)!, -1);
  }

  private async changeSupply(supply: { lovelace: string; locked: string }, sign: 1 | -1): Promise<void> {
    await this.sql.query(
      `UPDATE utxo_supply SET lovelace = lovelace + $3 * $1::int8, locked = locked + $3 * $2::int8 WHERE id = 1`,
      [supply.lovelace, supply.locked, sign],
    );
  }

  /** A mint or burn of a valid transaction, counted in the asset's running total as the indexer does. */
  async mint(txId: number, policyId: string, assetName: string, quantity: string): Promise<void> {
    const assetId = await this.asset(policyId, assetName);
    const mintId = this.nextId('asset_mint');
    await this.sql.query(`INSERT INTO asset_mint (id, asset_id, tx_id, quantity) VALUES ($1, $2, $3, $4)`, [
      mintId,
      assetId,
      txId,
      quantity,
    ]);
    await this.sql.query(
      `INSERT INTO asset_mint_total (asset_id, policy, first_mint_id, quantity, mint_count, position)
       VALUES ($1, decode($2, 'hex'), $3, $4, 1, (SELECT count(*) + 1 FROM asset_mint_total))
       ON CONFLICT (asset_id) DO UPDATE SET quantity = asset_mint_total.quantity + EXCLUDED.quantity,
         mint_count = asset_mint_total.mint_count + 1`,
      [assetId, policyId, mintId, quantity],
    );
  }

  /** `cbor` is the CBOR of the single-entry map {label: value}, as the indexer stores it. */
  async metadata(txId: number, label: number, json: unknown, cbor: string): Promise<void> {
    await this.sql.query(
      `INSERT INTO tx_metadata (id, tx_id, label, json, bytes) VALUES ($1, $2, $3, $4, decode($5, 'hex'))`,
      [this.nextId('tx_metadata'), txId, label, JSON.stringify(json), cbor],
    );
  }

  async tokenMetadata(
    subject: string,
    entry: {
      name: string;
      description: string;
      ticker?: string;
      url?: string;
      logo?: string;
      decimals?: number;
    },
  ) {
    await this.sql.query(
      `INSERT INTO token_metadata (subject, name, description, ticker, url, logo, decimals) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        subject,
        entry.name,
        entry.description,
        entry.ticker ?? null,
        entry.url ?? null,
        entry.logo ?? null,
        entry.decimals ?? null,
      ],
    );
  }

  /** `hashRaw` is the reward-address bytes: header byte + 28-byte credential. */
  async stakeAddress(view: string, hashRaw: string): Promise<number> {
    const id = this.nextId('stake_address');
    await this.sql.query(
      `INSERT INTO stake_address (id, hash_raw, view, first_block_id) VALUES ($1, decode($2, 'hex'), $3, $4)`,
      [id, hashRaw, view, this.lastBlockId],
    );
    return id;
  }

  private readonly accounts = new Map<string, number>();

  /** The stake_address row of a bech32 stake address, seeded the first time it is asked for. */
  async account(view: string): Promise<number> {
    let id = this.accounts.get(view);
    if (id === undefined) {
      id = await this.stakeAddress(view, rewardAddressBech32ToHex(view)!);
      this.accounts.set(view, id);
    }
    return id;
  }

  async stakeRegistration(
    txId: number,
    stakeAddressId: number,
    deregistration: boolean,
    certIndex = 0,
  ): Promise<void> {
    await this.sql.query(
      `INSERT INTO stake_registration (id, tx_id, cert_index, stake_address_id, deregistration) VALUES ($1, $2, $3, $4, $5)`,
      [this.nextId('stake_registration'), txId, certIndex, stakeAddressId, deregistration],
    );
  }

  async delegation(txId: number, stakeAddressId: number, poolHash: string, certIndex = 0): Promise<void> {
    await this.sql.query(
      `INSERT INTO delegation (id, tx_id, cert_index, stake_address_id, pool_hash) VALUES ($1, $2, $3, $4, decode($5, 'hex'))`,
      [this.nextId('delegation'), txId, certIndex, stakeAddressId, poolHash],
    );
  }

  async voteDelegation(
    txId: number,
    stakeAddressId: number,
    drepKind: string,
    drepHash: string | null,
    certIndex = 0,
  ) {
    await this.sql.query(
      `INSERT INTO delegation_vote (id, tx_id, cert_index, stake_address_id, drep_kind, drep_hash)
       VALUES ($1, $2, $3, $4, $5, decode($6, 'hex'))`,
      [this.nextId('delegation_vote'), txId, certIndex, stakeAddressId, drepKind, drepHash],
    );
    await this.recountDRepNamings(drepKind, drepHash);
  }

  /** deposit > 0 registers, < 0 retires, null updates (db-sync convention). */
  async drepCertificate(
    txId: number,
    drepKind: string,
    drepHash: string,
    deposit: string | null,
    certIndex = 0,
    anchor: { url: string; hash: string } | null = null,
  ) {
    await this.sql.query(
      `INSERT INTO drep_registration (id, tx_id, cert_index, drep_kind, drep_hash, deposit, anchor_url, anchor_hash)
       VALUES ($1, $2, $3, $4, decode($5, 'hex'), $6, $7, decode($8, 'hex'))`,
      [
        this.nextId('drep_registration'),
        txId,
        certIndex,
        drepKind,
        drepHash,
        deposit,
        anchor?.url,
        anchor?.hash,
      ],
    );
    await this.recountDRepNamings(drepKind, drepHash);
  }

  /** The DRep's running total of the certificates naming it, as the indexer keeps it (seeds may come in any order). */
  private async recountDRepNamings(drepKind: string, drepHash: string | null): Promise<void> {
    const key = `drep_kind = $1 AND coalesce(drep_hash, ''::bytea) = coalesce(decode($2, 'hex'), ''::bytea)`;
    await this.sql.query(`DELETE FROM drep_named WHERE ${key}`, [drepKind, drepHash]);
    await this.sql.query(
      `INSERT INTO drep_named
       SELECT $1, coalesce(decode($2, 'hex'), ''::bytea), (min(ARRAY[tx_id, cert_index::int8]))[1],
         (min(ARRAY[tx_id, cert_index::int8]))[2]::int, count(*)
       FROM (SELECT drep_kind, drep_hash, tx_id, cert_index FROM drep_registration WHERE ${key}
             UNION ALL
             SELECT drep_kind, drep_hash, tx_id, cert_index FROM delegation_vote WHERE ${key}) n`,
      [drepKind, drepHash],
    );
  }

  /** A DRep in the ledger snapshot of `epoch` (its Blockfrost id, kind and hash hex; null for the predefined). */
  async drepSnapshot(epoch: number, drep: { id: string; kind: string; hash: string | null }, stake: string) {
    await this.sql.query(
      `INSERT INTO drep_snapshot (epoch, drep_id, drep_kind, drep_hash, stake, delegators)
       VALUES ($1, $2, $3, decode($4, 'hex'), $5, 0)`,
      [epoch, drep.id, drep.kind, drep.hash, stake],
    );
  }

  /** The committee in the ledger snapshot of `epoch`; quorum null when the ledger has none. */
  async committeeSnapshot(
    epoch: number,
    quorum: [number, number] | null,
    members: {
      coldKind: string;
      coldHash: string;
      status: string;
      mandateEpoch: number;
      hot: { status: string; kind?: string; hash?: string };
    }[],
  ) {
    await this.sql.query(
      `INSERT INTO committee_snapshot (epoch, quorum_numerator, quorum_denominator) VALUES ($1, $2, $3)`,
      [epoch, quorum?.[0], quorum?.[1]],
    );
    for (const member of members) {
      await this.sql.query(
        `INSERT INTO committee_member_snapshot (epoch, cold_kind, cold_hash, status, mandate_epoch, hot_status,
           hot_kind, hot_hash) VALUES ($1, $2, decode($3, 'hex'), $4, $5, $6, $7, decode($8, 'hex'))`,
        [
          epoch,
          member.coldKind,
          member.coldHash,
          member.status,
          member.mandateEpoch,
          member.hot.status,
          member.hot.kind,
          member.hot.hash,
        ],
      );
    }
  }

  /** What the indexer's anchor job stored for an anchor: the document (bytes hex, JSON) or the last failure. */
  async governanceAnchor(
    url: string,
    hash: string,
    stored: { bytes: string; json: unknown } | { errorCode: string; errorMessage: string },
  ): Promise<void> {
    const document = 'bytes' in stored ? stored : { bytes: null, json: null };
    const error = 'errorCode' in stored ? stored : { errorCode: null, errorMessage: null };
    await this.sql.query(
      `INSERT INTO governance_anchor (url, hash, bytes, json, error_code, error_message)
       VALUES ($1, decode($2, 'hex'), decode($3, 'hex'), $4, $5, $6)`,
      [url, hash, document.bytes, JSON.stringify(document.json), error.errorCode, error.errorMessage],
    );
  }

  /** The protocol parameters the indexer stores for `epoch` (only what a test needs). */
  async protocolParameters(epoch: number, params: object): Promise<void> {
    await this.sql.query(`INSERT INTO protocol_parameters (epoch, params) VALUES ($1, $2)`, [epoch, params]);
  }

  async withdrawal(txId: number, stakeAddressId: number, amount: string): Promise<void> {
    await this.sql.query(
      `INSERT INTO withdrawal (id, tx_id, stake_address_id, amount) VALUES ($1, $2, $3, $4)`,
      [this.nextId('withdrawal'), txId, stakeAddressId, amount],
    );
  }

  async mir(
    txId: number,
    stakeAddressId: number,
    pot: 'reserves' | 'treasury',
    amount: string,
    certIndex = 0,
  ): Promise<void> {
    await this.sql.query(
      `INSERT INTO mir (id, tx_id, cert_index, stake_address_id, pot, amount) VALUES ($1, $2, $3, $4, $5, $6)`,
      [this.nextId('mir'), txId, certIndex, stakeAddressId, pot, amount],
    );
  }

  async balances(
    stakeAddressId: number,
    { utxo, reward }: { utxo?: string; reward?: string },
  ): Promise<void> {
    if (utxo !== undefined) {
      await this.sql.query(`INSERT INTO stake_balance (stake_address_id, utxo_value) VALUES ($1, $2)`, [
        stakeAddressId,
        utxo,
      ]);
    }
    if (reward !== undefined) {
      await this.sql.query(`INSERT INTO reward_balance (stake_address_id, amount, slot) VALUES ($1, $2, 0)`, [
        stakeAddressId,
        reward,
      ]);
    }
  }

  /** The Shelley genesis row the indexer stores at startup. */
  async genesis(maxLovelaceSupply: string): Promise<void> {
    await this.sql.query(
      `INSERT INTO genesis (id, active_slots_coefficient, update_quorum, max_lovelace_supply, network_magic,
         epoch_length, system_start, slots_per_kes_period, slot_length_ms, max_kes_evolutions, security_param)
       VALUES (1, 0.05, 5, $1, 764824073, 432000, 1506203091, 129600, 1000, 62, 2160)`,
      [maxLovelaceSupply],
    );
  }

  /** One era from slot 0 with the genesis row's epoch and slot lengths, as the indexer stores the era history. */
  async singleEra(epochLength = 432000, slotLengthMs = 1000): Promise<void> {
    await this.sql.query(
      `INSERT INTO era_summary (index, start_time, start_slot, start_epoch, epoch_length, slot_length_ms)
       VALUES (0, 0, 0, 0, $1, $2)`,
      [epochLength, slotLengthMs],
    );
  }

  async nutlinkRegistration(txId: number, address: string, paymentCred: string | null): Promise<void> {
    const addressId = await this.address(address, paymentCred);
    await this.sql.query(
      `INSERT INTO nutlink_registration (id, tx_id, address_id, payment_cred) VALUES ($1, $2, $3, decode($4, 'hex'))`,
      [this.nextId('nutlink_registration'), txId, addressId, paymentCred],
    );
  }

  /** One row per (output to the oracle address, top-level key of the tx's label-1968 metadata). */
  async nutlinkTickers(
    txId: number,
    address: string,
    paymentCred: string | null,
    tickers: string[],
  ): Promise<void> {
    const addressId = await this.address(address, paymentCred);
    for (const ticker of tickers) {
      await this.sql.query(
        `INSERT INTO nutlink_ticker (id, tx_id, address_id, payment_cred, ticker) VALUES ($1, $2, $3, decode($4, 'hex'), $5)`,
        [this.nextId('nutlink_ticker'), txId, addressId, paymentCred, ticker],
      );
      // As the indexer keeps it (apps/indexer/src/sink/write-rows.ts), for seeds in any transaction order.
      await this.sql.query(
        `INSERT INTO nutlink_ticker_total VALUES ($1, $2, decode($3, 'hex'), 1, $4, $4)
         ON CONFLICT (address_id, ticker) DO UPDATE SET records = nutlink_ticker_total.records + 1,
           first_tx_id = least(nutlink_ticker_total.first_tx_id, $4), latest_tx_id = greatest(nutlink_ticker_total.latest_tx_id, $4)`,
        [addressId, ticker, paymentCred, txId],
      );
    }
  }

  /** The off-chain metadata the indexer's job cached for a registration's URL and hash. */
  async nutlinkMetadata(url: string, hash: string, metadata: object): Promise<void> {
    await this.sql.query(
      `INSERT INTO nutlink_metadata (url, hash, metadata, hash_matches, fetched_at) VALUES ($1, $2, $3, true, now())`,
      [url, hash, JSON.stringify(metadata)],
    );
  }

  /** A script row (reference or witness script) first seen in `txId`. */
  async script(txId: number, script: { hash: string; language: string; bytes: string }): Promise<void> {
    await this.sql.query(
      `INSERT INTO script (id, hash, language, bytes, tx_id) VALUES ($1, decode($2, 'hex'), $3, decode($4, 'hex'), $5)`,
      [this.nextId('script'), script.hash, script.language, script.bytes, txId],
    );
  }

  /** A datum row (witness or inline datum) first seen in `txId`. */
  async datum(txId: number, datum: { hash: string; bytes: string }): Promise<void> {
    await this.sql.query(
      `INSERT INTO datum (id, hash, bytes, tx_id) VALUES ($1, decode($2, 'hex'), decode($3, 'hex'), $4)`,
      [this.nextId('datum'), datum.hash, datum.bytes, txId],
    );
  }

  /** A proposal procedure of a transaction; its id. */
  async proposal(
    txId: number,
    index: number,
    fields: {
      type: string;
      deposit: string;
      returnAddressId: number;
      previous?: { txHash: string; index: number };
      /** a parameter change's protocol_param_update CBOR (hex) */
      paramUpdate?: string;
      anchor?: { url: string; hash: string };
    },
  ): Promise<number> {
    const id = this.nextId('gov_action_proposal');
    await this.sql.query(
      `INSERT INTO gov_action_proposal (id, tx_id, index, deposit, return_address_id, type, prev_tx_hash, prev_index,
         anchor_url, anchor_hash, param_update)
       VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'hex'), $8, $11, decode($9, 'hex'), decode($10, 'hex'))`,
      [
        id,
        txId,
        index,
        fields.deposit,
        fields.returnAddressId,
        fields.type,
        fields.previous?.txHash ?? null,
        fields.previous?.index ?? null,
        fields.anchor?.hash ?? '11'.repeat(32),
        fields.paramUpdate ?? null,
        fields.anchor?.url ?? 'https://example.com/p.json',
      ],
    );
    return id;
  }

  async treasuryWithdrawal(txId: number, proposalId: number, stakeAddressId: number, amount: string) {
    await this.sql.query(
      `INSERT INTO treasury_withdrawal (id, tx_id, gov_action_proposal_id, stake_address_id, amount)
       VALUES ($1, $2, $3, $4, $5)`,
      [this.nextId('treasury_withdrawal'), txId, proposalId, stakeAddressId, amount],
    );
  }

  async vote(
    txId: number,
    index: number,
    voter: { role: string; hash: string; hasScript: boolean },
    action: { txHash: string; index: number },
    vote: string,
    anchor: { url: string; hash: string } | null = null,
  ) {
    await this.sql.query(
      `INSERT INTO voting_procedure (id, tx_id, index, voter_role, voter_hash, voter_has_script, gov_action_tx_hash,
         gov_action_index, vote, anchor_url, anchor_hash)
       VALUES ($1, $2, $3, $4, decode($5, 'hex'), $6, decode($7, 'hex'), $8, $9, $10, decode($11, 'hex'))`,
      [
        this.nextId('voting_procedure'),
        txId,
        index,
        voter.role,
        voter.hash,
        voter.hasScript,
        action.txHash,
        action.index,
        vote,
        anchor?.url ?? null,
        anchor?.hash ?? null,
      ],
    );
  }

  /** A committee hot-key authorisation certificate: the cold credential names the hot one. */
  async committeeRegistration(
    txId: number,
    cold: { kind: 'key' | 'script'; hash: string },
    hot: { kind: 'key' | 'script'; hash: string },
  ): Promise<void> {
    await this.sql.query(
      `INSERT INTO committee_registration (id, tx_id, cert_index, cold_kind, cold_hash, hot_kind, hot_hash)
       VALUES ($1, $2, 0, $3, decode($4, 'hex'), $5, decode($6, 'hex'))`,
      [this.nextId('committee_registration'), txId, cold.kind, cold.hash, hot.kind, hot.hash],
    );
  }

  /** An epoch's governance snapshot: the proposals live in it with their first and last epochs. */
  async governanceSnapshot(
    epoch: number,
    live: { txHash: string; index: number; since: number; until: number }[],
  ) {
    await this.sql.query(`INSERT INTO governance_snapshot (epoch) VALUES ($1)`, [epoch]);
    for (const p of live) {
      await this.sql.query(
        `INSERT INTO governance_proposal_state (epoch, tx_hash, index, since_epoch, until_epoch)
         VALUES ($1, decode($2, 'hex'), $3, $4, $5)`,
        [epoch, p.txHash, p.index, p.since, p.until],
      );
    }
  }
}

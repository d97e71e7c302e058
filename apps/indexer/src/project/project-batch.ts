import {
  assetFingerprint,
  decodeStakeAddress,
  nutlinkTickerNames,
  poolIdFromHash,
  rewardAddressBech32ToHex,
  shelleyGenesisSlotLeader,
  stakeAddressFromCredential,
  type Credential,
  type DecodedBlock,
  type DecodedOutput,
  type DecodedTransaction,
  type OutputReference,
  type Pointer,
} from '@frostline/model';
import type { IdAllocator } from './ids.js';
import { emptyBatchRows, type BatchRows, type TxOutRow } from './rows.js';

/** An output stored before the batch, as a spend needs it. */
export interface StoredOutput {
  id: bigint;
  value: bigint;
  stakeAddressId: bigint | null;
}

/** Answers from the database for the keys a batch mentions; all ids of rows stored before the batch. */
export interface BatchLookups {
  outputs: Map<string, StoredOutput>;
  addressIds: Map<string, bigint>;
  stakeAddressIds: Map<string, bigint>;
  assetIds: Map<string, bigint>;
  /** pointer key → stake address id of the registration it points to */
  pointers: Map<string, bigint>;
  /** datum and script hashes already stored (their first-seen transaction is kept) */
  knownDatums: Set<string>;
  knownScripts: Set<string>;
}

/** What a batch needs to look up before it can be projected. */
export interface BatchKeys {
  spends: OutputReference[];
  addresses: string[];
  stakeAddresses: string[];
  assets: string[];
  pointers: Pointer[];
  datums: string[];
  scripts: string[];
}

export const outputKey = (txHash: string, index: number) => `${txHash}#${index}`;
export const pointerKey = (p: {
  slot: bigint | number;
  txIndex: bigint | number;
  certIndex: bigint | number;
}) => `${p.slot}.${p.txIndex}.${p.certIndex}`;

/** Raw reward address (header byte + credential) as stake_address.hash_raw stores it. */
export function stakeHashRaw(credential: Credential, networkId: number): string {
  const header = (credential.type === 'key' ? 0xe0 : 0xf0) | networkId;
  return header.toString(16) + credential.hash;
}

// Pointer addresses get a stake link only before Conway (db-sync insertStakeAddressRefIfMissing).
const POINTERS_RESOLVED = new Set(['shelley', 'allegra', 'mary', 'alonzo', 'babbage']);

export interface ProjectContext {
  networkId: number;
  ids: IdAllocator;
  /** pool key hashes registered so far; pools registered by the batch are added */
  registeredPools: Set<string>;
  lookups: BatchLookups;
}

function stakeCredentialsOf(tx: DecodedTransaction, networkId: number): string[] {
  const seen: string[] = [];
  for (const output of tx.outputs) {
    if (output.stake?.kind === 'credential')
      seen.push(stakeHashRaw(output.stake.credential, output.stake.networkId));
  }
  for (const cert of tx.certificates) {
    if ('credential' in cert) seen.push(stakeHashRaw(cert.credential, networkId));
    if (cert.kind === 'mir')
      for (const reward of cert.rewards) seen.push(stakeHashRaw(reward.credential, networkId));
    if (cert.kind === 'poolRegistration') {
      seen.push(cert.rewardAccount);
      for (const owner of cert.owners) seen.push(stakeHashRaw({ type: 'key', hash: owner }, networkId));
    }
  }
  for (const address of [...tx.withdrawals.map((w) => w.rewardAddress), ...tx.proposalStakeAddresses]) {
    const raw = rewardAddressBech32ToHex(address);
    if (raw) seen.push(raw);
  }
  return seen;
}

export function batchKeys(blocks: DecodedBlock[], networkId: number): BatchKeys {
  const created = new Set<string>();
  const spends: OutputReference[] = [];
  const addresses = new Set<string>();
  const stakeAddresses = new Set<string>();
  const assets = new Set<string>();
  const pointers: Pointer[] = [];
  const datums = new Set<string>();
  const scripts = new Set<string>();
  for (const block of blocks) {
    for (const tx of block.transactions) {
      for (const ref of tx.spends) if (!created.has(outputKey(ref.txHash, ref.index))) spends.push(ref);
      for (const output of tx.outputs) {
        created.add(outputKey(tx.hash, output.index));
        addresses.add(output.address);
        for (const asset of output.assets) assets.add(asset.policy + asset.name);
        if (output.stake?.kind === 'pointer' && POINTERS_RESOLVED.has(block.era))
          pointers.push(output.stake.pointer);
        if (output.referenceScript) scripts.add(output.referenceScript.hash);
      }
      for (const mint of tx.mints) assets.add(mint.policy + mint.name);
      for (const raw of stakeCredentialsOf(tx, networkId)) stakeAddresses.add(raw);
      for (const datum of tx.datums) datums.add(datum.hash);
    }
  }
  return {
    spends,
    addresses: [...addresses],
    stakeAddresses: [...stakeAddresses],
    assets: [...assets],
    pointers,
    datums: [...datums],
    scripts: [...scripts],
  };
}

/**
 * Turns decoded blocks into the rows of every table, in chain order: blocks and transactions,
 * outputs and spends, assets and metadata, accounts, nut.link. Pure apart from the id allocator
 * and the registered-pool set it is handed.
 */
export function projectBatch(blocks: DecodedBlock[], context: ProjectContext): BatchRows {
  const { ids, lookups, networkId, registeredPools } = context;
  const rows = emptyBatchRows();
  const addressIds = new Map(lookups.addressIds);
  const stakeAddressIds = new Map(lookups.stakeAddressIds);
  const assetIds = new Map(lookups.assetIds);
  const pointers = new Map(lookups.pointers);
  const knownDatums = new Set(lookups.knownDatums);
  const knownScripts = new Set(lookups.knownScripts);
  // Outputs created by this batch, so that later transactions of the batch can spend them.
  const batchOutputs = new Map<string, TxOutRow>();

  const addDelta = (stakeAddressId: bigint | null, delta: bigint) => {
    if (stakeAddressId === null) return;
    rows.stakeBalanceDeltas.set(stakeAddressId, (rows.stakeBalanceDeltas.get(stakeAddressId) ?? 0n) + delta);
  };

  const addressId = (output: DecodedOutput, blockId: bigint) => {
    let id = addressIds.get(output.address);
    if (id === undefined) {
      id = ids.take('address');
      addressIds.set(output.address, id);
      rows.addresses.push({
        id,
        address: output.address,
        paymentCred: output.paymentCredential?.hash ?? null,
        firstBlockId: blockId,
      });
    }
    return id;
  };

  const stakeAddressId = (hashRaw: string, blockId: bigint) => {
    let id = stakeAddressIds.get(hashRaw);
    if (id === undefined) {
      id = ids.take('stake_address');
      stakeAddressIds.set(hashRaw, id);
      const header = parseInt(hashRaw.slice(0, 2), 16);
      const credential: Credential = { type: header & 0x10 ? 'script' : 'key', hash: hashRaw.slice(2) };
      rows.stakeAddresses.push({
        id,
        hashRaw,
        view: stakeAddressFromCredential(credential, header & 0x0f),
        firstBlockId: blockId,
      });
    }
    return id;
  };

  const assetId = (policy: string, name: string, blockId: bigint) => {
    const unit = policy + name;
    let id = assetIds.get(unit);
    if (id === undefined) {
      id = ids.take('asset');
      assetIds.set(unit, id);
      rows.assets.push({
        id,
        policy,
        name,
        fingerprint: assetFingerprint(policy, name),
        firstBlockId: blockId,
      });
    }
    return id;
  };

  const credentialId = (credential: Credential, blockId: bigint) => {
    const hashRaw = stakeHashRaw(credential, networkId);
    rows.rewardAccounts.add(hashRaw);
    return stakeAddressId(hashRaw, blockId);
  };

  for (const block of blocks) {
    const blockId = ids.take('block');
    let outSum: bigint | null = null;
    let fees: bigint | null = null;
    // db-sync resolves the slot leader when it inserts the block, before the block's own certificates.
    const slotLeader =
      block.issuer.kind === 'praos'
        ? registeredPools.has(block.issuer.coldKeyHash)
          ? poolIdFromHash(block.issuer.coldKeyHash)
          : shelleyGenesisSlotLeader(block.issuer.coldKeyHash)
        : block.issuer.kind === 'byron'
          ? block.issuer.slotLeader
          : block.issuer.kind === 'genesis'
            ? 'Genesis slot leader'
            : 'Epoch boundary slot leader';

    block.transactions.forEach((tx, blockIndex) => {
      const txId = ids.take('tx');
      // Spends: outputs of this batch first, then those stored before it; unknown ones (the chain
      // was started mid-way) contribute nothing.
      let spentValue: bigint | null = 0n;
      for (const ref of tx.spends) {
        const key = outputKey(ref.txHash, ref.index);
        const inBatch = batchOutputs.get(key);
        if (inBatch) {
          inBatch.spentByTxId = txId;
          addDelta(inBatch.stakeAddressId, -inBatch.value);
          if (spentValue !== null) spentValue += inBatch.value;
          continue;
        }
        const stored = lookups.outputs.get(key);
        if (stored) {
          rows.spentBefore.push({ txOutId: stored.id, txId });
          addDelta(stored.stakeAddressId, -stored.value);
          if (spentValue !== null) spentValue += stored.value;
        } else {
          spentValue = null;
        }
      }

      let txOutSum = 0n;
      for (const output of tx.outputs) {
        let outputStakeId: bigint | null = null;
        if (output.stake?.kind === 'credential') {
          outputStakeId = stakeAddressId(
            stakeHashRaw(output.stake.credential, output.stake.networkId),
            blockId,
          );
        } else if (output.stake?.kind === 'pointer' && POINTERS_RESOLVED.has(block.era)) {
          outputStakeId = pointers.get(pointerKey(output.stake.pointer)) ?? null;
        }
        const row: TxOutRow = {
          id: ids.take('tx_out'),
          txId,
          index: output.index,
          addressId: addressId(output, blockId),
          paymentCred: output.paymentCredential?.hash ?? null,
          stakeAddressId: outputStakeId,
          value: output.lovelace,
          hasAssets: output.assets.length > 0,
          dataHash: output.dataHash,
          inlineDatum: output.inlineDatum,
          referenceScriptHash: output.referenceScript?.hash ?? null,
          spentByTxId: null,
        };
        rows.txOuts.push(row);
        batchOutputs.set(outputKey(tx.hash, output.index), row);
        addDelta(outputStakeId, output.lovelace);
        txOutSum += output.lovelace;
        for (const asset of output.assets) {
          rows.maTxOuts.push({
            txOutId: row.id,
            assetId: assetId(asset.policy, asset.name, blockId),
            quantity: asset.quantity,
          });
        }
        const script = output.referenceScript;
        if (script && !knownScripts.has(script.hash)) {
          knownScripts.add(script.hash);
          rows.scripts.push({
            id: ids.take('script'),
            hash: script.hash,
            language: script.language,
            bytes: script.bytes,
            txId,
          });
        }
      }
      for (const datum of tx.datums) {
        if (knownDatums.has(datum.hash)) continue;
        knownDatums.add(datum.hash);
        rows.datums.push({ id: ids.take('datum'), hash: datum.hash, bytes: datum.bytes, txId });
      }

      // Byron transactions carry no fee, nor do invalid ones without totalCollateral: inputs − outputs.
      const fee = tx.fee ?? (spentValue === null ? 0n : spentValue - txOutSum);
      rows.txs.push({ id: txId, hash: tx.hash, blockId, blockIndex, valid: tx.valid, fee, outSum: txOutSum });
      outSum = (outSum ?? 0n) + txOutSum;
      fees = (fees ?? 0n) + fee;

      projectAssets(tx, txId, blockId);
      projectAccounts(tx, txId, blockId, block.slot, blockIndex);
      projectNutlink(tx, txId, blockId);
    });

    rows.blocks.push({
      id: blockId,
      hash: block.hash,
      height: block.height,
      slot: block.slot,
      isEbb: block.isEbb,
      epoch: block.epoch,
      epochSlot: block.epochSlot,
      time: block.time,
      size: block.size,
      txCount: block.transactions.length,
      outSum,
      fees,
      slotLeader,
      blockVrf: block.issuer.kind === 'praos' ? block.issuer.vrfKey : null,
      opCert: block.issuer.kind === 'praos' ? block.issuer.opCert : null,
      opCertCounter: block.issuer.kind === 'praos' ? block.issuer.opCertCounter : null,
      previousHash: block.previousHash,
      era: block.era,
    });
  }
  return rows;

  function projectAssets(tx: DecodedTransaction, txId: bigint, blockId: bigint) {
    for (const mint of tx.mints) {
      rows.assetMints.push({
        id: ids.take('asset_mint'),
        assetId: assetId(mint.policy, mint.name, blockId),
        txId,
        quantity: mint.quantity,
      });
    }
    for (const metadatum of tx.metadata) {
      rows.metadata.push({
        id: ids.take('tx_metadata'),
        txId,
        label: metadatum.label,
        json: metadatum.json === null ? null : JSON.stringify(metadatum.json),
        bytes: metadatumMapCbor(metadatum.label, metadatum.cbor),
      });
    }
  }

  function projectAccounts(
    tx: DecodedTransaction,
    txId: bigint,
    blockId: bigint,
    slot: number,
    blockIndex: number,
  ) {
    for (const cert of tx.certificates) {
      const certIndex = cert.index;
      switch (cert.kind) {
        case 'stakeRegistration':
        case 'stakeDeregistration': {
          const id = credentialId(cert.credential, blockId);
          const deregistration = cert.kind === 'stakeDeregistration';
          rows.stakeRegistrations.push({
            id: ids.take('stake_registration'),
            txId,
            certIndex,
            stakeAddressId: id,
            deregistration,
          });
          if (!deregistration) pointers.set(pointerKey({ slot, txIndex: blockIndex, certIndex }), id);
          break;
        }
        case 'stakeDelegation':
          rows.delegations.push({
            id: ids.take('delegation'),
            txId,
            certIndex,
            stakeAddressId: credentialId(cert.credential, blockId),
            poolHash: cert.poolHash,
          });
          break;
        case 'voteDelegation':
          rows.voteDelegations.push({
            id: ids.take('delegation_vote'),
            txId,
            certIndex,
            stakeAddressId: credentialId(cert.credential, blockId),
            drepKind: cert.drep.kind,
            drepHash: 'hash' in cert.drep ? cert.drep.hash : null,
          });
          break;
        case 'drepRegistration':
        case 'drepRetirement':
        case 'drepUpdate':
          rows.drepRegistrations.push({
            id: ids.take('drep_registration'),
            txId,
            certIndex,
            drepKind: cert.drep.type,
            drepHash: cert.drep.hash,
            // db-sync convention: deposit > 0 registration, < 0 retirement, null update
            deposit:
              cert.kind === 'drepRegistration'
                ? cert.deposit
                : cert.kind === 'drepRetirement'
                  ? -cert.deposit
                  : null,
          });
          break;
        case 'poolRegistration':
          rows.poolRegistrations.push({
            id: ids.take('pool_registration'),
            txId,
            certIndex,
            poolHash: cert.poolHash,
          });
          registeredPools.add(cert.poolHash);
          stakeAddressId(cert.rewardAccount, blockId);
          for (const owner of cert.owners) credentialId({ type: 'key', hash: owner }, blockId);
          break;
        case 'mir':
          for (const reward of cert.rewards) {
            rows.mirs.push({
              id: ids.take('mir'),
              txId,
              certIndex,
              stakeAddressId: credentialId(reward.credential, blockId),
              pot: cert.pot,
              amount: reward.amount,
            });
          }
          break;
      }
    }
    for (const withdrawal of tx.withdrawals) {
      const raw = rewardAddressBech32ToHex(withdrawal.rewardAddress);
      if (!raw) continue;
      rows.rewardAccounts.add(raw);
      rows.withdrawals.push({
        id: ids.take('withdrawal'),
        txId,
        stakeAddressId: stakeAddressId(raw, blockId),
        amount: withdrawal.amount,
      });
    }
    for (const address of tx.proposalStakeAddresses) {
      if (decodeStakeAddress(address)) stakeAddressId(rewardAddressBech32ToHex(address)!, blockId);
    }
  }

  function projectNutlink(tx: DecodedTransaction, txId: bigint, blockId: bigint) {
    for (const metadatum of tx.metadata) {
      if (metadatum.label === '1967') {
        for (const output of tx.outputs) {
          rows.nutlinkRegistrations.push({
            id: ids.take('nutlink_registration'),
            txId,
            addressId: addressId(output, blockId),
            paymentCred: output.paymentCredential?.hash ?? null,
          });
        }
      }
      if (metadatum.label === '1968') {
        const tickers = nutlinkTickerNames(metadatum.json);
        // Blockfrost answers 500 for an oracle whose 1968 value is not a map; we index the maps only.
        if (tickers.kind !== 'tickers') continue;
        // One row per output to the address and per ticker: a tx paying the oracle twice counts twice.
        for (const output of tx.outputs) {
          for (const ticker of tickers.names) {
            rows.nutlinkTickers.push({
              id: ids.take('nutlink_ticker'),
              txId,
              addressId: addressId(output, blockId),
              paymentCred: output.paymentCredential?.hash ?? null,
              ticker,
            });
          }
        }
      }
    }
  }
}

/** db-sync keeps the CBOR of the single-key map {label: value}; the value's CBOR is spliced in as is. */
export function metadatumMapCbor(label: string, valueCbor: string): string {
  return `a1${cborUnsigned(BigInt(label))}${valueCbor}`;
}

// Hand-written because the value bytes must be kept verbatim, which an encoder would not do.
function cborUnsigned(n: bigint): string {
  if (n < 24n) return n.toString(16).padStart(2, '0');
  if (n < 0x100n) return `18${n.toString(16).padStart(2, '0')}`;
  if (n < 0x10000n) return `19${n.toString(16).padStart(4, '0')}`;
  if (n < 0x100000000n) return `1a${n.toString(16).padStart(8, '0')}`;
  return `1b${n.toString(16).padStart(16, '0')}`;
}

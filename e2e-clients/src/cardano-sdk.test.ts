import {
  BlockfrostAssetProvider,
  BlockfrostChainHistoryProvider,
  BlockfrostClient,
  BlockfrostDRepProvider,
  BlockfrostNetworkInfoProvider,
  BlockfrostRewardAccountInfoProvider,
  BlockfrostRewardsProvider,
  BlockfrostTxSubmitProvider,
  BlockfrostUtxoProvider,
  stakePoolHttpProvider,
} from '@cardano-sdk/cardano-services-client';
import {
  Cardano,
  ProviderError,
  ProviderFailure,
  Serialization,
  TxSubmissionError,
  TxSubmissionErrorCode,
  type SubmitTxArgs,
} from '@cardano-sdk/core';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { cip68MintOutputs, NFT_NAME } from './support/cip68.js';
import {
  bigNum,
  cslWallet,
  hashOf,
  lovelace,
  owned,
  demoPoolRegistration,
  SCRIPT,
  SCRIPT_UNITS,
  type Owned,
  type ProtocolParameters,
} from './support/csl-transactions.js';
import { DEMO_WALLETS, startStack, type Stack } from './support/stack.js';

// The Blockfrost providers of the cardano-js-sdk (the SDK behind the Lace wallet), unmodified, as a light
// wallet uses them: it reads through them and submits through them. It builds and signs with CSL, as the
// SDK's own builder needs a key agent this test has no use for. The wallet is a base address whose
// payment and stake credentials are one key, so its reward account finds its outputs.
const key = CSL.PrivateKey.from_bech32(DEMO_WALLETS[2].signingKey);
const wallet = cslWallet(key);
const baseAddress = CSL.BaseAddress.new(0, wallet.stakeCredential, wallet.stakeCredential).to_address();
const address = Cardano.PaymentAddress(baseAddress.to_bech32());
const rewardAccount = Cardano.RewardAccount(wallet.stakeAddress);
/** The demo wallet's pool, which the wallet registers and delegates to: the live devnet forges its blocks. */
const pool = DEMO_WALLETS[2].pool;
/**
 * What the wallet moves to its base address and so delegates: most of its funds, so that its pool makes a good
 * share of the blocks beside the genesis pools and earns rewards within the test.
 */
const STAKED = 9_000_000_000_000n;

/** Logs only what the providers report as errors, which the assertions then explain. */
const logger = { debug: () => {}, trace: () => {}, info: () => {}, warn: () => {}, error: () => {} };
/** The hex of a signed transaction, as submitTx takes it. */
const serialized = (hex: string) => hex as SubmitTxArgs['signedTransaction'];
const memoryCache = <T>() => {
  const entries = new Map<string, T>();
  return {
    get: async (id: string) => entries.get(id),
    set: async (id: string, value: T) => void entries.set(id, value),
  };
};

let stack: Stack;
let networkInfo: BlockfrostNetworkInfoProvider;
let utxos: BlockfrostUtxoProvider;
let utxosByCredentials: BlockfrostUtxoProvider;
let history: BlockfrostChainHistoryProvider;
let rewards: BlockfrostRewardsProvider;
let assets: BlockfrostAssetProvider;
let submit: BlockfrostTxSubmitProvider;
let dReps: BlockfrostDRepProvider;
let rewardAccountInfo: BlockfrostRewardAccountInfoProvider;

beforeAll(async () => {
  stack = await startStack();
  const client = new BlockfrostClient(
    { baseUrl: stack.url, projectId: stack.projectId },
    { rateLimiter: { schedule: (task) => task() } },
  );
  networkInfo = new BlockfrostNetworkInfoProvider(client, logger);
  utxos = new BlockfrostUtxoProvider({ client, cache: memoryCache(), logger });
  utxosByCredentials = new BlockfrostUtxoProvider(
    { queryUtxosByCredentials: true },
    { client, cache: memoryCache(), logger },
  );
  history = new BlockfrostChainHistoryProvider({
    cache: memoryCache(),
    client,
    networkInfoProvider: networkInfo,
    logger,
  });
  rewards = new BlockfrostRewardsProvider(client, logger);
  assets = new BlockfrostAssetProvider(client, logger);
  submit = new BlockfrostTxSubmitProvider(client, logger);
  dReps = new BlockfrostDRepProvider(client, logger);
  // The SDK has no Blockfrost StakePoolProvider: its one is the HTTP client of its own cardano-services,
  // pointed here at the API, which does not serve those paths (docs/clients.md).
  const stakePoolProvider = stakePoolHttpProvider({ baseUrl: stack.url, logger });
  rewardAccountInfo = new BlockfrostRewardAccountInfoProvider({
    client,
    logger,
    stakePoolProvider,
    dRepProvider: dReps,
  });
}, 120_000);

afterAll(() => stack?.stop());

const parameters = (): Promise<ProtocolParameters> => stack.get('/epochs/latest/parameters');

/** The wallet's lovelace-only outputs at its base address, read through the SDK. */
async function walletInputs(): Promise<Owned[]> {
  const held = await utxos.utxoByAddresses({ addresses: [address] });
  return held
    .filter(([, output]) => !output.value.assets?.size)
    .map(([input, output]) => ({
      input: CSL.TransactionInput.new(CSL.TransactionHash.from_hex(input.txId), input.index),
      lovelace: output.value.coins.toString(),
    }));
}

/** Submits through the SDK and waits until its chain history finds the transaction. */
async function submitted(transaction: CSL.Transaction): Promise<Cardano.TransactionId> {
  await submit.submitTx({ signedTransaction: serialized(transaction.to_hex()) });
  const id = Cardano.TransactionId(hashOf(transaction).to_hex());
  while (!(await history.transactionsByHashes({ ids: [id] }).catch(() => undefined)))
    await new Promise((resolve) => setTimeout(resolve, 200));
  return id;
}

/** Spends `input` to the wallet's base address with the given fee, ttl and lovelace missing or extra. */
function rawPayment(input: Owned, { ttl, imbalance = 0n }: { ttl?: number; imbalance?: bigint }): string {
  const fee = 300_000n;
  const inputs = CSL.TransactionInputs.new();
  inputs.add(input.input);
  const outputs = CSL.TransactionOutputs.new();
  outputs.add(CSL.TransactionOutput.new(baseAddress, lovelace(BigInt(input.lovelace) - fee + imbalance)));
  const body = CSL.TransactionBody.new_tx_body(inputs, outputs, bigNum(fee));
  if (ttl !== undefined) body.set_ttl(bigNum(ttl));
  const witnesses = CSL.TransactionWitnessSet.new();
  const vkeys = CSL.Vkeywitnesses.new();
  vkeys.add(
    CSL.make_vkey_witness(CSL.FixedTransaction.new_from_body_bytes(body.to_bytes()).transaction_hash(), key),
  );
  witnesses.set_vkeys(vkeys);
  return CSL.Transaction.new(body, witnesses).to_hex();
}

/** The SDK's error for a submission the API refused. */
async function submissionError(signedTransaction: string): Promise<ProviderError> {
  const error = await submit.submitTx({ signedTransaction: serialized(signedTransaction) }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const confirmed: Cardano.TransactionId[] = [];

describe('@cardano-sdk/cardano-services-client Blockfrost providers', () => {
  it('NetworkInfo: tip, protocol parameters, genesis, eras, supply and stake as the API answers them', async () => {
    // The chain starts empty: until the devnet forges its first block, the tip is the genesis pseudo-block,
    // which has no height.
    let tip = await stack.get('/blocks/latest');
    while (tip.height === null) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      tip = await stack.get('/blocks/latest');
    }
    const [latest, genesis, network, eras] = await Promise.all(
      ['/epochs/latest/parameters', '/genesis', '/network', '/network/eras'].map(stack.get),
    );
    const ledgerTip = await networkInfo.ledgerTip();
    expect(ledgerTip.blockNo).toBeGreaterThanOrEqual(tip.height);
    expect(await networkInfo.protocolParameters()).toMatchObject({
      minFeeCoefficient: latest.min_fee_a,
      minFeeConstant: latest.min_fee_b,
      maxTxSize: latest.max_tx_size,
      stakeKeyDeposit: Number(latest.key_deposit),
    });
    expect(await networkInfo.genesisParameters()).toMatchObject({
      networkMagic: genesis.network_magic,
      securityParameter: genesis.security_param,
      epochLength: genesis.epoch_length,
    });
    expect((await networkInfo.eraSummaries()).length).toBe(eras.length);
    expect(await networkInfo.lovelaceSupply()).toEqual({
      circulating: BigInt(network.supply.circulating),
      total: BigInt(network.supply.total),
    });
    expect(await networkInfo.stake()).toEqual({
      active: BigInt(network.stake.active),
      live: BigInt(network.stake.live),
    });
  });

  it('submitTx: a payment to the wallet’s base address is confirmed, and utxoByAddresses finds it', async () => {
    const funding = await stack.get(`/addresses/${wallet.bech32}/utxos`);
    const transaction = wallet.build(await parameters(), {
      inputs: owned(funding),
      outputs: [CSL.TransactionOutput.new(baseAddress, lovelace(STAKED))],
    });
    const id = await submitted(transaction);
    confirmed.push(id);
    expect(await utxos.utxoByAddresses({ addresses: [address] })).toEqual([
      [
        expect.objectContaining({ txId: id, index: 0, address }),
        expect.objectContaining({ address, value: { coins: STAKED } }),
      ],
    ]);
  });

  it('registers the reward account and delegates it to its pool; rewardAccountBalance reads it', async () => {
    const current = await parameters();
    const registration = demoPoolRegistration(wallet, pool, current);
    confirmed.push(
      await submitted(
        wallet.build(current, {
          inputs: await walletInputs(),
          change: baseAddress,
          certificates: [
            registration.certificate,
            CSL.Certificate.new_stake_registration(CSL.StakeRegistration.new(wallet.stakeCredential)),
            CSL.Certificate.new_stake_delegation(
              CSL.StakeDelegation.new(wallet.stakeCredential, registration.operator),
            ),
          ],
          signers: [registration.signer],
        }),
      ),
    );
    const account = await stack.get(`/accounts/${wallet.stakeAddress}`);
    expect(account).toMatchObject({ pool_id: pool.id });
    expect(await rewards.rewardAccountBalance({ rewardAccount })).toBe(BigInt(account.withdrawable_amount));
  });

  const drepId = Cardano.DRepID(CSL.DRep.new_key_hash(wallet.stakeCredential.to_keyhash()!).to_bech32(true));
  const portfolio = {
    name: 'frostline',
    pools: [{ id: wallet.stakeCredential.to_keyhash()!.to_hex(), weight: 1 }],
  };
  let drepEpoch: number;
  let portfolioTx: Cardano.TransactionId;
  /** A reward account no certificate names. */
  const never = Cardano.RewardAccount(
    CSL.RewardAddress.new(0, CSL.Credential.from_keyhash(CSL.Ed25519KeyHash.from_hex('ee'.repeat(28))))
      .to_address()
      .to_bech32(),
  );

  it('registers a DRep, delegates the vote to it, and delegates again with a CIP-17 portfolio', async () => {
    const current = await parameters();
    const operator = wallet.stakeCredential.to_keyhash()!;
    const poolKeyHash = CSL.Ed25519KeyHash.from_bech32(pool.id);
    const metadata = CSL.GeneralTransactionMetadata.new();
    metadata.insert(bigNum(6862), CSL.encode_json_str_to_metadatum(JSON.stringify(portfolio), 1));
    const id = await submitted(
      wallet.build(current, {
        inputs: await walletInputs(),
        change: baseAddress,
        metadata,
        certificates: [
          CSL.Certificate.new_drep_registration(
            CSL.DRepRegistration.new(wallet.stakeCredential, bigNum(current.drep_deposit!)),
          ),
          CSL.Certificate.new_vote_delegation(
            CSL.VoteDelegation.new(wallet.stakeCredential, CSL.DRep.new_key_hash(operator)),
          ),
          CSL.Certificate.new_stake_delegation(CSL.StakeDelegation.new(wallet.stakeCredential, poolKeyHash)),
        ],
      }),
    );
    confirmed.push(id);
    portfolioTx = id;
    const tx = await stack.get(`/txs/${id}`);
    drepEpoch = (await stack.get(`/blocks/${tx.block}`)).epoch;
    expect(await stack.get(`/accounts/${wallet.stakeAddress}`)).toMatchObject({ drep_id: drepId });
  });

  it('getDRepInfo and getDRepsInfo: the registered DRep, active from its registration’s epoch, with the wallet’s stake as its voting power', async () => {
    // Its voting power is the ledger's from the epoch boundary after the delegation on; the wallet
    // submits nothing meanwhile, so it is what the wallet controls.
    let info = await dReps.getDRepInfo({ id: drepId });
    while (info.amount === 0n) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      info = await dReps.getDRepInfo({ id: drepId });
    }
    const { controlled_amount } = await stack.get(`/accounts/${wallet.stakeAddress}`);
    expect(info).toEqual({
      id: drepId,
      active: true,
      activeEpoch: drepEpoch,
      amount: BigInt(controlled_amount),
      hasScript: false,
    });
    expect(await dReps.getDRepsInfo({ ids: [drepId] })).toEqual([info]);
    const unknown = Cardano.DRepID(
      CSL.DRep.new_key_hash(CSL.Ed25519KeyHash.from_hex('ff'.repeat(28))).to_bech32(true),
    );
    await expect(dReps.getDRepsInfo({ ids: [drepId, unknown] })).rejects.toMatchObject({
      reason: ProviderFailure.NotFound,
    });
  }, 240_000);

  it('delegationPortfolio: null, though the newest delegation carries a CIP-17 portfolio (docs/clients.md)', async () => {
    const [newest] = await stack.get(`/accounts/${wallet.stakeAddress}/delegations?order=desc`);
    expect(newest.tx_hash).toBe(portfolioTx);
    const [{ label, metadata }] = await stack.get(`/txs/${portfolioTx}/metadata/cbor`);
    expect(label).toBe('6862');
    // Blockfrost's `metadata` is the CBOR of the label's entry, {6862: portfolio}, as db-sync stores it;
    // the SDK reads it as the portfolio itself, finds no pools in it and answers null.
    const entry = Serialization.TransactionMetadatum.fromCbor(
      metadata as Parameters<typeof Serialization.TransactionMetadatum.fromCbor>[0],
    ).toCore() as Map<bigint, Cardano.Metadatum>;
    expect(Cardano.cip17FromMetadatum(entry.get(6862n)!)).toEqual(portfolio);
    expect(await rewardAccountInfo.delegationPortfolio(rewardAccount)).toBeNull();
    expect(await rewardAccountInfo.delegationPortfolio(never)).toBeNull();
  });

  it('rewardAccountInfo: an account never registered; a delegated one needs a StakePoolProvider Blockfrost has not', async () => {
    expect(await rewardAccountInfo.rewardAccountInfo(never, Cardano.EpochNo(drepEpoch))).toEqual({
      address: never,
      credentialStatus: Cardano.StakeCredentialStatus.Unregistered,
      dRepDelegatee: undefined,
      delegatee: undefined,
      deposit: 0n,
      rewardBalance: 0n,
    });
    // The wallet's pool delegation is looked up with the StakePoolProvider, which asks the API for
    // cardano-services' /stake-pool/search.
    const failed = rewardAccountInfo.rewardAccountInfo(rewardAccount, Cardano.EpochNo(drepEpoch));
    await expect(failed).rejects.toBeInstanceOf(ProviderError);
    await expect(failed).rejects.toMatchObject({ reason: ProviderFailure.Unknown });
  });

  it('mints an NFT; getAsset and getAssets read it with its CIP-68 metadata', async () => {
    const { reference, user, outputs } = cip68MintOutputs(baseAddress);
    const [collateral, ...inputs] = await walletInputs();
    const mint = wallet.build(await parameters(), {
      inputs: inputs.length ? inputs : [collateral],
      outputs,
      change: baseAddress,
      script: { mints: [reference, user], collateral, exUnits: SCRIPT_UNITS },
    });
    confirmed.push(await submitted(mint));
    const assetId = Cardano.AssetId(SCRIPT.hash().to_hex() + user);
    const asset = await assets.getAsset({ assetId, extraData: { nftMetadata: true } });
    expect(asset).toMatchObject({ assetId, quantity: 1n, supply: 1n, fingerprint: expect.any(String) });
    expect(asset.nftMetadata?.name).toBe(NFT_NAME);
    expect(await assets.getAssets({ assetIds: [assetId] })).toEqual([expect.objectContaining({ assetId })]);
  });

  it('utxoByAddresses by credentials: every output of the wallet’s payment credential, at either address', async () => {
    const references = (list: { txId: string; index: number }[]) =>
      list.map(({ txId, index }) => `${txId}#${index}`).sort();
    const atBase = await utxos.utxoByAddresses({ addresses: [address] });
    const atEnterprise: { tx_hash: string; output_index: number }[] = await stack.get(
      `/addresses/${wallet.bech32}/utxos`,
    );
    expect(atBase.length).toBeGreaterThan(0);
    expect(atEnterprise.length).toBeGreaterThan(0);
    const byCredentials = await utxosByCredentials.utxoByAddresses({ addresses: [address] });
    expect(references(byCredentials.map(([input]) => input))).toEqual(
      references([
        ...atBase.map(([input]) => input),
        ...atEnterprise.map((utxo) => ({ txId: utxo.tx_hash, index: utxo.output_index })),
      ]),
    );
  });

  it('transactionsByAddresses paged one at a time finds every transaction, transactionsByHashes each', async () => {
    const found: Cardano.TransactionId[] = [];
    for (let startAt = 0; ; startAt += 1) {
      const page = await history.transactionsByAddresses({
        addresses: [address],
        pagination: { startAt, limit: 1 },
      });
      expect(page.totalResultCount).toBeGreaterThanOrEqual(page.pageResults.length);
      if (page.pageResults.length === 0) break;
      found.push(...page.pageResults.map((tx) => tx.id));
    }
    expect(found).toEqual(confirmed);
    const transactions = await history.transactionsByHashes({ ids: found });
    expect(transactions.map((tx) => tx.id)).toEqual(found);
    // The SDK takes a block in its epoch's first slot (`epoch_slot` 0) for one it cannot read: asked for
    // alone, such a block is its "Queried unsupported block"; the others it reads (docs/clients.md).
    const hashes = transactions.map((tx) => tx.blockHeader.hash);
    const epochSlots = await Promise.all(
      hashes.map(async (hash) => ((await stack.get(`/blocks/${hash}`)) as { epoch_slot: number }).epoch_slot),
    );
    const readable = hashes.filter((_, i) => epochSlots[i] !== 0);
    const blocks = await history.blocksByHashes({ ids: readable });
    expect(blocks.map((block) => block.header.hash)).toEqual(readable);
    for (const hash of hashes.filter((_, i) => epochSlots[i] === 0))
      await expect(history.blocksByHashes({ ids: [hash] })).rejects.toThrow('Queried unsupported block');
  });

  it('submitTx: an expired transaction is the SDK’s OutsideOfValidityInterval error', async () => {
    const [input] = await walletInputs();
    const error = await submissionError(rawPayment(input!, { ttl: 1 }));
    expect(error.reason).toBe(ProviderFailure.BadRequest);
    expect(error.innerError).toBeInstanceOf(TxSubmissionError);
    expect((error.innerError as TxSubmissionError).code).toBe(
      TxSubmissionErrorCode.OutsideOfValidityInterval,
    );
  });

  it('submitTx: an unbalanced transaction is the SDK’s ValueNotConserved error with both sides', async () => {
    const [input] = await walletInputs();
    const error = await submissionError(rawPayment(input!, { imbalance: 1n }));
    expect(error.innerError).toBeInstanceOf(TxSubmissionError);
    const typed = error.innerError as TxSubmissionError;
    expect(typed.code).toBe(TxSubmissionErrorCode.ValueNotConserved);
    expect(typed.data).toEqual({
      consumed: { coins: BigInt(input!.lovelace) },
      produced: { coins: BigInt(input!.lovelace) + 1n },
    });
  });

  it('submitTx: bytes that are no transaction are a BadRequest ProviderError', async () => {
    const error = await submissionError('deadbeef');
    expect(error.reason).toBe(ProviderFailure.BadRequest);
    expect(error.innerError).not.toBeInstanceOf(TxSubmissionError);
  });

  // Last, so that the epochs its rewards take pass while the tests above run.
  it('rewardsHistory: the leader rewards the boundaries paid for the blocks of the wallet’s pool', async () => {
    type RewardRow = { epoch: number; amount: string; pool_id: string; type: string };
    // Rewards for an epoch's blocks are paid at the start of the second epoch after it, and the pool's first
    // blocks are in the second epoch after its registration. The wallet owns the pool, so every reward is the
    // leader's; none is withdrawn, so once the boundary's rows are written they add up to the ledger's balance.
    const read = async () => {
      const rows: RewardRow[] = await stack.get(`/accounts/${wallet.stakeAddress}/rewards`);
      const { withdrawable_amount } = await stack.get(`/accounts/${wallet.stakeAddress}`);
      return {
        rows,
        paid: rows.reduce((sum, row) => sum + BigInt(row.amount), 0n),
        balance: BigInt(withdrawable_amount),
      };
    };
    let state = await read();
    for (let tries = 0; tries < 500 && (state.rows.length === 0 || state.paid !== state.balance); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      state = await read();
    }
    expect(state.rows.length).toBeGreaterThan(0);
    expect(state.paid).toBe(state.balance);
    expect(state.rows.every(({ type, pool_id }) => type === 'leader' && pool_id === pool.id)).toBe(true);
    expect((await stack.get(`/pools/${pool.id}/blocks`)).length).toBeGreaterThan(0);

    const history = (await rewards.rewardsHistory({ rewardAccounts: [rewardAccount] })).get(rewardAccount);
    expect(history).toEqual(
      state.rows.map(({ epoch, amount }) => ({
        epoch: Cardano.EpochNo(epoch),
        rewards: BigInt(amount),
        poolId: pool.id,
      })),
    );
    const [first] = history!;
    const epochs = { lowerBound: first!.epoch, upperBound: first!.epoch };
    expect(
      (await rewards.rewardsHistory({ rewardAccounts: [rewardAccount], epochs })).get(rewardAccount),
    ).toEqual([first]);
  }, 300_000);
});

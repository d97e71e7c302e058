import { BlockFrostAPI } from '@blockfrost/blockfrost-js';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import { cip68MintOutputs, expectCip68Asset } from './support/cip68.js';
import {
  bigNum,
  CERTIFIED_METADATA,
  certifiedSpec,
  cslWallet,
  hashOf,
  lovelace,
  owned,
  ownPoolRegistration,
  SCRIPT,
  scriptAddress,
  type Owned,
  type ScriptRun,
  type ProtocolParameters,
  type Spec,
} from './support/csl-transactions.js';
import { DEMO_WALLET_LOVELACE, DEMO_WALLETS, startStack, type Stack } from './support/stack.js';

// blockfrost-js wraps endpoints and has no wallet, builder or await: transactions are built and signed
// with CSL (support/csl-transactions.ts) from what it reads, and confirmation is polled.
const wallet = cslWallet(CSL.PrivateKey.from_bech32(DEMO_WALLETS[1].signingKey));

let stack: Stack;
let api: BlockFrostAPI;

beforeAll(async () => {
  stack = await startStack();
  api = new BlockFrostAPI({ projectId: stack.projectId, customBackend: stack.url });
}, 120_000);

afterAll(() => stack?.stop());

type AdditionalUtxos = Parameters<BlockFrostAPI['utilsTxsEvaluateUtxos']>[1];

/** The wallet's lovelace-only UTxOs (the NFT it mints stays where it is). */
const walletInputs = async () =>
  owned((await api.addressesUtxosAll(wallet.bech32)).filter((utxo) => utxo.amount.length === 1));

/** blockfrost-js has no await: its users poll txs(hash), which answers 404 until the block is indexed. */
async function awaitTx(hash: string): Promise<void> {
  while (!(await api.txs(hash).catch(() => undefined)))
    await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * Builds with no units, has the API evaluate that draft (utilsTxsEvaluateUtxos, with `additional`
 * UTxOs), and builds again with the budget it answered for the one redeemer.
 */
async function buildEvaluated(
  parameters: ProtocolParameters,
  spec: Omit<Spec, 'script'> & { script: ScriptRun },
  additional: AdditionalUtxos = [],
): Promise<CSL.Transaction> {
  const unevaluated = { ...spec.script, exUnits: CSL.ExUnits.new(bigNum(0), bigNum(0)) };
  const draft = wallet.build(parameters, { ...spec, script: unevaluated });
  // blockfrost-js types the answer as untyped JSON: it is Ogmios v5's envelope.
  const answer = (await api.utilsTxsEvaluateUtxos(draft.to_hex(), additional)) as unknown as {
    result: { EvaluationResult: Record<string, { memory: number; steps: number }> };
  };
  const [{ memory, steps }] = Object.values(answer.result.EvaluationResult);
  const exUnits = CSL.ExUnits.new(bigNum(memory), bigNum(steps));
  return wallet.build(parameters, { ...spec, script: { ...spec.script, exUnits } });
}

/** The ledger's script fee of a budget: the execution prices (decimals, exact as ratios) times it, rounded up. */
function scriptFee(mem: bigint, steps: bigint, parameters: ProtocolParameters): bigint {
  const ratio = (price: number) => {
    const [whole, fraction = ''] = String(price).split('.');
    return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
  };
  const m = ratio(Number(parameters.price_mem));
  const s = ratio(Number(parameters.price_step));
  const denominator = m.denominator * s.denominator;
  const numerator = mem * m.numerator * s.denominator + steps * s.numerator * m.denominator;
  return (numerator + denominator - 1n) / denominator;
}

/** `amount` lovelace at the script with an inline integer datum. */
function lockedOutput(datum: number, amount: bigint): CSL.TransactionOutput {
  const output = CSL.TransactionOutput.new(scriptAddress, lovelace(amount));
  output.set_plutus_data(CSL.PlutusData.new_integer(CSL.BigInt.from_str(String(datum))));
  return output;
}

describe('@blockfrost/blockfrost-js', () => {
  it('reads the wallet’s UTxOs and the protocol parameters', async () => {
    expect(await api.addressesUtxosAll(wallet.bech32)).toEqual([
      expect.objectContaining({
        address: DEMO_WALLETS[1].signingKeyAddress,
        amount: [{ unit: 'lovelace', quantity: DEMO_WALLET_LOVELACE.toString() }],
      }),
    ]);
    expect(await api.epochsLatestParameters()).toEqual(await stack.get('/epochs/latest/parameters'));
  });

  it('submits a payment built with CSL from what it read and awaits it (polling txs)', async () => {
    const recipient = cslWallet(CSL.PrivateKey.from_normal_bytes(Buffer.alloc(32, 6)));
    const transaction = wallet.build(await api.epochsLatestParameters(), {
      inputs: await walletInputs(),
      outputs: [CSL.TransactionOutput.new(recipient.address, lovelace(7_000_000n))],
    });
    const hash = await api.txSubmit(transaction.to_bytes());
    expect(hash).toBe(hashOf(transaction).to_hex());
    await awaitTx(hash);
    expect(await api.addressesUtxosAll(recipient.bech32)).toEqual([
      expect.objectContaining({ tx_hash: hash, amount: [{ unit: 'lovelace', quantity: '7000000' }] }),
    ]);
  });

  // A pool whose operator, owner and reward account are the wallet's key (its one signature witnesses
  // all), then a transaction with metadata, requiring that key's signature, that registers it as a stake
  // credential and delegates it to the pool; each txs… method reads the second back.
  let certified: { hash: string; poolId: string; epoch: number };
  let registered: { hash: string; epoch: number; minPoolCost: string; keyDeposit: string };

  it('submits a transaction with metadata, a required signer, a stake registration and a delegation, and awaits it', async () => {
    const parameters = await api.epochsLatestParameters();
    const { certificate, poolId } = ownPoolRegistration(wallet, parameters);
    const registration = wallet.build(parameters, {
      inputs: await walletInputs(),
      certificates: [certificate],
    });
    const registrationHash = await api.txSubmit(registration.to_bytes());
    await awaitTx(registrationHash);
    registered = {
      hash: registrationHash,
      epoch: (await api.txs(registrationHash).then((tx) => api.blocks(tx.block))).epoch!,
      minPoolCost: parameters.min_pool_cost,
      keyDeposit: parameters.key_deposit,
    };

    const transaction = wallet.build(parameters, { inputs: await walletInputs(), ...certifiedSpec(wallet) });
    const hash = await api.txSubmit(transaction.to_bytes());
    await awaitTx(hash);
    const { epoch } = await api.txs(hash).then((tx) => api.blocks(tx.block));
    certified = { hash, poolId, epoch: epoch! };
  });

  it('txsMetadata: each label as JSON', async () => {
    expect(await api.txsMetadata(certified.hash)).toEqual([
      { label: '674', json_metadata: CERTIFIED_METADATA },
    ]);
  });

  it('txsStakes: the registration', async () => {
    expect(await api.txsStakes(certified.hash)).toEqual([
      { cert_index: 0, address: wallet.stakeAddress, registration: true },
    ]);
  });

  it('txsDelegations: the delegation, active two epochs after its block', async () => {
    const [delegation, ...more] = await api.txsDelegations(certified.hash);
    expect(more).toEqual([]);
    expect(delegation).toEqual({
      index: 1,
      cert_index: 1,
      address: wallet.stakeAddress,
      pool_id: certified.poolId,
      active_epoch: certified.epoch + 2,
    });
  });

  it('txsWithdrawals: none', async () => {
    expect(await api.txsWithdrawals(certified.hash)).toEqual([]);
  });

  it('txsMirs: none (Conway has no MIR certificates)', async () => {
    expect(await api.txsMirs(certified.hash)).toEqual([]);
  });

  it('txsRequiredSigners: the key hash the body requires', async () => {
    expect(await api.txsRequiredSigners(certified.hash)).toEqual([
      { witness_hash: wallet.stakeCredential.to_keyhash()!.to_hex() },
    ]);
  });

  it('txsPoolUpdates: the pool registration with its parameters, active two epochs after its block', async () => {
    expect(await api.txsPoolUpdates(registered.hash)).toEqual([
      {
        cert_index: 0,
        pool_id: certified.poolId,
        vrf_key: '07'.repeat(32),
        pledge: '0',
        margin_cost: 0.01,
        fixed_cost: registered.minPoolCost,
        reward_account: wallet.stakeAddress,
        owners: [wallet.stakeAddress],
        metadata: { url: null, hash: null, ticker: null, name: null, description: null, homepage: null },
        relays: [],
        active_epoch: registered.epoch + 2,
      },
    ]);
  });

  /** The transaction columns every account history row shows. */
  const txColumns = async (hash: string) => {
    const tx = await api.txs(hash);
    return { tx_hash: hash, tx_slot: tx.slot, block_height: tx.block_height, block_time: tx.block_time };
  };

  it('accountsRegistrations and accountsRegistrationsAll: the registration, with the key deposit', async () => {
    const want = [
      { ...(await txColumns(certified.hash)), action: 'registered', deposit: registered.keyDeposit },
    ];
    expect(await api.accountsRegistrations(wallet.stakeAddress)).toEqual(want);
    expect(await api.accountsRegistrationsAll(wallet.stakeAddress)).toEqual(want);
  });

  it('accountsDelegations and accountsDelegationsAll: the delegation, with its transaction’s output sum', async () => {
    const tx = await api.txs(certified.hash);
    const want = [
      {
        ...(await txColumns(certified.hash)),
        active_epoch: certified.epoch + 2,
        amount: tx.output_amount.find((a) => a.unit === 'lovelace')!.quantity,
        pool_id: certified.poolId,
      },
    ];
    expect(await api.accountsDelegations(wallet.stakeAddress)).toEqual(want);
    expect(await api.accountsDelegationsAll(wallet.stakeAddress)).toEqual(want);
  });

  it('accountsWithdrawals(All) and accountsMirs(All): none', async () => {
    expect(await api.accountsWithdrawals(wallet.stakeAddress)).toEqual([]);
    expect(await api.accountsWithdrawalsAll(wallet.stakeAddress)).toEqual([]);
    expect(await api.accountsMirs(wallet.stakeAddress)).toEqual([]);
    expect(await api.accountsMirsAll(wallet.stakeAddress)).toEqual([]);
  });

  it('accountsAddresses(All), accountsUtxos(All) and addresses: an output to the base address of the wallet’s keys', async () => {
    // The wallet pays from its enterprise address; the base address carries its stake key.
    const base = CSL.BaseAddress.new(0, wallet.stakeCredential, wallet.stakeCredential).to_address();
    const output = CSL.TransactionOutput.new(base, lovelace(5_000_000n));
    const payment = wallet.build(await api.epochsLatestParameters(), {
      inputs: await walletInputs(),
      outputs: [output],
    });
    await awaitTx(await api.txSubmit(payment.to_bytes()));
    const address = base.to_bech32();
    expect(await api.accountsAddresses(wallet.stakeAddress)).toEqual([{ address }]);
    expect(await api.accountsAddressesAll(wallet.stakeAddress)).toEqual([{ address }]);
    const utxos = await api.addressesUtxosAll(address);
    expect(utxos.map((utxo) => [utxo.tx_hash, utxo.amount])).toEqual([
      [hashOf(payment).to_hex(), [{ unit: 'lovelace', quantity: '5000000' }]],
    ]);
    expect(await api.accountsUtxos(wallet.stakeAddress)).toEqual(utxos);
    expect(await api.accountsUtxosAll(wallet.stakeAddress)).toEqual(utxos);
    expect(await api.addresses(address)).toEqual({
      address,
      amount: [{ unit: 'lovelace', quantity: '5000000' }],
      stake_address: wallet.stakeAddress,
      type: 'shelley',
      script: false,
    });
  });

  let locked: Owned;
  it('pays to a Plutus script address with an inline datum, submits and awaits it', async () => {
    const transaction = wallet.build(await api.epochsLatestParameters(), {
      inputs: await walletInputs(),
      outputs: [lockedOutput(42, 10_000_000n)],
    });
    const hash = await api.txSubmit(transaction.to_bytes());
    await awaitTx(hash);
    const [utxo] = await api.addressesUtxosAll(scriptAddress.to_bech32());
    expect(utxo).toMatchObject({ tx_hash: hash, output_index: 0, inline_datum: '182a' });
    [locked] = owned([utxo]);
  });

  let spend: CSL.Transaction;
  it('spends it with a redeemer whose units the API evaluated (utilsTxsEvaluateUtxos)', async () => {
    const [collateral, ...inputs] = await walletInputs();
    spend = await buildEvaluated(await api.epochsLatestParameters(), {
      inputs,
      script: { spends: locked, collateral },
    });
    await awaitTx(await api.txSubmit(spend.to_bytes()));
    await expect(api.addressesUtxosAll(scriptAddress.to_bech32())).resolves.toEqual([]);
  });

  it('mints a CIP-68 222 NFT with its 100 reference token; assetsById reads the datum’s metadata', async () => {
    const { reference, user, outputs } = cip68MintOutputs(wallet.address);
    const [collateral, ...inputs] = await walletInputs();
    const mint = await buildEvaluated(await api.epochsLatestParameters(), {
      inputs,
      outputs,
      script: { mints: [reference, user], collateral },
    });
    const hash = await api.txSubmit(mint.to_bytes());
    await awaitTx(hash);
    const unit = SCRIPT.hash().to_hex() + user;
    expect(await api.assetsById(unit)).toEqual(await stack.get(`/assets/${unit}`));
    await expectCip68Asset(stack, unit, hash);
    // addressesExtended: the NFT, with its on-chain metadata found, beside the wallet's lovelace.
    const { amount } = await api.addressesExtended(wallet.bech32);
    expect(amount[0]).toEqual({
      unit: 'lovelace',
      quantity: expect.any(String),
      decimals: 6,
      has_nft_onchain_metadata: false,
    });
    expect(amount.find((a) => a.unit === unit)).toEqual({
      unit,
      quantity: '1',
      decimals: null,
      has_nft_onchain_metadata: true,
    });
    mintTx = mint;
  });

  let mintTx: CSL.Transaction;
  it('txsRedeemers and scriptsRedeemers: the spend and the mint as the indexer decoded them, fee from the prices', async () => {
    const parameters = await api.epochsLatestParameters();
    const scriptHash = SCRIPT.hash().to_hex();
    // As /scripts/{script_hash}/redeemers gives it; /txs/{hash}/redeemers adds script_hash and no tx_hash.
    const expected = (transaction: CSL.Transaction, purpose: string) => {
      const redeemer = transaction.witness_set().redeemers()!.get(0);
      const [mem, steps] = [redeemer.ex_units().mem(), redeemer.ex_units().steps()].map((n) =>
        BigInt(n.to_str()),
      );
      const dataHash = CSL.hash_plutus_data(redeemer.data()).to_hex();
      return {
        tx_hash: hashOf(transaction).to_hex(),
        tx_index: Number(redeemer.index().to_str()),
        purpose,
        redeemer_data_hash: dataHash,
        datum_hash: dataHash,
        unit_mem: String(mem),
        unit_steps: String(steps),
        fee: String(scriptFee(mem, steps, parameters)),
      };
    };
    const spent = expected(spend, 'spend');
    const minted = expected(mintTx, 'mint');
    for (const { tx_hash, ...redeemer } of [spent, minted]) {
      expect(await api.txsRedeemers(tx_hash)).toEqual([{ ...redeemer, script_hash: scriptHash }]);
    }
    expect(await api.scriptsRedeemers(scriptHash)).toEqual([spent, minted]);
  });

  it('spends the unconfirmed script output of a first transaction, evaluated with it as an additional UTxO', async () => {
    const parameters = await api.epochsLatestParameters();
    const first = wallet.build(parameters, {
      inputs: await walletInputs(),
      outputs: [lockedOutput(7, 5_000_000n)],
    });
    const firstHash = hashOf(first).to_hex();
    // Its script output (0) and its change (1), unconfirmed: evaluate learns them as Ogmios v5
    // additional UTxOs, exactly as blockfrost-js passes them on.
    const outputs = [0, 1].map((index) => first.body().outputs().get(index));
    const additional: AdditionalUtxos = outputs.map((output, index) => [
      { txId: firstHash, index },
      {
        address: output.address().to_bech32(),
        value: { coins: Number(output.amount().coin().to_str()) },
        ...(output.plutus_data() && { datum: output.plutus_data()!.to_hex() }),
      },
    ]);
    const [spends, change] = outputs.map((output, index) => ({
      input: CSL.TransactionInput.new(hashOf(first), index),
      lovelace: output.amount().coin().to_str(),
    }));
    const second = await buildEvaluated(
      parameters,
      { inputs: [change], script: { spends, collateral: change } },
      additional,
    );
    expect(await api.txSubmit(first.to_bytes())).toBe(firstHash);
    await awaitTx(await api.txSubmit(second.to_bytes()));
  });
});

describe('@blockfrost/blockfrost-js: the block paths, after the transactions above', () => {
  /** A block holding one of the wallet's transactions, and that transaction. */
  let block: Awaited<ReturnType<BlockFrostAPI['blocks']>>;
  let txHash: string;

  beforeAll(async () => {
    const [utxo] = await api.addressesUtxosAll(wallet.bech32);
    txHash = utxo.tx_hash;
    block = await api.blocks(utxo.block);
  });

  it('blocksTxs and blocksTxsAll list the block’s transactions', async () => {
    const txs = await api.blocksTxs(block.hash);
    expect(txs).toContain(txHash);
    expect(txs).toEqual(await stack.get(`/blocks/${block.hash}/txs`));
    expect(txs).toHaveLength(block.tx_count);
    expect(await api.blocksTxsAll(block.height!, { batchSize: 1 })).toEqual(txs);
  });

  it('blocksTxsCbor and blocksTxsCborAll give each transaction with its CBOR', async () => {
    const txs = await api.blocksTxsCbor(block.hash, { order: 'desc' });
    expect(txs.map((tx) => tx.tx_hash)).toEqual((await api.blocksTxs(block.hash)).reverse());
    for (const tx of txs) expect(tx.cbor).toBe((await api.txsCbor(tx.tx_hash)).cbor);
    expect(await api.blocksTxsCborAll(block.hash, { order: 'desc' })).toEqual(txs);
  });

  it('blocksAddresses and blocksAddressesAll name the wallet with its transaction', async () => {
    const addresses = await api.blocksAddresses(block.hash);
    expect(addresses).toContainEqual({
      address: wallet.bech32,
      transactions: expect.arrayContaining([{ tx_hash: txHash }]),
    });
    expect(addresses).toEqual(await stack.get(`/blocks/${block.hash}/addresses`));
    expect(await api.blocksAddressesAll(block.hash, { batchSize: 1 })).toEqual(addresses);
  });

  it('blocksNext and blocksPrevious step from one block to its neighbours', async () => {
    const [previous] = await api.blocksPrevious(block.hash, { count: 1 });
    expect(previous.hash).toBe(block.previous_block);
    const [next] = await api.blocksNext(previous.hash, { count: 1 });
    expect(next.hash).toBe(block.hash);
    const [beforePrevious] = await api.blocksPrevious(block.height!, { count: 1, page: 2 });
    expect(beforePrevious.hash).toBe(previous.previous_block);
  });

  it('blocksLatestTxs, blocksLatestTxsAll and blocksLatestTxsCbor list the newest block’s transactions', async () => {
    // The devnet keeps forging: compare only answers given while the newest block stayed the same.
    let compared = false;
    for (let attempt = 0; attempt < 20 && !compared; attempt++) {
      const before = await api.blocksLatest();
      const [txs, all, cbor] = await Promise.all([
        api.blocksLatestTxs(),
        api.blocksLatestTxsAll(),
        api.blocksLatestTxsCbor(),
      ]);
      if ((await api.blocksLatest()).hash !== before.hash) continue;
      expect(txs).toEqual(await api.blocksTxs(before.hash));
      expect(all).toEqual(txs);
      expect(cbor).toEqual(await api.blocksTxsCbor(before.hash));
      compared = true;
    }
    expect(compared).toBe(true);
  });

  it('blocksBySlot finds the block by its slot', async () => {
    const bySlot = await api.blocksBySlot(block.slot!);
    expect([bySlot.hash, bySlot.height]).toEqual([block.hash, block.height]);
  });

  it('root and healthClock answer Blockfrost’s banner and the server’s time', async () => {
    expect(await api.root()).toEqual({ url: 'https://blockfrost.io/', version: expect.any(String) });
    const before = Date.now();
    const { server_time } = await api.healthClock();
    expect(server_time).toBeGreaterThanOrEqual(before);
    expect(server_time).toBeLessThanOrEqual(Date.now());
  });
});

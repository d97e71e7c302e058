import { BlockFrostAPI } from '@blockfrost/blockfrost-js';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Browser, Page } from 'puppeteer-core';
import { freePort } from '../../scripts/lib/services.mjs';
import {
  accessibilityViolations,
  follow,
  expectPage,
  launchBrowser,
  PAGE_WAIT_MS,
  screenshot,
  waitForField,
  waitForText,
} from './support/browser.js';
import { cip68MintOutputs, NFT_NAME } from './support/cip68.js';
import {
  CERTIFIED_METADATA,
  certifiedSpec,
  cslWallet,
  hashOf,
  lovelace,
  owned,
  ownPoolRegistration,
  SCRIPT,
  SCRIPT_UNITS,
} from './support/csl-transactions.js';
import { DEMO_WALLETS, startStack, type Stack } from './support/stack.js';

// The explorer (apps/explorer) in Debian's headless Chromium, served by the API of a live devnet stack,
// used as a person does: reading the home page, following links, searching. A demo wallet submits
// transactions with blockfrost-js and CSL, and the test waits on the page to show them.

const wallet = cslWallet(CSL.PrivateKey.from_bech32(DEMO_WALLETS[1].signingKey));
/** A base address (payment and stake key): its page links its stake account. */
const PAID = DEMO_WALLETS[0].mnemonicAddress;
/** More than the always-succeeding script uses: no evaluation needed, the fee pays for these units. */
/** Each test waits on the page several times, each wait bounded by PAGE_WAIT_MS. */
const TEST_MS = PAGE_WAIT_MS * 8;

/** Whole ADA as the explorer shows an amount: grouped by thousands, then ₳. */
const shownAda = (lovelace: string) => `${(BigInt(lovelace) / 1_000_000n).toLocaleString('en-US')} ₳`;

let stack: Stack;
let api: BlockFrostAPI;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  api = new BlockFrostAPI({ projectId: stack.projectId, customBackend: stack.url });
  page = await browser.newPage();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function expectAccessible(): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** Home, then the transaction's link in the latest transactions once its block is indexed. */
async function openFromHome(hash: string, screenshotName?: string): Promise<void> {
  await page.goto(stack.explorerUrl);
  const link = `::-p-aria([name="${hash}"][role="link"])`;
  await page.waitForSelector(link, { timeout: PAGE_WAIT_MS });
  if (screenshotName) await screenshot(page, screenshotName);
  await follow(page, hash);
  await expectPage(page, 'Transaction', hash);
}

/** Searches from the box by keyboard, as a person does. */
async function search(query: string): Promise<void> {
  await page.click('#search', { count: 3 });
  await page.keyboard.press('Backspace');
  await page.keyboard.type(query);
  await page.keyboard.press('Enter');
}

// Filled as the tests go: each id the search test looks for.
const ids: Record<string, string> = {};

describe('the explorer in a browser', () => {
  it(
    'shows the tip, the latest blocks, the supply and the demo wallets on its home page',
    async () => {
      await page.goto(stack.explorerUrl);
      await waitForText(page, 'Latest blocks');
      await waitForText(page, 'Maximum supply');
      await waitForText(page, DEMO_WALLETS[0].name);
      await page.waitForSelector(`::-p-aria([name="${PAID}"][role="link"])`);
      await waitForText(page, '10,000,000 ₳');
      await screenshot(page, 'home');
      await expectAccessible();
    },
    TEST_MS,
  );

  it(
    'shows a payment on the home page once indexed; its page links its addresses and the stake account',
    async () => {
      const parameters = await api.epochsLatestParameters();
      const payment = wallet.build(parameters, {
        inputs: owned(await api.addressesUtxosAll(wallet.bech32)),
        outputs: [
          CSL.TransactionOutput.new(CSL.Address.from_bech32(PAID), lovelace(5_000_000n)),
          // kept apart as the collateral of the next test's mint
          CSL.TransactionOutput.new(wallet.address, lovelace(20_000_000n)),
        ],
      });
      const hash = await api.txSubmit(payment.to_bytes());
      expect(hash).toBe(hashOf(payment).to_hex());
      await openFromHome(hash);
      await waitForText(page, 'Outputs (3)');
      ids.tx = hash;

      await follow(page, PAID);
      await expectPage(page, 'Address', PAID);
      await waitForText(page, '5 ₳');
      await screenshot(page, 'address');
      await expectAccessible();

      const stakeLink = await page.waitForSelector('a[href^="#/account/"]', { timeout: PAGE_WAIT_MS });
      const stake = await stakeLink!.evaluate((link) => link.textContent ?? '');
      ids.stake = stake;
      await follow(page, stake);
      await expectPage(page, 'Stake account', stake);
      await waitForText(page, 'Controlled amount');
      await screenshot(page, 'stake-account');
      await expectAccessible();
    },
    TEST_MS,
  );

  it(
    'shows a CIP-68 mint with its datum, redeemer count and asset, and links to the asset, script, datum and block',
    async () => {
      const utxos = owned(await api.addressesUtxosAll(wallet.bech32));
      const collateral = utxos.find((utxo) => utxo.lovelace === '20000000')!;
      const { reference, user, outputs } = cip68MintOutputs(wallet.address);
      const mint = wallet.build(await api.epochsLatestParameters(), {
        inputs: utxos.filter((utxo) => utxo !== collateral),
        outputs,
        script: { mints: [reference, user], collateral, exUnits: SCRIPT_UNITS },
      });
      const hash = await api.txSubmit(mint.to_bytes());
      await openFromHome(hash, 'home');
      await waitForText(page, '"constructor"');
      await waitForText(page, 'Collateral (1)');
      await waitForText(page, 'Minted and burnt');
      await screenshot(page, 'transaction');
      await expectAccessible();

      const unit = SCRIPT.hash().to_hex() + user;
      await (await page.waitForSelector(`a[title="${unit}"]`))!.click();
      await expectPage(page, 'Asset', unit);
      await waitForText(page, 'CIP68v1');
      await waitForText(page, NFT_NAME);
      await screenshot(page, 'asset');
      await expectAccessible();
      ids.asset = unit;

      const policy = SCRIPT.hash().to_hex();
      await follow(page, policy);
      await expectPage(page, 'Policy', policy);
      await screenshot(page, 'policy');
      await expectAccessible();

      await follow(page, policy);
      await expectPage(page, 'Script', policy);
      await waitForText(page, 'plutusV3');
      await screenshot(page, 'script');
      await expectAccessible();
      ids.script = policy;

      for (let back = 0; back < 3; back++) await page.goBack();
      const datumLink = await page.waitForSelector('a[href^="#/datum/"]', { timeout: PAGE_WAIT_MS });
      const datum = await datumLink!.evaluate((link) => link.textContent ?? '');
      await follow(page, datum);
      await expectPage(page, 'Datum', datum);
      await waitForText(page, '"fields"');
      await screenshot(page, 'datum');
      await expectAccessible();
      ids.datum = datum;

      await page.goBack();
      const block = (await api.txs(hash)).block;
      await follow(page, block);
      await expectPage(page, 'Block', block);
      await waitForText(page, 'Confirmations');
      // the block lists its transactions, the mint among them
      await page.waitForSelector(`ol.txs ::-p-aria([name="${hash}"][role="link"])`, {
        timeout: PAGE_WAIT_MS,
      });
      await screenshot(page, 'block');
      await expectAccessible();
      ids.block = block;
      ids.height = String((await api.txs(hash)).block_height);

      await follow(page, '← Previous block');
      await expectPage(page, 'Block', (await api.blocks(block)).previous_block!);
    },
    TEST_MS,
  );

  it(
    'shows a pool registration, then a delegation with its stake registration, required signer and metadata',
    async () => {
      const parameters = await api.epochsLatestParameters();
      const lovelaceOnly = async () =>
        owned((await api.addressesUtxosAll(wallet.bech32)).filter((utxo) => utxo.amount.length === 1));
      const { certificate, poolId } = ownPoolRegistration(wallet, parameters);
      const registration = wallet.build(parameters, {
        inputs: await lovelaceOnly(),
        certificates: [certificate],
      });
      const registrationHash = await api.txSubmit(registration.to_bytes());
      await openFromHome(registrationHash);
      await waitForField(page, 'Pool certificates', '1');
      await waitForField(page, 'Deposit', shownAda(parameters.pool_deposit));

      // its change, indexed now that the page showed the transaction, pays for the next one
      const certified = wallet.build(parameters, { inputs: await lovelaceOnly(), ...certifiedSpec(wallet) });
      const hash = await api.txSubmit(certified.to_bytes());
      await openFromHome(hash);
      await waitForField(page, 'Deposit', shownAda(parameters.key_deposit));
      await waitForText(page, 'Stake registrations');
      await waitForText(page, poolId);
      await waitForText(page, 'Required signers');
      await waitForText(page, wallet.stakeCredential.to_keyhash()!.to_hex());
      await waitForText(page, 'Label 674');
      await waitForText(page, `"${CERTIFIED_METADATA.msg[0]}"`);
      await screenshot(page, 'delegation');
      await expectAccessible();

      await follow(page, wallet.stakeAddress);
      await expectPage(page, 'Stake account', wallet.stakeAddress);
      await waitForField(page, 'Registered', 'yes');
    },
    TEST_MS,
  );

  it(
    'finds every kind of id from the search box, and says "not found" for one that is not on chain',
    async () => {
      const keyHash = CSL.PrivateKey.from_bech32(DEMO_WALLETS[1].signingKey).to_public().hash();
      const searches: [string, string][] = [
        [ids.height, 'Block'],
        [ids.block, 'Block'],
        [ids.tx, 'Transaction'],
        [ids.datum, 'Datum'],
        [ids.script, 'Script'],
        [ids.asset, 'Asset'],
        [PAID, 'Address'],
        [keyHash.to_bech32('addr_vkh'), 'Address'],
        [ids.stake, 'Stake account'],
      ];
      await page.goto(stack.explorerUrl);
      // the keyboard reaches the search box from the top of the page
      for (let presses = 0; presses < 5; presses++) {
        if (await page.evaluate(() => document.activeElement?.id === 'search')) break;
        await page.keyboard.press('Tab');
      }
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
      for (const [query, kind] of searches) {
        await search(query);
        await expectPage(page, kind, query);
      }
      await search('ab'.repeat(32));
      await waitForText(page, 'Not found: no transaction, block or datum has the hash');
      await screenshot(page, 'not-found');
      await expectAccessible();
    },
    TEST_MS,
  );

  it(
    'says the API cannot be reached, rather than showing a blank page, when it is down',
    async () => {
      const down = `http://127.0.0.1:${await freePort()}/api/v0`;
      await page.goto(`${stack.explorerUrl.split('?')[0]}?api=${encodeURIComponent(down)}&project_id=none`);
      await waitForText(page, `Cannot reach the API at ${down}`);
      await screenshot(page, 'api-down');
      await expectAccessible();
    },
    TEST_MS,
  );
});

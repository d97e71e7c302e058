import { BlockFrostAPI } from '@blockfrost/blockfrost-js';
import CSL from '@emurgo/cardano-serialization-lib-nodejs';
import type { Browser, Page } from 'puppeteer-core';
import { freePort } from '../../scripts/lib/services.mjs';
import {
  accessibilityViolations,
  follow,
  followByKeyboard,
  expectPage,
  launchBrowser,
  PAGE_WAIT_MS,
  screenshot,
  waitForField,
  waitForRow,
  waitForSectionText,
  waitForText,
} from './support/browser.js';
import { cip68MintOutputs, NFT_NAME } from './support/cip68.js';
import {
  CERTIFIED_METADATA,
  certifiedSpec,
  cslWallet,
  drepSpec,
  drepYes,
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
/** A CIP-129 DRep id no certificate names. */
const UNKNOWN_DREP = CSL.DRep.new_key_hash(CSL.Ed25519KeyHash.from_hex('ff'.repeat(28))).to_bech32(true);
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

/** Sets the rows per page of a list on the settings page, by keyboard: 1 pages through a short history. */
async function setPageSize(rows: number): Promise<void> {
  await follow(page, 'Settings');
  // The link changes the route at once; the settings form renders after it.
  await page.waitForSelector('#page-size', { timeout: PAGE_WAIT_MS });
  await page.click('#page-size', { count: 3 });
  await page.keyboard.type(String(rows));
  await page.keyboard.press('Enter');
  await waitForText(page, 'Saved.');
}

/** Pages on in the list titled `section` (or `section (count)`) with its Next button. */
async function nextPage(section: string): Promise<void> {
  const next = await page.waitForSelector(
    `nav[aria-label^="${section}"][aria-label$=" pages"] button:last-of-type`,
    {
      timeout: PAGE_WAIT_MS,
    },
  );
  await next!.click();
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
      // the tip's epoch links its page
      await page.waitForSelector('section[aria-label="Tip"] a[href^="#/epoch/"]', { timeout: PAGE_WAIT_MS });
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

      const height = String((await api.txs(hash)).block_height);
      await follow(page, PAID);
      await expectPage(page, 'Address', PAID);
      await waitForRow(page, 'Unspent outputs', [`${hash}#0`, '5 ₳']);
      await waitForRow(page, 'Transactions', [hash, height]);
      // before it, the genesis funds the demo wallet: the only other transaction
      await waitForRow(page, 'Transactions', ['genesis']);
      await screenshot(page, 'address');
      await expectAccessible();

      const stakeLink = await page.waitForSelector('a[href^="#/account/"]', { timeout: PAGE_WAIT_MS });
      const stake = await stakeLink!.evaluate((link) => link.textContent ?? '');
      ids.stake = stake;
      await follow(page, stake);
      await expectPage(page, 'Stake account', stake);
      await waitForText(page, 'Controlled amount');
      await waitForRow(page, 'Addresses', [PAID]);
      await waitForRow(page, 'Unspent outputs', [`${hash}#0`, '5 ₳', PAID]);
      await waitForRow(page, 'Transactions', [hash, height]);
      await waitForSectionText(page, 'Delegations', 'This account never delegated.');
      await waitForSectionText(page, 'Registrations', 'This account was never registered.');
      // the rewards path (the staking issue's) where this API serves it; else no section, as for any path
      if (
        await stack.get(`/accounts/${stake}/rewards`).then(
          () => true,
          () => false,
        )
      )
        await waitForSectionText(page, 'Rewards', 'This account has earned no rewards.');
      else expect(await page.$('section[aria-label="Rewards"]')).toBeNull();
      await waitForSectionText(page, 'Withdrawals', 'Nothing was withdrawn from this account.');
      await screenshot(page, 'stake-account');
      await expectAccessible();

      // one row a page: the payment first (newest first), the genesis funds on the next page, then no more
      await setPageSize(1);
      await page.goBack();
      await page.goBack();
      await expectPage(page, 'Address', PAID);
      await waitForRow(page, 'Transactions', [hash]);
      await nextPage('Transactions');
      await waitForText(page, 'Page 2');
      await waitForRow(page, 'Transactions', ['genesis']);
      expect(
        await page.$eval('section[aria-label="Transactions"]', (list) => list.textContent),
      ).not.toContain(hash);
      await nextPage('Transactions');
      await waitForSectionText(page, 'Transactions', 'No more rows: the previous page was the last.');
      // the stake account's two unspent outputs, one a page: the payment's on one of them
      await follow(page, stake);
      await expectPage(page, 'Stake account', stake);
      const utxos = 'section[aria-label="Unspent outputs"] ol.utxos > li';
      const utxoRows = () => page.$$eval(utxos, (rows) => rows.map((row) => row.textContent));
      await waitForRow(page, 'Unspent outputs', [PAID]);
      const first = await utxoRows();
      await nextPage('Unspent outputs');
      await waitForSectionText(page, 'Unspent outputs', 'Page 2');
      // "Page 2" shows before its rows replace page 1's: wait for the row to change.
      await page.waitForFunction(
        (selector, shown) => {
          const rows = [...document.querySelectorAll(selector)];
          return rows.length > 0 && rows[0]!.textContent !== shown;
        },
        { timeout: PAGE_WAIT_MS },
        utxos,
        first[0],
      );
      const second = await utxoRows();
      expect([first.length, second.length]).toEqual([1, 1]);
      expect([...first, ...second].filter((row) => row?.includes(`${hash}#0`))).toHaveLength(1);
      await setPageSize(20);
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
      await waitForRow(page, 'Holders', [wallet.bech32, '1']);
      await waitForRow(page, 'Mints and burns', [hash, 'minted', '1']);
      await waitForRow(page, 'Transactions', [hash, String((await api.txs(hash)).block_height)]);
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
      const operatorHex = wallet.stakeCredential.to_keyhash()!.to_hex();
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
      await waitForRow(page, 'Delegations', [poolId, hash]);
      await waitForRow(page, 'Registrations', ['registered', shownAda(parameters.key_deposit), hash]);

      await page.click(`section[aria-label="Delegations"] a[href="#/pool/${poolId}"]`);
      await expectPage(page, 'Pool', poolId);
      await waitForRow(page, 'Registrations and retirements', [registrationHash, 'registered']);
      await waitForSectionText(page, 'Relays', "The pool's registration names no relays.");
      await waitForSectionText(page, 'Blocks made', 'This pool has made no block.');
      // the pool's figures and metadata where this API serves their paths, "not available" where not
      const details = await stack.get(`/pools/${poolId}`).catch(() => null);
      await (details === null
        ? waitForSectionText(
            page,
            'Stake and pledge',
            `Not available: this API does not answer /pools/${poolId}.`,
          )
        : waitForField(page, 'Declared pledge', shownAda(details.declared_pledge)));
      const metadata = await stack.get(`/pools/${poolId}/metadata`).catch(() => null);
      await waitForSectionText(
        page,
        'Metadata',
        metadata === null
          ? `Not available: this API does not answer /pools/${poolId}/metadata.`
          : "The pool's registration names no metadata.",
      );
      await expectAccessible();
      ids.pool = poolId;
      ids.poolHex = operatorHex;
    },
    TEST_MS,
  );

  it(
    'shows an epoch from its block, its blocks page by page and its neighbours; the pools and a block’s slot leader',
    async () => {
      const epoch = String((await api.blocks(ids.block)).epoch);
      await page.goto(`${stack.explorerUrl}#/block/${ids.block}`);
      await (await page.waitForSelector(`a[href="#/epoch/${epoch}"]`, { timeout: PAGE_WAIT_MS }))!.click();
      await expectPage(page, 'Epoch', epoch);
      await waitForText(page, 'Protocol parameters');
      await screenshot(page, 'epoch');
      await expectAccessible();
      ids.epoch = epoch;

      // its first two blocks, one a page (the chain forges on: a second block comes)
      let blocks: string[] = [];
      while (blocks.length < 2) blocks = await stack.get(`/epochs/${epoch}/blocks?count=2`);
      await setPageSize(1);
      await page.goBack();
      await expectPage(page, 'Epoch', epoch);
      await waitForRow(page, 'Blocks', [blocks[0]]);
      await nextPage('Blocks');
      await waitForRow(page, 'Blocks', [blocks[1]]);
      await setPageSize(20);

      const [previous] = await stack.get(`/epochs/${epoch}/previous?count=1`);
      await page.goBack();
      await expectPage(page, 'Epoch', epoch);
      if (previous) {
        await followByKeyboard(page, `← Epoch ${previous.epoch}`);
        await expectPage(page, 'Epoch', String(previous.epoch));
        await waitForText(page, `Epoch ${epoch} →`);
      } else await waitForText(page, 'The first epoch');

      await followByKeyboard(page, 'Pools');
      await expectPage(page, 'Pools', '');
      await waitForRow(page, 'Registered pools', [ids.pool]);
      await waitForSectionText(page, 'Retired', 'No pool has retired.');
      await screenshot(page, 'pools');
      await expectAccessible();

      // the block's maker, where it is a registered pool, links its page, which lists the block
      const leader = (await api.blocks(ids.block)).slot_leader;
      expect(leader).toMatch(/^pool1/);
      await page.goto(`${stack.explorerUrl}#/block/${ids.block}`);
      await (await page.waitForSelector(`a[href="#/pool/${leader}"]`, { timeout: PAGE_WAIT_MS }))!.click();
      await expectPage(page, 'Pool', leader);
      await page.waitForSelector('section[aria-label="Blocks made"] li a[href^="#/block/"]', {
        timeout: PAGE_WAIT_MS,
      });
      // the pool's newest recorded epoch, once a boundary the indexer followed has recorded one
      const history: { epoch: number; blocks: number }[] = await stack
        .get(`/pools/${leader}/history?order=desc`)
        .catch(() => []);
      if (history.length > 0)
        await waitForRow(page, 'History by epoch', [String(history[0]!.epoch), String(history[0]!.blocks)]);
      await expectAccessible();
    },
    TEST_MS,
  );

  it(
    'lists no DRep before one registers, then shows a DRep with its delegator, certificate and vote, and the proposal it and a pool voted on, whose page lists its vote',
    async () => {
      await page.goto(`${stack.explorerUrl}#/drep/${UNKNOWN_DREP}`);
      await expectPage(page, 'DRep', UNKNOWN_DREP);
      await waitForText(page, `Not found: DRep ${UNKNOWN_DREP} is not on chain`).catch(async (e) => {
        console.log('DEBUG', await page.evaluate(() => document.querySelector('main')?.textContent));
        throw e;
      });
      await expectAccessible();
      await followByKeyboard(page, 'Governance');
      await expectPage(page, 'Governance', '');
      await waitForSectionText(page, 'DReps', 'No DRep is registered.');
      await waitForSectionText(page, 'Proposals', 'No governance action has been proposed.');
      await expectAccessible();

      const parameters = await api.epochsLatestParameters();
      const lovelaceOnly = async () =>
        owned((await api.addressesUtxosAll(wallet.bech32)).filter((utxo) => utxo.amount.length === 1));
      const registration = wallet.build(parameters, {
        inputs: await lovelaceOnly(),
        ...drepSpec(wallet, parameters),
      });
      const proposed = await api.txSubmit(registration.to_bytes());
      await openFromHome(proposed);
      const keyHash = wallet.stakeCredential.to_keyhash()!.to_hex();
      // its CIP-129 id, as the API names DReps
      const drepId = CSL.DRep.new_key_hash(CSL.Ed25519KeyHash.from_hex(keyHash)).to_bech32(true);
      // the transaction's one proposal is its first
      const proposal = `${proposed}/0`;
      // the DRep votes yes, and so does the wallet's pool (its operator is the same key)
      const votes = drepYes(wallet, proposed, 0);
      votes.add(
        CSL.Voter.new_stake_pool_key_hash(wallet.stakeCredential.to_keyhash()!),
        CSL.GovernanceActionId.new(CSL.TransactionHash.from_hex(proposed), 0),
        CSL.VotingProcedure.new(CSL.VoteKind.Yes),
      );
      const vote = wallet.build(parameters, { inputs: await lovelaceOnly(), votes });
      const voted = await api.txSubmit(vote.to_bytes());
      await openFromHome(voted);

      await followByKeyboard(page, 'Governance');
      await waitForRow(page, 'DReps', [drepId, 'registered']);
      await waitForRow(page, 'Proposals', [proposal, 'info action']);
      await screenshot(page, 'governance');
      await expectAccessible();

      await follow(page, drepId);
      await expectPage(page, 'DRep', drepId);
      // the hex of a CIP-129 id: its header byte, then the key hash
      await waitForText(page, keyHash);
      await waitForField(page, 'Retired', 'no');
      await waitForRow(page, 'Delegators', [wallet.stakeAddress]);
      await waitForRow(page, 'Certificates', [proposed, 'registered', shownAda(parameters.drep_deposit!)]);
      await waitForRow(page, 'Votes', [proposal, 'yes', voted]);
      await screenshot(page, 'drep');
      await expectAccessible();

      await follow(page, proposal);
      await expectPage(page, 'Proposal', proposal);
      await waitForField(page, 'Type', 'info action');
      await waitForField(page, 'Deposit', shownAda(parameters.gov_action_deposit!));
      await waitForField(page, 'Deposit returns to', wallet.stakeAddress);
      await waitForRow(page, 'Votes', [drepId, 'drep', 'yes', voted]);
      await waitForRow(page, 'Votes', [ids.pool, 'spo', 'yes', voted]);
      await screenshot(page, 'proposal');
      await expectAccessible();
      // the pool's page lists its vote
      await follow(page, ids.pool);
      await expectPage(page, 'Pool', ids.pool);
      await waitForRow(page, 'Votes', [voted, 'yes']);
      await screenshot(page, 'pool');
      await expectAccessible();
      await page.goBack();
      await expectPage(page, 'Proposal', proposal);
      await follow(page, drepId);
      await expectPage(page, 'DRep', drepId);
      // the delegator's stake account links the DRep it delegates its vote to, where the API names it
      await follow(page, wallet.stakeAddress);
      await expectPage(page, 'Stake account', wallet.stakeAddress);
      const delegatedTo: string | null = (await stack.get(`/accounts/${wallet.stakeAddress}`)).drep_id;
      if (delegatedTo !== null) {
        expect(delegatedTo).toBe(drepId);
        await follow(page, drepId);
        await expectPage(page, 'DRep', drepId);
      }

      ids.drep = drepId;
      ids.proposal = proposal;
      ids.govAction = (await stack.get(`/governance/proposals/${proposal}`)).id;
    },
    TEST_MS,
  );

  it(
    'shows the constitutional committee from the governance page: its members with their terms and hot keys, and a member with its votes',
    async () => {
      // the devnet's genesis committee, as its ledger snapshot names it
      const committee = await stack.get('/governance/committee');
      const member = committee.members[0];
      await page.goto(`${stack.explorerUrl}#/governance/`);
      await follow(page, 'The committee');
      await expectPage(page, 'Constitutional committee', '');
      await waitForField(page, 'Quorum', `${committee.quorum.numerator} of ${committee.quorum.denominator}`);
      await waitForRow(page, 'Members', [
        member.cc_cold_id,
        member.status.replaceAll('_', ' '),
        String(member.expiration_epoch),
      ]);
      await waitForSectionText(page, 'Votes', 'No committee member has voted.');
      await screenshot(page, 'committee');
      await expectAccessible();

      await follow(page, member.cc_cold_id);
      await expectPage(page, 'Committee member', member.cc_cold_id);
      await waitForField(page, 'Cold key (hex)', member.cc_cold_hex);
      await waitForField(page, 'Term ends in epoch', String(member.expiration_epoch));
      await waitForSectionText(page, 'Votes', 'No hot key this member authorised has voted.');
      await screenshot(page, 'committee-member');
      await expectAccessible();
      ids.committeeMember = member.cc_cold_id;
    },
    TEST_MS,
  );

  it(
    'finds every kind of id from the search box, and says "not found" for one that is not on chain',
    async () => {
      const keyHash = CSL.PrivateKey.from_bech32(DEMO_WALLETS[1].signingKey).to_public().hash();
      // each query, the page it opens and the id that page names (the query itself unless given)
      const searches: [string, string, string?][] = [
        [ids.height, 'Block'],
        [ids.block, 'Block'],
        [ids.tx, 'Transaction'],
        [ids.datum, 'Datum'],
        [ids.script, 'Script'],
        [ids.asset, 'Asset'],
        [PAID, 'Address'],
        [keyHash.to_bech32('addr_vkh'), 'Address'],
        [ids.stake, 'Stake account'],
        [`epoch ${ids.epoch}`, 'Epoch', ids.epoch],
        [ids.poolHex, 'Pool', ids.pool],
        [ids.pool, 'Pool'],
        [ids.drep, 'DRep'],
        [ids.govAction, 'Proposal', ids.proposal],
        [ids.committeeMember, 'Committee member'],
      ];
      await page.goto(stack.explorerUrl);
      // the keyboard reaches the search box from the top of the page
      for (let presses = 0; presses < 5; presses++) {
        if (await page.evaluate(() => document.activeElement?.id === 'search')) break;
        await page.keyboard.press('Tab');
      }
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
      for (const [query, kind, id = query] of searches) {
        await search(query);
        await expectPage(page, kind, id);
      }
      // a bare number is a height first; the epoch where no block has that height
      const heightToo = await stack.get(`/blocks/${ids.epoch}`).catch(() => null);
      await search(ids.epoch);
      await expectPage(page, heightToo ? 'Block' : 'Epoch', ids.epoch);
      const unknownPool = CSL.Ed25519KeyHash.from_hex('ff'.repeat(28)).to_bech32('pool');
      await search(unknownPool);
      await waitForText(page, `Not found: no pool ${unknownPool}.`);
      await search(UNKNOWN_DREP);
      await waitForText(page, `Not found: no DRep ${UNKNOWN_DREP}.`);
      // no Blockfrost path finds an asset by its fingerprint: the page asks for the unit instead
      const { fingerprint } = (await stack.get(`/assets/${ids.asset}`)) as { fingerprint: string };
      await search(fingerprint);
      await waitForText(page, 'Not found: an asset is looked up by its unit');

      await search('epoch 999999999');
      await waitForText(page, 'Not found: no epoch 999999999 with blocks.');
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

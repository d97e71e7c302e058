import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ensureChromium } from '../../../scripts/lib/services.mjs';

// Debian's Chromium (installed on the spot like redis-server: no browser can be downloaded), headless,
// driven by puppeteer-core; axe-core audits each page as it is shown.

const ROOT = path.resolve(new URL('../../..', import.meta.url).pathname);
/** The screenshots the READMEs show (the root's, apps/explorer's): what a user sees on each kind of page. */
const SCREENSHOTS = path.join(ROOT, 'docs/images');
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** Generous: the page waits on a busy 2-core machine for blocks to be forged and indexed. */
export const PAGE_WAIT_MS = 60_000;

export async function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: ensureChromium(),
    headless: true,
    // root in a container: Chromium's sandbox needs user namespaces it does not get.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
    defaultViewport: { width: 1280, height: 800 },
  });
}

/** Waits until the page's text contains `text` (as written, before CSS changes its case or cuts it). */
export async function waitForText(page: Page, text: string): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.body.textContent?.includes(wanted),
    { timeout: PAGE_WAIT_MS },
    text,
  );
}

/** Waits until a field list shows the row `name` with `value` (`<dt>name</dt><dd>value</dd>`). */
export async function waitForField(page: Page, name: string, value: string): Promise<void> {
  await page.waitForFunction(
    (name, value) =>
      [...document.querySelectorAll('dl.fields > div')].some(
        (row) =>
          row.querySelector('dt')?.textContent === name && row.querySelector('dd')?.textContent === value,
      ),
    { timeout: PAGE_WAIT_MS },
    name,
    value,
  );
}

/**
 * Waits until the section titled `section` (its accessible name, or its start: `Transactions` for
 * `Transactions (3)`) has a row (a table row or list item) whose text holds every one of `texts`.
 */
export async function waitForRow(page: Page, section: string, texts: string[]): Promise<void> {
  await page
    .waitForFunction(
      (section, texts) =>
        [...document.querySelectorAll(`section[aria-label^="${section}"]`)].some((found) =>
          [...found.querySelectorAll('tbody tr, li')].some((row) =>
            texts.every((text) => row.textContent?.includes(text)),
          ),
        ),
      { timeout: PAGE_WAIT_MS },
      section,
      texts,
    )
    .catch(async (error: Error) => {
      throw new Error(
        `no row of ${texts.join(', ')} in "${section}" (${error.message}); ${await sectionText(page, section)}`,
      );
    });
}

/** Waits until the section titled `section` says `text` (an empty state, a "not available"). */
export async function waitForSectionText(page: Page, section: string, text: string): Promise<void> {
  await page
    .waitForFunction(
      (section, text) =>
        [...document.querySelectorAll(`section[aria-label^="${section}"]`)].some((found) =>
          found.textContent?.includes(text),
        ),
      { timeout: PAGE_WAIT_MS },
      section,
      text,
    )
    .catch(async (error: Error) => {
      throw new Error(
        `"${section}" does not say "${text}" (${error.message}); ${await sectionText(page, section)}`,
      );
    });
}

/** What the sections titled `section` show, for a failure's message. */
async function sectionText(page: Page, section: string): Promise<string> {
  const shown = await page.evaluate(
    (section) =>
      [...document.querySelectorAll(`section[aria-label^="${section}"]`)].map((found) => found.textContent),
    section,
  );
  return shown.length === 0 ? 'no such section' : `it shows: ${shown.join(' | ')}`;
}

/** Waits until the page is `kind`'s page of `id`: its h1 is the kind, with the id beneath. */
export async function expectPage(page: Page, kind: string, id: string): Promise<void> {
  const wanted = { kind, id };
  await page
    .waitForFunction(
      ({ kind, id }) => {
        const text = document.querySelector('h1')?.textContent ?? '';
        return text.startsWith(kind) && text.includes(id);
      },
      { timeout: PAGE_WAIT_MS },
      wanted,
    )
    .catch(async (error: Error) => {
      const shown = await page.evaluate(() => document.querySelector('main')?.textContent);
      throw new Error(`not the ${kind} page of ${id} (${error.message}); the page shows: ${shown}`);
    });
}

/** Clicks the first link whose accessible name or text is `name` (a full id or a label). */
export async function follow(page: Page, name: string): Promise<void> {
  const link = await page.waitForSelector(`::-p-aria([name="${name}"][role="link"])`, {
    timeout: PAGE_WAIT_MS,
  });
  await link!.click();
}

/**
 * Tabs from the top of the page to the link or button named `name` (its text), as a keyboard user
 * does, and presses Enter on it.
 */
export async function followByKeyboard(page: Page, name: string): Promise<void> {
  await page.waitForSelector(`::-p-aria([name="${name}"])`, { timeout: PAGE_WAIT_MS });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  for (let presses = 0; presses < 40 && (await focused()) !== name; presses++)
    await page.keyboard.press('Tab');
  if ((await focused()) !== name) throw new Error(`the keyboard does not reach "${name}"`);
  await page.keyboard.press('Enter');
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Loading lines gone, fonts laid out: the picture shows the page as it settles.
  await page.waitForFunction(() => !document.querySelector('.loading'), { timeout: PAGE_WAIT_MS });
  await page.screenshot({ path: path.join(SCREENSHOTS, `explorer-${name}.png`), fullPage: true });
}

/** axe-core's WCAG 2 A/AA and best-practice rules on the page as shown: each violation as `rule: nodes`. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- axe's global, injected above
    const result = await (window as any).axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    });
    return (result.violations as { id: string; nodes: { target: string[] }[] }[]).map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
  return violations;
}

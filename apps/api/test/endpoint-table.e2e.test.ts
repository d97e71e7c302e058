import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { API_PREFIXES } from '../src/common/route-paths.js';
import { EXPLORER_PREFIX } from '../src/explorer/explorer.js';
import { openTestDatabase, startApp, testConfig } from './support/test-app.js';

// docs/endpoints.md lists every path the app's router serves, one row each, in the section saying where it is
// served; the README's summary names every first path segment. Rows read: | `METHOD /path` | notes |.

const TABLE_FILE = 'docs/endpoints.md';
const ROOT_ONLY_HEADING = '## At the root only';
const BOTH_HEADING = '## Under `/api/v0` and at the root';
const repositoryFile = (name: string) => readFileSync(new URL(`../../../${name}`, import.meta.url), 'utf8');

/** HEAD is answered for every GET and OPTIONS for every path (CORS preflights): no rows of their own. */
const LISTED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** `/api/v0`, from the prefixes every Blockfrost path is served at. */
const API_BASE = `/${API_PREFIXES.find((prefix) => prefix !== '')!.replace(/\/$/, '')}`;
/** Files of the explorer's build: the router has one route per file, the table one row for them all. */
const EXPLORER_FILES = ['index.html', 'assets/app.js'];
/** What the router serves the explorer's files at: each file, and index.html at the prefix with or without its slash. */
const EXPLORER_URLS = [
  EXPLORER_PREFIX.replace(/\/$/, ''),
  ...['', ...EXPLORER_FILES].map((file) => EXPLORER_PREFIX + file),
];

interface Route {
  method: string;
  /** As Fastify registered it: `:param` segments. */
  url: string;
}

/**
 * Every route of the router, from Fastify's printed tree of full path segments (each line one node: its
 * depth from its indentation, its path its parent's followed by its label, its methods in brackets). A
 * parameter node that routes name differently prints as `:a|:b`: each spelling the router has is a route.
 */
function routerRoutes(fastify: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const pathAtDepth: string[] = [];
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!node) continue;
    const depth = [...node[1]].length / 4;
    pathAtDepth[depth] = (depth > 0 ? pathAtDepth[depth - 1] : '') + node[2];
    for (const method of node[3]?.split(', ') ?? [])
      for (const url of spellings(pathAtDepth[depth]))
        if (namesMatch(fastify, method, url)) routes.push({ method, url });
  }
  return routes;
}

/** Whether the router has the route with these parameter names (hasRoute alone ignores the names). */
function namesMatch(fastify: FastifyInstance, method: string, url: string): boolean {
  const found = fastify.findRoute({ method: method as HTTPMethods, url }) as { params?: object } | null;
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);
  return found !== null && Object.keys(found.params ?? {}).join() === names.join();
}

/** Each way of reading a printed path whose parameter nodes may list several names (`:a|:b`). */
function spellings(url: string): string[] {
  const alternatives = /:\w+(?:\|:\w+)+/.exec(url);
  if (!alternatives) return [url];
  const before = url.slice(0, alternatives.index);
  const after = url.slice(alternatives.index + alternatives[0].length);
  return alternatives[0].split('|').flatMap((name) => spellings(`${before}${name}${after}`));
}

/** `GET /blocks/{hash_or_number}` for `GET /api/v0/blocks/:hash_or_number`, and whether it was under /api/v0. */
function tableEntry(route: Route): { entry: string; underApiBase: boolean } {
  const underApiBase = route.url === API_BASE || route.url.startsWith(`${API_BASE}/`);
  let url = underApiBase ? route.url.slice(API_BASE.length) || '/' : route.url;
  if (EXPLORER_URLS.includes(url)) url = EXPLORER_PREFIX;
  return { entry: `${route.method} ${url.replace(/:(\w+)/g, '{$1}')}`, underApiBase };
}

/** The table's rows in order: each one's entry, and whether its section is the one served under /api/v0 too. */
function tableRows(text: string): { entry: string; underApiBase: boolean }[] {
  const rows: { entry: string; underApiBase: boolean }[] = [];
  let underApiBase = true;
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) underApiBase = line.trim() !== ROOT_ONLY_HEADING;
    const row = /^\|\s*`([A-Z]+ \/[^`]*)`\s*\|/.exec(line);
    if (row) rows.push({ entry: row[1], underApiBase });
  }
  return rows;
}

let app: NestFastifyApplication;
let close: () => Promise<void>;
let explorerDir: string;
/** Each served entry, with whether it is served under /api/v0 and whether at the root. */
const served = new Map<string, { underApiBase: boolean; atRoot: boolean }>();
let routes: Route[];

beforeAll(async () => {
  explorerDir = mkdtempSync(path.join(os.tmpdir(), 'frostline-endpoint-table-'));
  for (const file of EXPLORER_FILES) {
    mkdirSync(path.dirname(path.join(explorerDir, file)), { recursive: true });
    writeFileSync(path.join(explorerDir, file), 'built');
  }
  const db = await openTestDatabase();
  app = await startApp(testConfig(db.database, { EXPLORER_DIR: explorerDir }));
  close = () => db.close();
  routes = routerRoutes(app.getHttpAdapter().getInstance()).filter((route) =>
    LISTED_METHODS.includes(route.method),
  );
  for (const route of routes) {
    const { entry, underApiBase } = tableEntry(route);
    const where = served.get(entry) ?? { underApiBase: false, atRoot: false };
    if (underApiBase) where.underApiBase = true;
    else where.atRoot = true;
    served.set(entry, where);
  }
});

afterAll(async () => {
  await app?.close();
  await close?.();
  rmSync(explorerDir, { recursive: true, force: true });
});

it("reads the router's routes: each one the router has, the explorer's files among them", () => {
  const fastify = app.getHttpAdapter().getInstance();
  expect(
    routes.filter((route) => !fastify.hasRoute({ method: route.method as HTTPMethods, url: route.url })),
  ).toEqual([]);
  expect(routes).toEqual(
    expect.arrayContaining([
      { method: 'GET', url: '/blocks/latest' },
      { method: 'GET', url: `${API_BASE}/blocks/:hash_or_number` },
      { method: 'POST', url: `${API_BASE}/tx/submit` },
      { method: 'GET', url: `${EXPLORER_PREFIX}${EXPLORER_FILES[1]}` },
    ]),
  );
});

it(`${TABLE_FILE} has a row for every path the API serves`, () => {
  const listed = new Set(tableRows(repositoryFile(TABLE_FILE)).map((row) => row.entry));
  const missing = [...served].flatMap(([entry, where]) =>
    listed.has(entry)
      ? []
      : [
          `${TABLE_FILE} has no row for ${entry}, which the API serves: add | \`${entry}\` | … | under ` +
            `"${where.underApiBase ? BOTH_HEADING : ROOT_ONLY_HEADING}"`,
        ],
  );
  expect(missing).toEqual([]);
});

it(`${TABLE_FILE} lists only paths the API serves, each in the section of where it is served`, () => {
  const rows = tableRows(repositoryFile(TABLE_FILE));
  const problems = rows.flatMap(({ entry, underApiBase: listedUnderApiBase }, index) => {
    if (rows.findIndex((row) => row.entry === entry) !== index) return [`${TABLE_FILE} lists ${entry} twice`];
    const where = served.get(entry);
    if (!where) return [`${TABLE_FILE} lists ${entry}, which the API does not serve`];
    if (!where.atRoot) return [`${entry} is served under ${API_BASE} but not at the root`];
    if (where.underApiBase !== listedUnderApiBase)
      return [
        `${TABLE_FILE} lists ${entry} under "${listedUnderApiBase ? BOTH_HEADING : ROOT_ONLY_HEADING}", ` +
          `but it is served ${where.underApiBase ? `under ${API_BASE} too` : 'at the root only'}`,
      ];
    return [];
  });
  expect(problems).toEqual([]);
});

it("README.md's summary names every first path segment the API serves", () => {
  const readme = repositoryFile('README.md');
  const segments = new Set([...served.keys()].map((entry) => `/${entry.split(' ')[1].split('/')[1]}`));
  const unnamed = [...segments].filter(
    (segment) => !readme.includes(`\`${segment}\``) && !readme.includes(`\`${segment}/`),
  );
  expect(unnamed.map((segment) => `README.md's endpoint summary does not name ${segment}`)).toEqual([]);
});

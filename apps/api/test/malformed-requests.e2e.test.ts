import net from 'node:net';
import { startDevnet, type Devnet } from '@frostline/devnet';
import { Random } from '@frostline/devnet/generate';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { openTestDatabase, startApp, testConfig, TOKEN } from './support/test-app.js';

// Malformed requests over a real socket (raw bytes, oversized lines, broken framing reach layers that
// inject() skips): every error, whichever layer answers it, must be Blockfrost's body with a status a
// Blockfrost client knows, and nothing may be a 5xx. Seeded: FUZZ_SEED=<seed> replays a failing run.

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 1e9));
const REQUESTS = 400;
/** The statuses Blockfrost answers with (docs/contract.md#error-bodies; 413 and 415 from its Fastify layer). */
const ERROR_STATUSES = new Set([400, 403, 404, 413, 415, 418, 429]);
const INVALID_PATH = {
  error: 'Bad Request',
  message: 'Invalid path. Please check https://docs.blockfrost.io/',
  status_code: 400,
};
const BAD_REQUEST = {
  error: 'Bad Request',
  message: 'Backend did not understand your request.',
  status_code: 400,
};

/**
 * Every route, with `{}` where a path parameter goes. /ready is left out: with no indexed chain it
 * rightly answers 503 (its readiness body) to everything.
 */
const ROUTES = [
  'GET /addresses/{}/utxos/{}',
  'GET /addresses/{}/transactions',
  'GET /addresses/{}/txs',
  'GET /addresses/{}/total',
  'GET /assets/{}',
  'GET /assets/{}/transactions',
  'GET /assets/{}/txs',
  'GET /accounts/{}/transactions',
  'GET /accounts/{}/addresses/total',
  'GET /accounts/{}/addresses/assets',
  'GET /assets',
  'GET /assets/{}/history',
  'GET /assets/{}/utxos',
  'GET /assets/policy/{}',
  'GET /metadata/txs/labels',
  'GET /metadata/txs/labels/{}',
  'GET /metadata/txs/labels/{}/cbor',
  'GET /scripts',
  'GET /scripts/{}/utxos',
  'GET /scripts/{}/redeemers',
  'GET /txs/{}/redeemers',
  'GET /blocks/epoch/{}/slot/{}',
  'GET /blocks/slot/{}',
  'GET /blocks/{}/next',
  'GET /blocks/{}/previous',
  'GET /blocks/{}/txs',
  'GET /blocks/{}/txs/cbor',
  'GET /blocks/{}/addresses',
  'GET /blocks/latest/txs',
  'GET /blocks/latest/txs/cbor',
  'GET /',
  'GET /health/clock',
  'GET /accounts/{}',
  'GET /accounts/{}/delegations',
  'GET /accounts/{}/registrations',
  'GET /accounts/{}/withdrawals',
  'GET /accounts/{}/mirs',
  'GET /accounts/{}/addresses',
  'GET /accounts/{}/utxos',
  'GET /addresses/{}',
  'GET /addresses/{}/extended',
  'GET /nutlink/{}/tickers',
  'GET /epochs/latest',
  'GET /epochs/{}',
  'GET /epochs/{}/next',
  'GET /epochs/{}/previous',
  'GET /epochs/{}/blocks',
  'GET /epochs/{}/blocks/{}',
  'GET /epochs/{}/stakes',
  'GET /epochs/{}/stakes/{}',
  'GET /pools/{}/delegators',
  'GET /accounts/{}/history',
  'GET /pools',
  'GET /pools/extended',
  'GET /pools/retired',
  'GET /pools/retiring',
  'GET /pools/{}',
  'GET /pools/{}/metadata',
  'GET /pools/{}/relays',
  'GET /pools/{}/updates',
  'GET /pools/{}/blocks',
  'GET /nutlink/{}',
  'GET /nutlink/{}/tickers/{}',
  'GET /nutlink/tickers/{}',
  'GET /governance/proposals',
  'GET /governance/proposals/{}',
  'GET /governance/proposals/{}/{}',
  'GET /governance/proposals/{}/withdrawals',
  'GET /governance/proposals/{}/votes',
  'GET /governance/proposals/{}/{}/withdrawals',
  'GET /governance/proposals/{}/{}/votes',
  'GET /governance/proposals/{}/parameters',
  'GET /governance/proposals/{}/{}/parameters',
  'GET /governance/proposals/{}/metadata',
  'GET /governance/proposals/{}/{}/metadata',
  'GET /governance/dreps/{}/votes',
  'GET /governance/committee/votes',
  'GET /governance/committee/{}/votes',
  'GET /pools/{}/votes',
  'GET /txs/{}/metadata',
  'GET /txs/{}/stakes',
  'GET /txs/{}/delegations',
  'GET /txs/{}/withdrawals',
  'GET /txs/{}/mirs',
  'GET /txs/{}/pool_retires',
  'GET /txs/{}/pool_updates',
  'GET /txs/{}/required_signers',
  'POST /utils/txs/evaluate/utxos',
  'GET /utils/addresses/xpub/{}/{}/{}',
  'GET /governance/dreps',
  'GET /governance/dreps/{}',
  'GET /governance/dreps/{}/delegators',
  'GET /governance/dreps/{}/updates',
  'GET /governance/dreps/{}/metadata',
  'GET /governance/committee',
  'GET /mempool',
  'GET /mempool/{}',
  'GET /mempool/addresses/{}',
  'GET /health',
  'GET /openapi.json',
];

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends the bytes as they are and reads the answer until the server closes the connection. */
function send(port: number, request: Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may close while a large request is still being written: the answer is what counts.
    socket.on('error', (error) => (chunks.length ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const [statusLine, ...headerLines] = text.slice(0, end).split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
      if (end < 0 || !status)
        return reject(new Error(`no HTTP answer: ${JSON.stringify(text.slice(0, 200))}`));
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status, headers, body: Buffer.from(text.slice(end + 4), 'latin1').toString('utf8') });
    });
    // No half-close: Node's server drops a request whose client ended its side before the answer.
    socket.write(request);
  });
}

function httpRequest(
  requestLine: string | Buffer,
  headers: string[],
  body: Buffer = Buffer.alloc(0),
): Buffer {
  const head = [...headers, 'Connection: close', `Content-Length: ${body.length}`].join('\r\n');
  return Buffer.concat([Buffer.from(requestLine), Buffer.from(`\r\n${head}\r\n\r\n`), body]);
}

/** The problem with an answer, or null when it is acceptable. */
function problemWith(response: RawResponse): string | null {
  if (response.status >= 500) return `status ${response.status}`;
  if (response.status < 400) return null;
  if (!ERROR_STATUSES.has(response.status)) return `status ${response.status} is not a Blockfrost status`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `body is not JSON: ${response.body.slice(0, 200)}`;
  }
  const { error, message, status_code, ...rest } = body as Record<string, unknown>;
  if (typeof error !== 'string' || typeof message !== 'string' || status_code !== response.status)
    return `not a Blockfrost error body: ${response.body.slice(0, 200)}`;
  if (Object.keys(rest).length) return `extra keys ${Object.keys(rest).join(', ')}`;
  return null;
}

/** Parameter values that break something somewhere: encodings, lengths, bytes, numbers. */
function parameter(random: Random): Buffer {
  const ascii = () =>
    String.fromCharCode(...Array.from({ length: random.between(0, 40) }, () => random.between(0x21, 0x7e)));
  const choices: (() => string | Buffer)[] = [
    () => encodeURIComponent(ascii()),
    () => ascii().replace(/[?#]/g, ''),
    () => random.pick(['%', '%zz', '%c3', '%ff%fe', '%00', '%2F', '..', '.', '%25%']),
    () => Buffer.from(random.pick(['é', 'ß', '😀', 'ウ', 'addr1é'])),
    () => Buffer.from([random.between(0x80, 0xff), random.between(0x00, 0x1f)]),
    () => 'a'.repeat(random.pick([8192, 8193, 9000, 20_000])),
    () => random.pick(['-1', '0', '1.5', '1e3', '0x10', '99999999999999999999999', 'NaN', '']),
    () => random.pick(['addr1', 'stake1', 'asset1', 'lovelace', 'ab'.repeat(28), 'ab'.repeat(60)]),
    () => random.pick(['1:2:3', '5:-1', ':', '7:', '2147483648', '3:2147483648', '%3A1', '1.5:2', '9:1']),
  ];
  const value = random.pick(choices)();
  return Buffer.isBuffer(value) ? value : Buffer.from(value, 'latin1');
}

function query(random: Random): Buffer {
  if (random.chance(0.5)) return Buffer.alloc(0);
  const pairs = Array.from({ length: random.between(1, 4) }, () => {
    const key = random.pick(['count', 'page', 'order', 'from', 'to', 'version', 'x', '', '%', 'count[]']);
    return Buffer.concat([Buffer.from(`${key}=`), parameter(random)]);
  });
  return Buffer.concat([
    Buffer.from('?'),
    ...pairs.flatMap((pair, i) => (i ? [Buffer.from('&'), pair] : [pair])),
  ]);
}

function body(random: Random): Buffer {
  const depth = random.between(1, 12_000);
  return Buffer.from(
    random.pick([
      '',
      '{',
      'null',
      '[]',
      '{"cbor":1}',
      '{"cbor":"zz"}',
      '{"cbor":"84a3","additionalUtxoSet":{}}',
      `{"cbor":"00","additionalUtxoSet":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      'x'.repeat(random.pick([10, 70_000, 1_100_000])),
    ]),
  );
}

function malformedRequest(random: Random): Buffer {
  const [routeMethod, template] = random.pick(ROUTES).split(' ') as [string, string];
  const prefix = random.pick(['', '/api/v0', '/api/v1', '//']);
  const segments = template.split('{}');
  const path = Buffer.concat(
    segments.flatMap((segment, i) =>
      i < segments.length - 1 ? [Buffer.from(segment), parameter(random)] : [Buffer.from(segment)],
    ),
  );
  const method = random.chance(0.8)
    ? routeMethod
    : random.pick(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'FOO', 'G ET']);
  const version = random.chance(0.9) ? 'HTTP/1.1' : random.pick(['HTTP/1.0', 'HTTP/2.0', 'HTTP/1.x', '']);
  const requestLine = Buffer.concat([
    Buffer.from(`${method} ${prefix}`),
    path,
    query(random),
    Buffer.from(version ? ` ${version}` : ''),
  ]);
  const headers = ['Host: 127.0.0.1'];
  if (random.chance(0.8)) headers.push(`project_id: ${random.chance(0.9) ? TOKEN : 'wrong'}`);
  if (method === 'POST' || random.chance(0.1))
    headers.push(
      `Content-Type: ${random.pick(['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/cbor', ''])}`,
    );
  if (random.chance(0.05)) headers.push(`X-Filler: ${'f'.repeat(20_000)}`);
  if (random.chance(0.05))
    headers.push(random.pick(['no colon here', 'Bad Header\u0001: x', ': empty name']));
  return httpRequest(requestLine, headers, method === 'POST' ? body(random) : Buffer.alloc(0));
}

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let devnet: Devnet;
let app: NestFastifyApplication;
let port: number;

beforeAll(async () => {
  db = await openTestDatabase();
  // A node for the mempool paths, whose well-formed requests would otherwise rightly be 500s; the
  // evaluator stays the local one, as without a node.
  devnet = await startDevnet({ chain: { blocks: [] }, port: 0 });
  // Limits off: a 429 is a Blockfrost body too, but would hide what the requests reach.
  app = await startApp(
    testConfig(db.database, { RATE_LIMIT_ENABLED: 'false', OGMIOS_URL: devnet.url, EVALUATOR: 'local' }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.getHttpServer().address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app?.close();
  await devnet?.close();
  await db?.close();
});

describe('errors from every layer are Blockfrost bodies', () => {
  it.each([
    ['a malformed percent-encoding', 'GET /accounts/% HTTP/1.1', [], INVALID_PATH],
    ['a path parameter over 8,192 characters', `GET /assets/${'a'.repeat(8193)} HTTP/1.1`, [], INVALID_PATH],
    ['raw UTF-8 bytes in the request line', Buffer.from('GET /assets/é HTTP/1.1'), [], BAD_REQUEST],
    ['headers over 16 KB', 'GET /health HTTP/1.1', [`X-Filler: ${'f'.repeat(17_000)}`], BAD_REQUEST],
    ['an unknown method', 'BREW /health HTTP/1.1', [], BAD_REQUEST],
  ])('answers %s with a Blockfrost 400', async (_, requestLine, headers, expected) => {
    const response = await send(
      port,
      httpRequest(requestLine, ['Host: 127.0.0.1', `project_id: ${TOKEN}`, ...headers]),
    );
    expect([response.status, JSON.parse(response.body)]).toEqual([400, expected]);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  const INVALID_RANGE = {
    error: 'Bad Request',
    message: 'Invalid (malformed or out of range) from/to parameter(s).',
    status_code: 400,
  };
  const ASSET = 'ab'.repeat(28);
  it.each([
    ['a height that is not a number', `from=x`, INVALID_RANGE],
    ['a negative index', `to=5:-1`, INVALID_RANGE],
    ['a height beyond 2^31-1', `from=2147483648`, INVALID_RANGE],
    ['a fraction', `from=1.5`, INVALID_RANGE],
    ['from after to', `from=9&to=8`, INVALID_RANGE],
    ['from after to within a block', `from=9:3&to=9:2`, INVALID_RANGE],
    ['a repeated from', `from=1&from=2`, { ...INVALID_RANGE, message: 'querystring/from must be string' }],
  ])("answers from/to with %s with Blockfrost's 400", async (_, query, expected) => {
    const response = await send(
      port,
      httpRequest(`GET /assets/${ASSET}/transactions?${query} HTTP/1.1`, [
        'Host: 127.0.0.1',
        `project_id: ${TOKEN}`,
      ]),
    );
    expect([response.status, JSON.parse(response.body)]).toEqual([400, expected]);
  });

  it.each(['from=1:2:3', 'from=5:&to=5', 'from=&to=0'])(
    'takes from/to %s as RYO does: a 404 for an unseen asset',
    async (query) => {
      const response = await send(
        port,
        httpRequest(`GET /assets/${ASSET}/transactions?${query} HTTP/1.1`, [
          'Host: 127.0.0.1',
          `project_id: ${TOKEN}`,
        ]),
      );
      expect(response.status).toBe(404);
    },
  );

  it(`fuzz: ${REQUESTS} malformed requests over every route give no 5xx and only Blockfrost error bodies`, async () => {
    const random = new Random(SEED);
    const failures: string[] = [];
    for (let i = 0; i < REQUESTS && failures.length < 5; i++) {
      const request = malformedRequest(random);
      const shown = JSON.stringify(request.subarray(0, 160).toString('latin1'));
      try {
        const problem = problemWith(await send(port, request));
        if (problem) failures.push(`${shown}: ${problem}`);
      } catch (error) {
        failures.push(`${shown}: ${(error as Error).message}`);
      }
    }
    if (failures.length) throw new Error(`FUZZ_SEED=${SEED} reproduces:\n${failures.join('\n')}`);
  }, 120_000);
});

import { readFileSync } from 'node:fs';
import { BlockfrostServerError, type BlockFrostAPI } from '@blockfrost/blockfrost-js';
import { blake2b256, bytesToHex, govActionId } from '@frostline/model';
import { blockfrostClient, get, getValid, rejectionOf, seededApp } from './support/test-app.js';

// Hosted Blockfrost's answers for four preprod proposals' CIP-108 documents (blockfrost-tests,
// test-data/SOURCES.md): three fetched, one whose document does not hash to its anchor's hash. Each is seeded as
// the indexer stores it: the proposal with its anchor, and what the anchor job stored for that anchor.
interface MetadataBody {
  tx_hash: string;
  cert_index: number;
  url: string;
  hash: string;
  json_metadata: unknown;
  bytes: string | null;
  error?: { code: string; message: { args: [string] } };
}
const FIXTURES = (
  JSON.parse(
    readFileSync(
      new URL('../test-data/preprod-governance-proposals-hash-cert-index-metadata.json', import.meta.url),
      'utf8',
    ),
  ) as { testName: string; endpoints: string[]; response: MetadataBody | { status_code: number } }[]
).map((f) => ({ ...f, endpoints: f.endpoints.map((e) => `/${e}`) }));
const documents = FIXTURES.map((f) => f.response).filter((r): r is MetadataBody => 'tx_hash' in r);
const FETCHED = documents.find((d) => d.bytes !== null)!;
const FAILED = documents.find((d) => d.error !== undefined)!;
// A proposal whose anchor no fetch has reached yet.
const UNFETCHED = { txHash: 'ab'.repeat(32), url: 'https://example.com/later.jsonld', hash: 'cd'.repeat(32) };

const BY_TX = '/governance/proposals/{tx_hash}/{cert_index}/metadata';
const BY_ID = '/governance/proposals/{gov_action_id}/metadata';
const schemaOf = (path: string) => (path.split('/').length === 6 ? BY_TX : BY_ID);
/** The fixture's body with its message matcher replaced by the message seeded. */
const expected = (body: MetadataBody | { status_code: number }) =>
  'tx_hash' in body && body.error
    ? { ...body, error: { code: body.error.code, message: body.error.message.args[0] } }
    : body;

const stack = seededApp(async (seed) => {
  await seed.block({ hash: '01'.repeat(32), height: 1, slot: 1, epoch: 1, epochSlot: 1, time: 1 });
  const proposal = async (txHash: string, anchor: { url: string; hash: string }) =>
    seed.proposal(await seed.tx(txHash), 0, {
      type: 'info_action',
      deposit: '100000000000',
      returnAddressId: 1,
      anchor,
    });
  for (const document of documents) {
    await proposal(document.tx_hash, document);
    await seed.governanceAnchor(
      document.url,
      document.hash,
      document.error
        ? { errorCode: document.error.code, errorMessage: document.error.message.args[0] }
        : { bytes: document.bytes!.slice(2), json: document.json_metadata },
    );
  }
  await proposal(UNFETCHED.txHash, UNFETCHED);
});

describe('GET /governance/proposals/{…}/metadata', () => {
  it.each(FIXTURES)('$testName: answers as hosted Blockfrost', async ({ endpoints, response }) => {
    // The spec declares only the 200 of these paths: a 404 is checked against the fixture alone.
    const answer = (path: string) =>
      'status_code' in response ? get(stack.app, path) : getValid(stack.app, schemaOf(path), path);
    for (const endpoint of endpoints) expect((await answer(endpoint)).body).toEqual(expected(response));
  });

  it("keeps Blockfrost's documents: their bytes hash to the anchor's hash and parse to their JSON", () => {
    for (const document of documents.filter((d) => d.bytes !== null)) {
      const bytes = Buffer.from(document.bytes!.slice(2), 'hex');
      expect(bytesToHex(blake2b256(bytes))).toBe(document.hash);
      expect(JSON.parse(bytes.toString('utf8'))).toEqual(document.json_metadata);
    }
  });

  it('by CIP-129 id, an anchor not fetched yet has null document fields and no error; by hash, 404', async () => {
    const id = govActionId(UNFETCHED.txHash, 0);
    const { body } = await getValid(stack.app, BY_ID, `/governance/proposals/${id}/metadata`);
    expect(body).toEqual({
      id,
      tx_hash: UNFETCHED.txHash,
      cert_index: 0,
      url: UNFETCHED.url,
      hash: UNFETCHED.hash,
      json_metadata: null,
      bytes: null,
    });
    expect((await get(stack.app, `/governance/proposals/${UNFETCHED.txHash}/0/metadata`)).status).toBe(404);
  });

  it("answers 404 for an unknown proposal and Blockfrost's 400s for a malformed index or id", async () => {
    for (const path of [
      `/governance/proposals/${FETCHED.tx_hash}/1/metadata`,
      `/governance/proposals/${FETCHED.tx_hash.toUpperCase()}/0/metadata`,
      `/governance/proposals/${govActionId(FETCHED.tx_hash, 1)}/metadata`,
      `/governance/proposals/${'00'.repeat(32)}/99999999999/metadata`,
    ]) {
      expect({ path, ...(await get(stack.app, path)).body }).toMatchObject({ path, status_code: 404 });
    }
    expect((await get(stack.app, `/governance/proposals/${FETCHED.tx_hash}/x/metadata`)).body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'params/cert_index must be integer',
    });
    expect((await get(stack.app, '/governance/proposals/gov_action1xyz/metadata')).body).toEqual({
      status_code: 400,
      error: 'Bad Request',
      message: 'Invalid or malformed gov action id.',
    });
  });
});

describe('blockfrost-js 6.2.0 proposal metadata methods', () => {
  let api: BlockFrostAPI;

  beforeAll(async () => {
    api = await blockfrostClient(stack.app);
  });

  it('proposalMetadata and proposalMetadataByGovActionId return the API bodies', async () => {
    const byTx = (await get(stack.app, `/governance/proposals/${FETCHED.tx_hash}/0/metadata`)).body;
    expect(await api.governance.proposalMetadata(FETCHED.tx_hash, 0)).toEqual(byTx);
    const id = govActionId(FAILED.tx_hash, 0);
    expect(await api.governance.proposalMetadataByGovActionId(id)).toEqual(
      (await get(stack.app, `/governance/proposals/${id}/metadata`)).body,
    );
  });

  it("surfaces a document not stored as BlockfrostServerError with Blockfrost's 404", async () => {
    const error = await rejectionOf(api.governance.proposalMetadata(FAILED.tx_hash, 0));
    expect(error).toBeInstanceOf(BlockfrostServerError);
    expect(error).toMatchObject({ status_code: 404, error: 'Not Found' });
  });
});

import path from 'node:path';
import { describeReference, findBrokenReferences, folderTree, gitTree, headingAnchor } from './references.js';

const here = new URL('.', import.meta.url).pathname;
const repositoryRoot = path.resolve(here, '../..');
/** Lines that end in the marker hold exactly one reference the check must report; no other line does. */
const FIXTURE = 'architecture/test-data/references';
const MARKER = 'BROKEN';

test('finds every broken reference of the fixture tree, and nothing else', () => {
  const tree = folderTree(path.join(repositoryRoot, FIXTURE));
  const marked = tree.files.flatMap((file) =>
    tree
      .read(file)
      .split('\n')
      .flatMap((line, index) =>
        line.trimEnd().endsWith(MARKER) || line.includes(`${MARKER} -->`) ? [`${file}:${index + 1}`] : [],
      ),
  );
  const found = findBrokenReferences(tree).map((reference) => `${reference.file}:${reference.line}`);
  expect(marked.length).toBeGreaterThanOrEqual(7);
  expect(found.sort()).toEqual(marked.sort());
});

test('makes heading anchors as GitHub does', () => {
  expect(headingAnchor('`/network`: what is exact')).toBe('network-what-is-exact');
  expect(headingAnchor('Evaluating a transaction (v6)')).toBe('evaluating-a-transaction-v6');
  expect(headingAnchor('Accounts: registration, delegation and DRep')).toBe(
    'accounts-registration-delegation-and-drep',
  );
  expect(headingAnchor('See [the guide](guide.md) — twice')).toBe('see-the-guide--twice');
});

test('the repository names no file, folder or anchor it does not have', () => {
  const broken = findBrokenReferences(gitTree(repositoryRoot, [FIXTURE]));
  expect(broken.map(describeReference)).toEqual([]);
});

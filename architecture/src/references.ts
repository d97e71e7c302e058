import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import path from 'node:path';

/** A set of files to check: the repository's tracked files, or a test's fixture tree. */
export interface Tree {
  /** every file, relative to the tree's root, with `/` between folders */
  files: readonly string[];
  read(file: string): string;
  /** a path the tree ignores on purpose (built, generated or local files: .gitignore's business) */
  isIgnored(file: string): boolean;
}

export interface BrokenReference {
  file: string;
  line: number;
  reference: string;
  reason: string;
}

/** Files read for references: prose and code. Data (JSON, fixtures) names other projects' paths. */
const TEXT_FILE =
  /(\.(md|ts|tsx|js|mjs|cjs|ya?ml|sql|prisma|sh|toml)|(^|\/)Dockerfile|(^|\/)\.env\.example)$/;
/** Test data is copied from other repositories; only its provenance notes (SOURCES.md…) are ours. */
const COPIED_DATA = /(^|\/)test-data\/.*(?<!\.md)$/;
const NOT_READ = /(^|\/)pnpm-lock\.yaml$/;

/** The team's reference folder beside the repository, which a clone does not have. */
const OUTSIDE = /(?:\.\.\/)+shared\b|(?<![\w.\/-])shared\/(?:docs|fixtures)\b|\/work\/shared\b/g;
/**
 * A section of an upper-case document: its name (with or without `.md`) before a section sign, or a
 * name of five letters or more before a section number (`HTTP 1.1` is a protocol).
 */
const SECTION = /\b(?:([A-Z][A-Z_]{2,})(?:\.md)?\s?§|([A-Z][A-Z_]{4,})(?:\.md)? \d+\.\d+\b)/g;
/** `[text](target)` in Markdown. */
const MARKDOWN_LINK = /\[[^\]\n]*\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g;
/** A path or a file name ending in `.md`, with or without an anchor. */
const MARKDOWN_PATH =
  /(?<![\w.\/@-])((?:\.{1,2}\/)*(?:[\w-][\w.-]*\/)*[\w-][\w.-]*\.md)(#[\w-]+)?(?![\w\/-])/g;
/** A URL, which the tree cannot resolve; its path is the other site's. */
const WEB_ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]'"`]*/gi;
/** What ends a path mention that is a pattern, not a file: a glob, a placeholder, an elision. */
const PATTERN_CHARACTER = /^[*{[<…$]/;
/** Provenance notes name paths of other repositories in their tables. */
const PROVENANCE = /(^|\/)SOURCES\.md$/;
/** A bare document name in the upper-case style of specifications, not a lower-case file name. */
const DOCUMENT_NAME = /^[A-Z][A-Z0-9_-]*\.md$/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file: its headings' (duplicates numbered as GitHub does) and explicit ids. */
export function markdownAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = headingAnchor(heading[1]);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id[1]);
  }
  return anchors;
}

/** Every reference in the tree's prose and code to a file, folder or Markdown anchor it does not have. */
export function findBrokenReferences(tree: Tree): BrokenReference[] {
  const files = new Set(tree.files);
  const folders = new Set(tree.files.flatMap((file) => ancestors(file)));
  const basenames = new Set(tree.files.map((file) => path.posix.basename(file)));
  // Every path of the tree by each of its endings: a test names its fixture's files, a package its
  // own, from where they are read rather than from the repository's root.
  const byEnding = new Map<string, string[]>();
  for (const known of [...tree.files, ...folders]) {
    const parts = known.split('/');
    for (let i = 1; i < parts.length; i++) {
      const ending = parts.slice(i).join('/');
      byEnding.set(ending, [...(byEnding.get(ending) ?? []), known]);
    }
  }
  const topFolders = [...folders].filter((folder) => !folder.includes('/') && !folder.startsWith('.'));
  const mentionedPath = topFolders.length
    ? new RegExp(String.raw`(?<![\w.\/@$-])(?:${topFolders.map(escape).join('|')})\/[\w.\/-]*[\w\/]`, 'g')
    : null;
  const anchorsOf = cached((file: string) => markdownAnchors(tree.read(file)));
  const exists = (target: string) => {
    const normalized = path.posix.normalize(target).replace(/\/$/, '');
    return normalized === '.' || files.has(normalized) || folders.has(normalized);
  };

  const broken: BrokenReference[] = [];
  for (const file of tree.files) {
    if (!TEXT_FILE.test(file) || COPIED_DATA.test(file) || NOT_READ.test(file)) continue;
    const dir = path.posix.dirname(file);
    const isMarkdown = file.endsWith('.md');
    tree
      .read(file)
      .split('\n')
      .forEach((text, index) => {
        const report = (reference: string, reason: string) =>
          broken.push({ file, line: index + 1, reference, reason });
        /** The paths of the tree the target may mean: file-relative, from the root, else by ending. */
        const resolve = (target: string): string[] => {
          for (const candidate of [path.posix.join(dir, target), target])
            if (exists(candidate)) return [path.posix.normalize(candidate).replace(/\/$/, '')];
          return target.startsWith('.') ? [] : (byEnding.get(target.replace(/\/$/, '')) ?? []);
        };
        const checkAnchor = (targets: string[], anchor: string, reference: string) => {
          const documents = targets.filter((target) => target.endsWith('.md'));
          if (documents.length && !documents.some((target) => anchorsOf(target).has(anchor)))
            report(reference, `${documents[0]} has no heading for #${anchor}`);
        };
        /** A path that can only mean one of ours: it starts in a folder of the tree, or at this file. */
        const oursByItsStart = (target: string) =>
          target.startsWith('./') || target.startsWith('../') || topFolders.includes(target.split('/')[0]);
        let line = text.replace(WEB_ADDRESS, (url) => ' '.repeat(url.length));

        for (const match of line.matchAll(OUTSIDE))
          report(match[0], 'points outside the repository (the shared reference folder)');

        for (const match of line.matchAll(SECTION)) {
          const document = `${match[1] ?? match[2]}.md`;
          if (!basenames.has(document))
            report(match[0], `cites a section of ${document}, not in the repository`);
        }

        if (isMarkdown)
          for (const match of line.matchAll(MARKDOWN_LINK)) {
            const target = match[1];
            if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
            const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
            if (pathPart === '') {
              if (anchor && !anchorsOf(file).has(anchor)) report(target, `no heading for #${anchor} here`);
              continue;
            }
            const linked = path.posix.join(dir, decodeURI(pathPart));
            if (!exists(linked)) {
              if (!tree.isIgnored(linked)) report(target, 'links to a file not in the repository');
            } else if (anchor) checkAnchor([path.posix.normalize(linked)], anchor, target);
          }
        // A link's target is checked as a link only.
        if (isMarkdown) line = line.replace(MARKDOWN_LINK, (link) => ' '.repeat(link.length));

        for (const match of line.matchAll(MARKDOWN_PATH)) {
          const [reference, target, hash] = match;
          const resolved = resolve(target);
          if (resolved.length) {
            if (hash) checkAnchor(resolved, hash.slice(1), reference);
            continue;
          }
          // A bare name (its SOURCES.md, a package's README.md) may be any file of that name; one that
          // is no file of ours, in a specification's style, is one a clone lacks. A path elsewhere is
          // another repository's.
          const missing = isFileName(target)
            ? DOCUMENT_NAME.test(target) && !basenames.has(target)
            : oursByItsStart(target);
          if (missing && !tree.isIgnored(target))
            report(reference, 'names a Markdown file not in the repository');
        }

        if (mentionedPath && !PROVENANCE.test(file))
          for (const match of line.matchAll(mentionedPath)) {
            const reference = match[0].replace(/[.\/]+$/, (tail) => (tail.startsWith('/') ? '/' : ''));
            const next = line.slice(match.index + match[0].length);
            // Only a file (it has an extension) or a folder (a trailing slash): `prisma/config` is a
            // module, `scripts/datum/…` a route, `docker/dockerfile` an image.
            const isFileOrFolder = /\.\w+$/.test(reference) || reference.endsWith('/');
            if (reference.endsWith('.md') || !isFileOrFolder || PATTERN_CHARACTER.test(next)) continue;
            if (resolve(reference).length === 0 && !tree.isIgnored(reference))
              report(reference, 'names a path not in the repository');
          }
      });
  }
  return broken;
}

/** One line per broken reference, as a reader would look it up. */
export function describeReference(reference: BrokenReference): string {
  return `${reference.file}:${reference.line}: ${reference.reference} (${reference.reason})`;
}

/**
 * The repository's tracked files (those still in the work tree) but those under `excluded` folders;
 * ignored paths are .gitignore's.
 */
export function gitTree(root: string, excluded: string[] = []): Tree {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const files = git('ls-files', '-z')
    .split('\0')
    .filter((file) => file && !excluded.some((folder) => file.startsWith(`${folder}/`)))
    .filter((file) => existsSync(path.join(root, file)));
  return {
    files,
    read: (file) => readFileSync(path.join(root, file), 'utf8'),
    isIgnored: (file) => {
      try {
        git('check-ignore', '-q', '--no-index', '--', file);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Every file under a folder (a fixture tree, not a repository); nothing is ignored. */
export function folderTree(root: string): Tree {
  const files = (readdirSync(root, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return { files, read: (file) => readFileSync(path.join(root, file), 'utf8'), isIgnored: () => false };
}

const isFileName = (target: string) => !target.includes('/');

function ancestors(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function cached<T>(compute: (key: string) => T): (key: string) => T {
  const values = new Map<string, T>();
  return (key) => {
    if (!values.has(key)) values.set(key, compute(key));
    return values.get(key)!;
  };
}

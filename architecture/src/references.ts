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
const SECTION = /\b(?:([A-Z][A-Z_]{2,})(?:\.md)?\s?§|([A-Z][A-Z_]{4,})(?:\.md)? \d+\.\d+\b(?!\.\d))/g;
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

/** What the checks ask of a tree: which paths it has, what they may be called, their anchors. */
class TreeIndex {
  readonly files: Set<string>;
  readonly folders: Set<string>;
  readonly basenames: Set<string>;
  /** Top-level folders: a path starting with one can only mean a file of ours. */
  readonly topFolders: string[];
  /** A mention of a path in one of the top-level folders. */
  readonly mentionedPath: RegExp | null;
  /**
   * Every path of the tree by each of its endings: a test names its fixture's files, a package its own,
   * from where they are read rather than from the repository's root.
   */
  private readonly byEnding = new Map<string, string[]>();
  private readonly anchors = new Map<string, Set<string>>();

  constructor(readonly tree: Tree) {
    this.files = new Set(tree.files);
    this.folders = new Set(tree.files.flatMap((file) => ancestors(file)));
    this.basenames = new Set(tree.files.map((file) => path.posix.basename(file)));
    for (const known of [...this.files, ...this.folders]) {
      const parts = known.split('/');
      for (let i = 1; i < parts.length; i++) {
        const ending = parts.slice(i).join('/');
        this.byEnding.set(ending, [...(this.byEnding.get(ending) ?? []), known]);
      }
    }
    this.topFolders = [...this.folders].filter((folder) => !folder.includes('/') && !folder.startsWith('.'));
    this.mentionedPath = this.topFolders.length
      ? new RegExp(
          String.raw`(?<![\w.\/@$-])(?:${this.topFolders.map(escape).join('|')})\/[\w.\/-]*[\w\/]`,
          'g',
        )
      : null;
  }

  exists(target: string): boolean {
    const normalized = path.posix.normalize(target).replace(/\/$/, '');
    return normalized === '.' || this.files.has(normalized) || this.folders.has(normalized);
  }

  /** The paths of the tree a target named in `dir` may mean: from there, from the root, else by ending. */
  resolve(dir: string, target: string): string[] {
    for (const candidate of [path.posix.join(dir, target), target])
      if (this.exists(candidate)) return [path.posix.normalize(candidate).replace(/\/$/, '')];
    return target.startsWith('.') ? [] : (this.byEnding.get(target.replace(/\/$/, '')) ?? []);
  }

  /** A path that can only mean one of ours: it starts in a folder of the tree, or at the file naming it. */
  isOursByItsStart(target: string): boolean {
    return (
      target.startsWith('./') || target.startsWith('../') || this.topFolders.includes(target.split('/')[0])
    );
  }

  anchorsOf(file: string): Set<string> {
    let anchors = this.anchors.get(file);
    if (!anchors) this.anchors.set(file, (anchors = markdownAnchors(this.tree.read(file))));
    return anchors;
  }

  /** Why `anchor` is missing from the Markdown files among `targets`, or null (none is Markdown, or one has it). */
  missingAnchor(targets: string[], anchor: string): string | null {
    const documents = targets.filter((target) => target.endsWith('.md'));
    return documents.length && !documents.some((target) => this.anchorsOf(target).has(anchor))
      ? `${documents[0]} has no heading for #${anchor}`
      : null;
  }
}

type Finding = [reference: string, reason: string];

/** Mentions of the shared reference folder beside the repository. */
function outsideReferences(line: string): Finding[] {
  return [...line.matchAll(OUTSIDE)].map((match) => [
    match[0],
    'points outside the repository (the shared reference folder)',
  ]);
}

/** Sections of documents the tree does not have. */
function sectionReferences(index: TreeIndex, line: string): Finding[] {
  return [...line.matchAll(SECTION)].flatMap((match): Finding[] => {
    const document = `${match[1] ?? match[2]}.md`;
    return index.basenames.has(document)
      ? []
      : [[match[0], `cites a section of ${document}, not in the repository`]];
  });
}

/** Markdown links, relative to the file, to a file, a folder or an anchor the tree does not have. */
function linkReferences(index: TreeIndex, file: string, line: string): Finding[] {
  const dir = path.posix.dirname(file);
  return [...line.matchAll(MARKDOWN_LINK)].flatMap((match): Finding[] => {
    const target = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return [];
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const linked = pathPart === '' ? file : path.posix.join(dir, decodeURI(pathPart));
    if (!index.exists(linked))
      return index.tree.isIgnored(linked) ? [] : [[target, 'links to a file not in the repository']];
    const missing = anchor ? index.missingAnchor([path.posix.normalize(linked)], anchor) : null;
    return missing ? [[target, missing]] : [];
  });
}

/** Markdown files named in text, and their anchors. */
function markdownPathReferences(index: TreeIndex, file: string, line: string): Finding[] {
  return [...line.matchAll(MARKDOWN_PATH)].flatMap(([reference, target, hash]): Finding[] => {
    const resolved = index.resolve(path.posix.dirname(file), target);
    if (resolved.length) {
      const missing = hash ? index.missingAnchor(resolved, hash.slice(1)) : null;
      return missing ? [[reference, missing]] : [];
    }
    // A bare name (its SOURCES.md, a package's README.md) may be any file of that name; one that is no
    // file of ours, in a specification's style, is one a clone lacks. A path elsewhere is another
    // repository's.
    const missing = isFileName(target)
      ? DOCUMENT_NAME.test(target) && !index.basenames.has(target)
      : index.isOursByItsStart(target);
    return missing && !index.tree.isIgnored(target)
      ? [[reference, 'names a Markdown file not in the repository']]
      : [];
  });
}

/** Other files and folders named in text by their path from the root (or from their package). */
function mentionedPathReferences(index: TreeIndex, file: string, line: string): Finding[] {
  if (!index.mentionedPath || PROVENANCE.test(file)) return [];
  return [...line.matchAll(index.mentionedPath)].flatMap((match): Finding[] => {
    const reference = match[0].replace(/[.\/]+$/, (tail) => (tail.startsWith('/') ? '/' : ''));
    const next = line.slice(match.index + match[0].length);
    // Only a file (it has an extension) or a folder (a trailing slash): `prisma/config` is a module,
    // `scripts/datum/…` a route, `docker/dockerfile` an image.
    const isFileOrFolder = /\.\w+$/.test(reference) || reference.endsWith('/');
    if (reference.endsWith('.md') || !isFileOrFolder || PATTERN_CHARACTER.test(next)) return [];
    const found = index.resolve(path.posix.dirname(file), reference).length > 0;
    return found || index.tree.isIgnored(reference)
      ? []
      : [[reference, 'names a path not in the repository']];
  });
}

/** Every reference in the tree's prose and code to a file, folder or Markdown anchor it does not have. */
export function findBrokenReferences(tree: Tree): BrokenReference[] {
  const index = new TreeIndex(tree);
  return tree.files
    .filter((file) => TEXT_FILE.test(file) && !COPIED_DATA.test(file) && !NOT_READ.test(file))
    .flatMap((file) =>
      tree
        .read(file)
        .split('\n')
        .flatMap((text, i) => {
          // URLs name other sites' paths; a Markdown link's target is checked as a link only.
          const line = text.replace(WEB_ADDRESS, blank);
          const prose = file.endsWith('.md') ? line.replace(MARKDOWN_LINK, blank) : line;
          const findings = [
            ...outsideReferences(line),
            ...sectionReferences(index, line),
            ...(file.endsWith('.md') ? linkReferences(index, file, line) : []),
            ...markdownPathReferences(index, file, prose),
            ...mentionedPathReferences(index, file, prose),
          ];
          return findings.map(([reference, reason]) => ({ file, line: i + 1, reference, reason }));
        }),
    );
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

function blank(text: string): string {
  return ' '.repeat(text.length);
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const DOCKER_DIR = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = path.resolve(DOCKER_DIR, '..');

export const read = (relative: string) => readFileSync(path.join(REPO_ROOT, relative), 'utf8');

// ---- compose.yml -----------------------------------------------------------------------------------

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** compose.yml as YAML, anchors and `<<` merge keys resolved, before interpolation. */
export function composeYaml(): Record<string, Json> {
  return parse(read('docker/compose.yml'), { merge: true }) as Record<string, Json>;
}

/**
 * Compose's interpolation of one string ($$, $NAME, ${NAME}, ${NAME:-default}, ${NAME-default},
 * ${NAME:?error}, ${NAME?error}, ${NAME:+alt}, ${NAME+alt}, defaults nested), recording every name.
 */
export function interpolate(text: string, env: Record<string, string>, names = new Set<string>()): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    if (text[i] !== '$') {
      out += text[i++];
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
    } else if (next === '{') {
      let depth = 1;
      let end = i + 2;
      for (; end < text.length && depth > 0; end++) {
        if (text[end] === '{') depth++;
        else if (text[end] === '}') depth--;
      }
      if (depth > 0) throw new Error(`unclosed \${ in "${text}"`);
      out += expand(text.slice(i + 2, end - 1), env, names);
      i = end;
    } else {
      const name = /^[_a-zA-Z][_a-zA-Z0-9]*/.exec(text.slice(i + 1))?.[0];
      if (!name) {
        out += '$';
        i++;
      } else {
        names.add(name);
        out += env[name] ?? '';
        i += 1 + name.length;
      }
    }
  }
  return out;
}

function expand(body: string, env: Record<string, string>, names: Set<string>): string {
  const match = /^([_a-zA-Z][_a-zA-Z0-9]*)(?:(:?[-?+])([\s\S]*))?$/.exec(body);
  if (!match) throw new Error(`invalid interpolation \${${body}}`);
  const [, name, operator, argument = ''] = match;
  names.add(name);
  const value = env[name];
  const set = value !== undefined;
  const nonEmpty = set && value !== '';
  switch (operator) {
    case undefined:
      return value ?? '';
    case ':-':
      return nonEmpty ? value : interpolate(argument, env, names);
    case '-':
      return set ? value : interpolate(argument, env, names);
    case ':?':
    case '?':
      if (operator === ':?' ? nonEmpty : set) return value!;
      throw new Error(`required variable ${name} is missing: ${interpolate(argument, env, names)}`);
    case ':+':
      return nonEmpty ? interpolate(argument, env, names) : '';
    default: // '+'
      return set ? interpolate(argument, env, names) : '';
  }
}

/** Interpolates every string value (not keys), as Compose does after parsing. */
export function interpolateAll(node: Json, env: Record<string, string>, names = new Set<string>()): Json {
  if (typeof node === 'string') return interpolate(node, env, names);
  if (Array.isArray(node)) return node.map((item) => interpolateAll(item, env, names));
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateAll(value, env, names)]),
    );
  }
  return node;
}

// ---- Dockerfiles -----------------------------------------------------------------------------------

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  name: string | null;
  /** image or earlier stage name, ARGs not substituted */
  base: string;
  instructions: Instruction[];
}

/** Instructions of a Dockerfile: comments dropped, `\` continuations joined, grouped by stage. */
export function parseDockerfile(text: string): Stage[] {
  const instructions: Instruction[] = [];
  let pending = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    if (!pending && (line.trim() === '' || line.trimStart().startsWith('#'))) return;
    if (pending && line.trimStart().startsWith('#')) return; // comments inside a continuation
    if (!pending) startLine = index + 1;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      return;
    }
    const full = (pending + line).trim();
    pending = '';
    const [keyword, ...rest] = full.split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), args: rest.join(' '), line: startLine });
  });
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.args.split(/\s+/).filter((word) => !word.startsWith('--'));
      const as = words.findIndex((word) => word.toUpperCase() === 'AS');
      stages.push({ name: as >= 0 ? words[as + 1] : null, base: words[0], instructions: [] });
    } else if (stages.length > 0) {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
}

export interface CopySource {
  from: string | null;
  sources: string[];
  line: number;
}

/** COPY and ADD instructions of a stage: flags split off, JSON-array form understood. */
export function copySources(stage: Stage): CopySource[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'COPY' || instruction.keyword === 'ADD')
    .map((instruction) => {
      const words = instruction.args.trim().startsWith('[')
        ? (JSON.parse(instruction.args) as string[])
        : instruction.args.split(/\s+/);
      const flags = words.filter((word) => word.startsWith('--'));
      const paths = words.filter((word) => !word.startsWith('--'));
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length) ?? null;
      return { from, sources: paths.slice(0, -1), line: instruction.line };
    });
}

// ---- .dockerignore ---------------------------------------------------------------------------------

/** A path (relative to the build context) excluded by .dockerignore rules, `!` exceptions included. */
export function dockerIgnored(relative: string, rules: string[]): boolean {
  let ignored = false;
  const parts = relative.split('/');
  for (const raw of rules) {
    const negated = raw.startsWith('!');
    const pattern = path.posix.normalize(negated ? raw.slice(1) : raw).replace(/^\/+/, '');
    const regex = new RegExp(`^${globToRegex(pattern)}$`);
    // a rule matching a parent folder excludes everything below it
    const matches = parts.some((_, i) => regex.test(parts.slice(0, i + 1).join('/')));
    if (matches) ignored = !negated;
  }
  return ignored;
}

function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      out += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

export function dockerIgnoreRules(context: string): string[] {
  const file = path.join(context, '.dockerignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

// ---- the workspace and the apps' configuration -----------------------------------------------------

/** Folders of every workspace package (pnpm-workspace.yaml `packages`, one trailing `*` supported). */
export function workspacePackages(): string[] {
  const { packages } = parse(read('pnpm-workspace.yaml')) as { packages: string[] };
  return packages.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(path.join(REPO_ROOT, parent), { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() && existsSync(path.join(REPO_ROOT, parent, entry.name, 'package.json')),
      )
      .map((entry) => `${parent}/${entry.name}`);
  });
}

/** Environment variables a source file reads: env.NAME, env['NAME'], process.env.NAME, read('NAME'. */
export function variablesRead(relative: string): Set<string> {
  const text = read(relative);
  const names = new Set<string>();
  for (const pattern of [
    /\benv\.([A-Z][A-Z0-9_]*)/g,
    /\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
    /\bread\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
  ]) {
    for (const match of text.matchAll(pattern)) names.add(match[1]);
  }
  return names;
}

/** `NAME` of every line `NAME=…` or `#NAME=…` (a documented, commented-out setting) of .env.example. */
export function envExampleVariables(): string[] {
  return [...read('.env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
}

/** Variables of docs/configuration.md's table (rows starting with | `NAME` |). */
export function configurationTableVariables(): Set<string> {
  return new Set(
    [...read('docs/configuration.md').matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((match) => match[1]),
  );
}

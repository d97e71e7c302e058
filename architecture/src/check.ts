// dependency-cruiser is held at 17.x: 18 requires Node 22, and the project runs on Node ≥ 20.19.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cruise, type IViolation } from 'dependency-cruiser';
import { rules } from './rules.js';

/**
 * Not source: test data and the tools' folders at the root (.tools, .jest-cache, …). Installed, built
 * and generated files are not followed rather than excluded: excluding a module would drop the
 * imports of it too, and the rules need to see those.
 */
const NOT_SOURCE = String.raw`(^|/)(coverage|test-data)/|^\.[\w-]+/`;
const NOT_FOLLOWED = '(^|/)(node_modules|dist)/|^packages/db/src/generated/';

interface PackageJson {
  name: string;
  main?: string;
  exports?: Record<string, string | { import?: string }>;
}

/**
 * `@frostline/*` imports resolved to the sources rather than to dist/, so the rules see one graph
 * across packages: each package.json export of `./dist/X.js` (or its main) becomes an alias to
 * `src/X.ts`, and a `*` export a folder prefix. Only apps/ and packages/ are imported by name.
 */
export function workspaceAliases(root: string): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const group of ['apps', 'packages']) {
    const groupDir = path.join(root, group);
    if (!existsSync(groupDir)) continue;
    for (const dir of readdirSync(groupDir)) {
      const packageDir = path.join(groupDir, dir);
      const manifest = path.join(packageDir, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as PackageJson;
      const entries = pkg.exports ?? (pkg.main ? { '.': pkg.main } : {});
      for (const [subpath, target] of Object.entries(entries)) {
        const file = typeof target === 'string' ? target : target.import;
        if (!file?.startsWith('./dist/')) continue;
        const request = path.posix.join(pkg.name, subpath);
        const source = path.join(packageDir, file.replace(/^\.\/dist\//, 'src/'));
        if (request.endsWith('/*')) {
          aliases[request.slice(0, -2)] = path.dirname(source);
        } else {
          aliases[`${request}$`] = source.replace(/\.js$/, '.ts');
        }
      }
    }
  }
  return aliases;
}

/** Every rule broken in the tree at `root` (the repository, or a test's fixture tree). */
export async function findViolations(root: string): Promise<IViolation[]> {
  const result = await cruise(
    ['.'],
    {
      baseDir: root,
      exclude: { path: NOT_SOURCE },
      doNotFollow: { path: NOT_FOLLOWED },
      // Type-only imports couple modules as much as any other.
      tsPreCompilationDeps: true,
      ruleSet: { forbidden: rules },
      validate: true,
    },
    { alias: workspaceAliases(root) },
  );
  if (typeof result.output === 'string')
    throw new Error('dependency-cruiser returned a report, not a result');
  return result.output.summary.violations;
}

/** One line per violation: the rule, then the import as written (or the whole cycle). */
export function describeViolation(violation: IViolation): string {
  const route = violation.cycle
    ? [violation.from, ...violation.cycle.map((step) => step.name)]
    : [violation.from, `'${violation.unresolvedTo ?? violation.to}'`];
  return `${violation.rule.name}: ${route.join(' → ')}`;
}

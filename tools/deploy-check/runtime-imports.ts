/**
 * The npm packages the image's code loads at run time, read from the sources: starting at the files the
 * entrypoint runs (every app's main.ts, the migrate CLI) and following relative imports and `@dcp/*` path
 * aliases (tsconfig.base.json) through every file they reach. Type-only imports are skipped (SWC erases
 * them); test files are never reached unless production code imports them.
 */
import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { packageOf } from './npm-lockfile';
import { ROOT, read } from './workspace';

/** Repository-relative sources the image starts (docker/entrypoint.sh): each app's main and the migrate CLI. */
export function imageEntryPoints(apps: readonly string[]): string[] {
  return [...apps.map((app) => `apps/${app}/src/main.ts`), 'libs/database/src/cli/migrate.ts'];
}

const aliases = (): Map<string, string> => {
  const paths = (JSON.parse(read('tsconfig.base.json')) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths;
  return new Map(Object.entries(paths).map(([alias, [target]]) => [alias, posix.normalize(target)]));
};

/** Module specifiers a source loads at run time (not `import type` / `export type`, not in comments). */
export function runtimeSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]/gm)) found.push(m[1]);
  for (const m of code.matchAll(/(?<![\w.])(?:require(?:\.resolve)?|import)\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]);
  return found;
}

function resolveRelative(fromFile: string, specifier: string): string {
  const base = posix.join(posix.dirname(fromFile), specifier);
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}/index.ts`, `${base}.json`]) {
    if (/\.(ts|json|js)$/.test(candidate) && existsSync(join(ROOT, candidate))) return candidate;
  }
  throw new Error(`${fromFile}: cannot resolve "${specifier}"`);
}

/** npm package names loaded at run time by the code reachable from `entries`, and the files reached. */
export function runtimePackages(entries: readonly string[]): { packages: Set<string>; files: Set<string> } {
  const alias = aliases();
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (file.endsWith('.json')) continue;
    for (const specifier of runtimeSpecifiers(read(file))) {
      if (specifier.startsWith('.')) queue.push(resolveRelative(file, specifier));
      else if (alias.has(specifier)) queue.push(alias.get(specifier)!);
      else if (specifier.startsWith('@dcp/')) throw new Error(`${file}: "${specifier}" is not a tsconfig.base.json path`);
      else if (packageOf(specifier)) packages.add(packageOf(specifier));
    }
  }
  return { packages, files };
}

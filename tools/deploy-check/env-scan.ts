/**
 * Every environment variable the deployed code reads, found in the source itself: `process.env.NAME`,
 * `env.NAME`, `env['NAME']` and `f(env, 'NAME', …)` (the helpers of libs/runtime/src/config/env-values.ts) in the
 * sources of every lib and of the apps that run on Kubernetes (tests, generated code and the testing lib
 * excluded). The k8s checks prove each one is wired in every overlay or deliberately left unset.
 */
import { appDirectories, DEPLOYED_APPS_EXCLUDED, listFiles, read } from './workspace';

const NAME = '[A-Z][A-Z0-9_]*';
const PATTERNS = [
  new RegExp(`\\b(?:process\\.)?env\\.(${NAME})\\b`, 'g'),
  new RegExp(`\\benv\\[['"](${NAME})['"]\\]`, 'g'),
  new RegExp(`\\benv,\\s*['"](${NAME})['"]`, 'g'),
];

/** Variable names read by one source text. */
export function envReadsIn(source: string): Set<string> {
  const names = new Set<string>();
  for (const re of PATTERNS) for (const m of source.matchAll(re)) names.add(m[1]);
  return names;
}

const isScanned = (file: string) =>
  file.endsWith('.ts') && !/\.(spec|int\.spec|e2e-spec)\.ts$/.test(file) && !file.startsWith('libs/testing/') && !/\/(test|generated)\//.test(file);

/** Source files of the libs and of the deployed apps. */
export function deployedSourceFiles(): string[] {
  const apps = appDirectories().filter((a) => !DEPLOYED_APPS_EXCLUDED.has(a));
  const libs = listFiles('libs').filter((f) => /^libs\/[^/]+\/src\//.test(f));
  return [...libs, ...apps.flatMap((a) => listFiles(`apps/${a}/src`))].filter(isScanned);
}

/** Variable name → the files that read it. */
export function envReadByDeployedCode(): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const file of deployedSourceFiles()) for (const name of envReadsIn(read(file))) where.set(name, [...(where.get(name) ?? []), file]);
  return where;
}

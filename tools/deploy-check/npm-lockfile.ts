/**
 * What `npm ci` installs from package-lock.json, without running npm: each lockfile entry carries the flags
 * npm derived from the dependency graph (dev, optional, devOptional, peer), and an `--omit` list drops an
 * entry by npm's own rule (arborist's Node.shouldOmit; a devOptional entry goes only when both dev and
 * optional are omitted). Dependencies resolve as Node does: the nearest node_modules folder up the path.
 */
import { builtinModules } from 'node:module';

export interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  engines?: { node?: string };
}

export interface Lockfile {
  packages: Record<string, LockEntry>;
}

export type OmitType = 'dev' | 'optional' | 'peer';

/** The dependency types an npm command line omits (`--omit=dev`, `--omit dev`, `--production`, `--only=prod`). */
export function omittedBy(command: string): Set<OmitType> {
  const omit = new Set<OmitType>();
  for (const m of command.matchAll(/--omit(?:=|\s+)(\S+)/g)) {
    if (m[1] !== 'dev' && m[1] !== 'optional' && m[1] !== 'peer') throw new Error(`unknown --omit value "${m[1]}"`);
    omit.add(m[1]);
  }
  if (/--production\b|--only=prod(uction)?\b/.test(command)) omit.add('dev');
  return omit;
}

/** npm's rule: is this entry left out under `omit`? */
export function isOmitted(entry: LockEntry, omit: ReadonlySet<OmitType>): boolean {
  const devOptional = !!(entry.devOptional || entry.dev || entry.optional);
  return (
    (!!entry.peer && omit.has('peer')) ||
    (!!entry.dev && omit.has('dev')) ||
    (!!entry.optional && omit.has('optional')) ||
    (devOptional && omit.has('dev') && omit.has('optional'))
  );
}

/** Lockfile paths (`node_modules/a/node_modules/b`) of the entries `npm ci` installs under `omit`. */
export function installedPaths(lock: Lockfile, omit: ReadonlySet<OmitType>): Set<string> {
  return new Set(Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !isOmitted(entry, omit)).map(([path]) => path));
}

/** Package name of a lockfile path. */
export const nameOfPath = (path: string): string => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Where `name` resolves from the package at `fromPath` ('' for the project): the nearest node_modules up the path. */
export function resolveFrom(lock: Lockfile, fromPath: string, name: string): string | undefined {
  let base = fromPath;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

/**
 * Every lockfile path a set of top-level packages needs at run time: their `dependencies` and required peers,
 * transitively. Optional dependencies and optional peers are not followed (a package runs without them).
 */
export function runtimeClosure(lock: Lockfile, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (fromPath: string, name: string, via: string) => {
    const path = resolveFrom(lock, fromPath, name);
    if (!path) throw new Error(`${name} (needed by ${via}) is not in package-lock.json`);
    if (seen.has(path)) return;
    seen.add(path);
    const entry = lock.packages[path];
    const required = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((peer) => !entry.peerDependenciesMeta?.[peer]?.optional),
    ];
    for (const dep of required) visit(path, dep, path);
  };
  for (const root of roots) visit('', root, 'the code');
  return seen;
}

const BUILTINS = new Set(builtinModules);

/** The package an import specifier loads ('' for Node's own modules). */
export function packageOf(specifier: string): string {
  if (specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0])) return '';
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Raw SQL as committed snapshots (libs/<lib>/queries/<source file>.sql), generated from the code: what
 * `npm run sql:snapshots` writes and sql-snapshots.spec.ts compares. Nothing here needs a database.
 *
 * - Discovery: every file under libs/<lib>/src holding a raw-SQL marker (`.$queryRaw`, `.$executeRaw`, their
 *   `Unsafe` forms, a pg/PGlite `.query('…')` or `.exec('…')`, a `hotStatement(` or `reactionStatement(` declaration) is loaded.
 * - Recording: the exports named in samples.ts are called on a recording database (recorder.ts); an exported
 *   class holding a hot statement as a property (a statement reaction) is read from an instance.
 * - Coverage: per file, the call sites and hot statements recorded must match the markers counted in its
 *   source, so a statement cannot be added without a sample that snapshots it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createRecorder, type RecordedStatement, StopRecording } from './recorder';
import { SAMPLES, type SampleEntry } from './samples';

const IN_DIST = __filename.endsWith('.js');
/** The repository root (this file runs from tools/ under jest, from dist/tools/ once built). */
export const ROOT = join(__dirname, IN_DIST ? '../../..' : '../..');
export const COMMAND = 'npm run sql:snapshots';

/** Files (by name, wherever they live) with markers that are the machinery rather than statements of their own, and why. */
export const NOT_STATEMENTS: Record<string, string> = {
  'hot-statements.ts': 'declares hotStatement()',
  'service-database.ts': "runs any hot statement's text through Prisma (PGlite)",
  'statement-reaction.ts': "builds reaction statements: its SQL is in each reaction's snapshot",
};

/**
 * Files (by name) whose raw calls send statements for their callers' code, and why: a statement one of them
 * sends during another file's sample is shown in that file's snapshot (its FROM … WHERE is the caller's) but
 * counted as the helper's call site, which the helper's own sample covers.
 */
export const SHARED_STATEMENT_HELPERS: Record<string, string> = {
  'list-total.ts': "an admin list's total: counts (then estimates) the list's own FROM … WHERE",
};

/** Prisma's raw calls, and a pg/PGlite `.query(`/`.exec(` whose first argument is a string literal (the database lib's own SQL). */
const RAW_CALL = /\.\$(?:queryRaw|executeRaw)(?:Unsafe)?\b|\.(?:query|exec)\s*(?:<[^()]*>)?\(\s*[`'"]/g;
const HOT_DECLARATION = /\b(?:hotStatement|reactionStatement)\s*[<(]/g;

/** Source without comments (block comments, and line comments not inside a URL-like `://`). */
export function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

export function countMarkers(source: string): { raw: number; hot: number } {
  const code = stripComments(source);
  return { raw: code.match(RAW_CALL)?.length ?? 0, hot: code.match(HOT_DECLARATION)?.length ?? 0 };
}

function* walk(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.isDirectory()) {
      if (!['generated', 'test', '__tests__', 'node_modules'].includes(e.name)) yield* walk(join(dir, e.name));
    } else if (e.name.endsWith('.ts') && !/\.(spec|e2e-spec|d)\.ts$/.test(e.name)) yield join(dir, e.name);
  }
}

/** Repository-relative paths of the source files holding raw SQL, with their marker counts. */
export function discoverSources(root = ROOT): Map<string, { raw: number; hot: number }> {
  const found = new Map<string, { raw: number; hot: number }>();
  for (const lib of readdirSync(join(root, 'libs')).sort()) {
    if (lib === 'testing') continue; // helpers of specs, never part of a service
    for (const abs of walk(join(root, 'libs', lib, 'src'))) {
      const file = abs.slice(root.length + 1).split('\\').join('/');
      if (Object.hasOwn(NOT_STATEMENTS, basename(file))) continue;
      const markers = countMarkers(readFileSync(abs, 'utf8'));
      if (markers.raw + markers.hot > 0) found.set(file, markers);
    }
  }
  return found;
}

/** Where a source file's snapshot goes: libs/<lib>/queries/<file name>.sql. */
export function snapshotPath(source: string): string {
  const lib = source.split('/')[1];
  return `libs/${lib}/queries/${basename(source, '.ts')}.sql`;
}

/** Whitespace only: trailing blanks, leading/trailing empty lines and runs of them, the common indentation. */
export function formatSql(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/, ''));
  // Text starting on the line of its opening quote: that line's indentation is the code's, not the SQL's.
  const startsOnQuoteLine = lines[0] !== '';
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) return '';
  const [first, ...rest] = startsOnQuoteLine ? [lines[0].trimStart(), ...lines.slice(1)] : ['', ...lines];
  const indents = rest.filter((l) => l !== '').map((l) => /^ */.exec(l)![0].length);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  const out = [...(startsOnQuoteLine ? [first] : []), ...rest.map((l) => l.slice(cut))];
  return out.filter((l, i) => !(l === '' && out[i - 1] === '')).join('\n');
}

export interface SnapshotStatement {
  /** The header: the member that sends it (a hot statement: its name, then the member). */
  title: string;
  sql: string;
  /** The source file that sends it. */
  file: string;
  /** Call site of a raw call; hot statement name for a hot statement. */
  key: string;
}

export interface Snapshots {
  /** Snapshot path → file content. */
  files: Map<string, string>;
  /** Per snapshot path, its statements (for reporting what changed). */
  statements: SnapshotStatement[];
  /** What keeps the snapshots from being complete: uncovered statements, samples that failed. */
  problems: string[];
}

type Loader = (source: string) => Record<string, unknown>;

/** Loads a source file's module: the .ts under jest (SWC), the built .js under dist/ otherwise. */
export const loadModule: Loader = (source) =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(IN_DIST ? join(ROOT, 'dist', source.replace(/\.ts$/, '.js')) : join(ROOT, source)) as Record<string, unknown>;

type Construct = new (...args: unknown[]) => Record<string, unknown>;
const isClass = (v: unknown): v is Construct => typeof v === 'function' && /^class\b/.test(Function.prototype.toString.call(v));
const isHotStatement = (v: unknown): v is { name: string; text: string; lane: string } =>
  typeof v === 'object' && v !== null && typeof (v as { name?: unknown }).name === 'string' && typeof (v as { text?: unknown }).text === 'string' && typeof (v as { lane?: unknown }).lane === 'string';

function titleOf(owner: string, s: RecordedStatement, variant: string | undefined, index: number, count: number): string {
  const member = `${owner}${variant ? ` (${variant})` : ''}${count > 1 ? ` #${index + 1}` : ''}`;
  return s.hot ? `${s.hot.name}: ${member}${s.hot.lane === 'requests' ? '' : `, ${s.hot.lane} lane`}` : member;
}

async function runSamples(name: string, value: unknown, entry: SampleEntry, source: string, out: SnapshotStatement[], problems: string[]): Promise<void> {
  for (const sample of entry.samples) {
    const owner = entry.kind === 'class' ? `${name}.${sample.method}` : name;
    const label = `${owner}${sample.variant ? ` (${sample.variant})` : ''}`;
    const r = createRecorder(ROOT, sample.answers);
    const undo = sample.before?.(r);
    try {
      if (entry.kind === 'class') {
        if (!isClass(value)) throw new Error(`${name} is not a class`);
        const instance = new value(...entry.create(r));
        const method = instance[sample.method ?? ''];
        if (typeof method !== 'function') throw new Error(`${name} has no method ${sample.method}`);
        await (method as (...a: unknown[]) => unknown).apply(instance, sample.args(r));
      } else {
        if (typeof value !== 'function') throw new Error(`${name} is not a function`);
        await (sample.call ? sample.call(value as (...a: never[]) => unknown, r) : (value as (...a: unknown[]) => unknown)(...sample.args(r)));
      }
    } catch (err) {
      if (!(err instanceof StopRecording)) problems.push(`${source}: sample ${label} failed: ${(err as Error).stack ?? String(err)}`);
    } finally {
      undo?.();
    }
    if (r.statements.length === 0) problems.push(`${source}: sample ${label} sent no SQL (tools/sql-snapshots/samples.ts)`);
    r.statements.forEach((s, i) => {
      // The sample's own file when it is on the stack (what the SQL passes through on the way, an adapter's
      // query(), does not own it), else the innermost file.
      const frame = s.frames.find((f) => f.file === source) ?? s.frames[0];
      const sender = s.frames[0];
      const viaHelper = sender !== undefined && sender.file !== frame?.file && Object.hasOwn(SHARED_STATEMENT_HELPERS, basename(sender.file));
      const key = s.hot ? `hot:${s.hot.name}` : viaHelper ? `via:${sender.site}` : `raw:${frame?.site ?? label}`;
      out.push({ title: titleOf(owner, s, sample.variant, i, r.statements.length), sql: formatSql(s.sql), file: frame?.file ?? source, key });
    });
  }
}

/** Hot statements held by an instance of an exported class (built without arguments: the reactions' constructors only keep them). */
function heldStatements(name: string, value: Construct, source: string, out: SnapshotStatement[]): void {
  let instance: Record<string, unknown>;
  try {
    instance = new value();
  } catch {
    return;
  }
  for (const [prop, v] of Object.entries(instance)) {
    if (!isHotStatement(v)) continue;
    const member = `${name}.${prop}`;
    out.push({ title: `${v.name}: ${member}${v.lane === 'requests' ? '' : `, ${v.lane} lane`}`, sql: formatSql(v.text), file: source, key: `hot:${v.name}` });
  }
}

function render(source: string, statements: SnapshotStatement[]): string {
  const head = [`-- Generated by \`${COMMAND}\` from ${source}: do not edit.`, '-- Parameters are the $1…$n sent to PostgreSQL; whitespace is normalised, nothing else.'];
  return [head.join('\n'), ...statements.map((s) => `-- ${s.title}\n${s.sql}`)].join('\n\n') + '\n';
}

/** Every snapshot, generated in memory. */
export async function generateSnapshots(load: Loader = loadModule, root = ROOT): Promise<Snapshots> {
  const sources = discoverSources(root);
  const problems: string[] = [];
  const statements: SnapshotStatement[] = [];
  const sampled = new Map<string, string[]>();
  for (const source of sources.keys()) {
    let mod: Record<string, unknown>;
    try {
      mod = load(source);
    } catch (err) {
      problems.push(`${source}: could not be loaded: ${(err as Error).message}`);
      continue;
    }
    for (const [name, value] of Object.entries(mod)) {
      const entry = Object.hasOwn(SAMPLES, name) ? SAMPLES[name] : undefined;
      if (entry) {
        sampled.set(name, [...(sampled.get(name) ?? []), source]);
        await runSamples(name, value, entry, source, statements, problems);
      } else if (isClass(value)) heldStatements(name, value, source, statements);
    }
  }
  for (const name of Object.keys(SAMPLES)) {
    const where = sampled.get(name) ?? [];
    if (where.length === 0) problems.push(`samples.ts names ${name}, which no file with raw SQL exports: remove or rename the entry`);
    if (where.length > 1) problems.push(`samples.ts: ${name} is exported by ${where.join(' and ')}; the samples ran for each`);
  }
  // Coverage: what the code holds against what the samples made it send.
  const files = [...new Set([...sources.keys(), ...statements.map((s) => s.file)])].sort();
  for (const file of files) {
    const markers = sources.get(file) ?? { raw: 0, hot: 0 };
    const of = statements.filter((s) => s.file === file);
    const raw = new Set(of.filter((s) => s.key.startsWith('raw:')).map((s) => s.key)).size;
    const hot = new Set(of.filter((s) => s.key.startsWith('hot:')).map((s) => s.key)).size;
    if (raw !== markers.raw)
      problems.push(`${file}: ${markers.raw} raw SQL call(s) ($queryRaw, $executeRaw, …Unsafe, .query('…'), .exec('…')) in the code, ${raw} sent by the samples: add or fix a sample in tools/sql-snapshots/samples.ts`);
    if (hot !== markers.hot)
      problems.push(`${file}: ${markers.hot} hot/reaction statement declaration(s) in the code, ${hot} recorded: add a sample in tools/sql-snapshots/samples.ts that runs each`);
  }
  const byPath = new Map<string, { source: string; statements: SnapshotStatement[] }>();
  for (const file of files) {
    const of = statements.filter((s) => s.file === file);
    if (of.length === 0) continue;
    const path = snapshotPath(file);
    const taken = byPath.get(path);
    if (taken) problems.push(`${file} and ${taken.source} would share the snapshot ${path}: rename one`);
    else byPath.set(path, { source: file, statements: of });
  }
  const out = new Map<string, string>();
  for (const [path, { source, statements: of }] of [...byPath].sort(([a], [b]) => a.localeCompare(b))) out.set(path, render(source, of));
  return { files: out, statements, problems };
}

/** The snapshot files committed now (libs/<lib>/queries/*.sql). */
export function committedSnapshots(root = ROOT): Map<string, string> {
  const found = new Map<string, string>();
  for (const lib of readdirSync(join(root, 'libs')).sort()) {
    let names: string[];
    try {
      names = readdirSync(join(root, 'libs', lib, 'queries'));
    } catch {
      continue;
    }
    for (const name of names.filter((n) => n.endsWith('.sql')).sort()) found.set(`libs/${lib}/queries/${name}`, readFileSync(join(root, 'libs', lib, 'queries', name), 'utf8'));
  }
  return found;
}

/** A snapshot file's statements by header (the lines after the file's own header). */
export function sectionsOf(content: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const block of content.trimEnd().split(/\n\n(?=-- )/).slice(1)) {
    const [title, ...sql] = block.split('\n');
    sections.set(title.replace(/^-- /, ''), sql.join('\n'));
  }
  return sections;
}

/** What differs between the committed snapshots and the generated ones, one line per statement or file. */
export function differences(committed: Map<string, string>, generated: Map<string, string>): string[] {
  const lines: string[] = [];
  for (const [path, content] of generated) {
    const before = committed.get(path);
    if (before === undefined) lines.push(`${path}: missing`);
    else if (before !== content) {
      const [a, b] = [sectionsOf(before), sectionsOf(content)];
      const changed = [...b.keys()].filter((t) => a.has(t) && a.get(t) !== b.get(t)).map((t) => `changed: ${t}`);
      const added = [...b.keys()].filter((t) => !a.has(t)).map((t) => `new: ${t}`);
      const removed = [...a.keys()].filter((t) => !b.has(t)).map((t) => `gone: ${t}`);
      const all = [...changed, ...added, ...removed];
      lines.push(`${path}: ${all.length > 0 ? all.join('; ') : 'differs (header or order)'}`);
    }
  }
  for (const path of committed.keys()) if (!generated.has(path)) lines.push(`${path}: no longer generated (its source moved or lost its SQL)`);
  return lines;
}

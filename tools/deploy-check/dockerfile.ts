/**
 * Reads docker/Dockerfile and replays what its instructions put in each stage's filesystem, without a
 * Docker engine: COPY from the build context (after .dockerignore, with Docker's directory, wildcard and
 * --parents rules), COPY --from another stage, WORKDIR, USER, and RUN steps whose outputs are known
 * (`npm ci` → node_modules, `tools/build.mjs` → dist). Each RUN records the files present before it, so
 * a check can ask "did the install see the lockfile and the Prisma schemas?".
 */
import { posix } from 'node:path';

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split('\n');
  let buffer = '';
  let startLine = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const trimmed = raw.trim();
    if (!buffer && (trimmed === '' || trimmed.startsWith('#'))) continue;
    if (buffer && trimmed.startsWith('#')) continue; // comments inside a continued instruction
    if (!buffer) startLine = i + 1;
    if (trimmed.endsWith('\\')) {
      buffer += trimmed.slice(0, -1) + ' ';
      continue;
    }
    buffer += trimmed;
    const m = /^(\S+)\s*([\s\S]*)$/.exec(buffer);
    if (m) out.push({ keyword: m[1].toUpperCase(), args: m[2].trim(), line: startLine });
    buffer = '';
  }
  return out;
}

export interface CopyArgs {
  from?: string;
  parents: boolean;
  chmod?: string;
  sources: string[];
  dest: string;
}

export function parseCopy(args: string): CopyArgs {
  const tokens = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
  const result: CopyArgs = { parents: false, sources: [], dest: '' };
  const rest: string[] = [];
  for (const t of tokens) {
    if (t.startsWith('--from=')) result.from = t.slice(7);
    else if (t === '--parents') result.parents = true;
    else if (t.startsWith('--chmod=')) result.chmod = t.slice(8);
    else if (t.startsWith('--')) continue; // --chown, --link, --exclude: no effect on what is copied here
    else rest.push(t);
  }
  const bracket = /^\[.*\]$/.exec(rest.join(' '));
  const paths = bracket ? (JSON.parse(bracket[0]) as string[]) : rest;
  result.dest = paths[paths.length - 1];
  result.sources = paths.slice(0, -1);
  return result;
}

export interface RunStep {
  command: string;
  workdir: string;
  /** Absolute paths of the files present when the step runs. */
  filesBefore: ReadonlySet<string>;
  /** Absolute paths of folders earlier RUN steps produced (copied in or made here). */
  producedBefore: ReadonlySet<string>;
}

export interface Stage {
  name: string;
  /** Image or earlier stage this one starts from. */
  from: string;
  workdir: string;
  user?: string;
  /** Absolute path → mode given by COPY --chmod (undefined: the context file's own mode). */
  files: Map<string, string | undefined>;
  /** Absolute folders whose content a RUN step produced (opaque here). */
  produced: Map<string, string>;
  runs: RunStep[];
  env: Map<string, string>;
  /** Build arguments declared in this stage → their default ('' when none). */
  args: Map<string, string>;
  /** LABEL key → value as written (build-argument references not expanded). */
  labels: Map<string, string>;
  entrypoint?: string[];
  healthcheck?: string;
}

/** `NAME=value NAME2="a b" NAME3` (ARG, ENV, LABEL) → [name, value] pairs, quotes removed; a bare name has no value. */
export function keyValuePairs(text: string): Array<[string, string | undefined]> {
  const pairs: Array<[string, string | undefined]> = [];
  for (const m of text.matchAll(/([^\s=]+)(?:=("(?:[^"\\]|\\.)*"|\S*))?/g)) {
    const raw = m[2];
    pairs.push([m[1].replace(/^"|"$/g, ''), raw === undefined ? undefined : raw.replace(/^"([\s\S]*)"$/, '$1').replace(/\\(.)/g, '$1')]);
  }
  return pairs;
}

/** What a RUN step is known to leave behind, relative to its WORKDIR. */
function outputsOf(command: string): string[] {
  const outputs: string[] = [];
  if (/\bnpm ci\b/.test(command)) outputs.push('node_modules');
  if (/\btools\/build\.mjs\b/.test(command)) outputs.push('dist');
  return outputs;
}

const globToRegExp = (glob: string) =>
  new RegExp(
    '^' +
      glob
        .split('')
        .map((ch) => (ch === '*' ? '[^/]*' : ch === '?' ? '[^/]' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
        .join('') +
      '$',
  );

function expandArgs(text: string, vars: Map<string, string>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_m, a: string, def: string | undefined, b: string) => {
    const name = a ?? b;
    return vars.get(name) || def || '';
  });
}

/**
 * Replays the Dockerfile. `context` lists the build context's files (repository-relative).
 * Returns the stages in order (the last one is the image).
 */
export function replay(instructions: Instruction[], context: readonly string[]): Stage[] {
  const stages: Stage[] = [];
  const globalArgs = new Map<string, string>();
  let stage: Stage | undefined;
  const abs = (p: string) => (p.startsWith('/') ? posix.normalize(p) : posix.join(stage!.workdir, p));

  const copyFromContext = (c: CopyArgs) => {
    const manySources = c.sources.length > 1 || c.sources.some((s) => /[*?]/.test(s));
    for (const rawSource of c.sources) {
      const source = posix.normalize(rawSource).replace(/^\.\/?/, '').replace(/\/$/, '');
      const re = globToRegExp(source);
      const matched = new Set<string>();
      for (const file of context) {
        const segments = file.split('/');
        for (let n = 1; n <= segments.length; n++) {
          const candidate = segments.slice(0, n).join('/');
          if (source === '' || source === '.' ? true : re.test(candidate)) {
            const matchedPath = source === '' || source === '.' ? '' : candidate;
            matched.add(matchedPath);
            const inside = matchedPath ? file.slice(matchedPath.length + 1) : file;
            const isFile = n === segments.length && matchedPath !== '';
            let target: string;
            if (c.parents) target = posix.join(abs(c.dest), file);
            else if (isFile) target = c.dest.endsWith('/') || manySources ? posix.join(abs(c.dest), posix.basename(file)) : abs(c.dest);
            else target = posix.join(abs(c.dest), inside);
            stage!.files.set(target, c.chmod);
            break;
          }
        }
      }
      // Plain COPY of a path that is not in the context fails the build; a wildcard may match nothing.
      if (!matched.size && !/[*?]/.test(source)) throw new Error(`COPY ${rawSource}: not in the build context`);
    }
  };

  const copyFromStage = (c: CopyArgs) => {
    const from = stages.find((s) => s.name === c.from);
    if (!from) return; // an external image: its content is not modelled
    for (const source of c.sources.map((s) => posix.normalize(s).replace(/\/$/, ''))) {
      let found = false;
      const dest = abs(c.dest);
      for (const [file, mode] of from.files) {
        if (file === source || file.startsWith(source + '/')) {
          stage!.files.set(file === source ? (c.dest.endsWith('/') ? posix.join(dest, posix.basename(file)) : dest) : posix.join(dest, file.slice(source.length + 1)), c.chmod ?? mode);
          found = true;
        }
      }
      for (const [dir, by] of from.produced) {
        if (dir === source || dir.startsWith(source + '/')) {
          stage!.produced.set(dir === source ? dest : posix.join(dest, dir.slice(source.length + 1)), `${from.name}: ${by}`);
          found = true;
        }
      }
      if (!found) throw new Error(`COPY --from=${c.from} ${source}: nothing there`);
    }
  };

  for (const ins of instructions) {
    if (ins.keyword === 'ARG' && !stage) {
      for (const [name, value = ''] of keyValuePairs(ins.args)) globalArgs.set(name, value);
      continue;
    }
    if (ins.keyword === 'FROM') {
      const m = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
      if (!m) throw new Error(`FROM on line ${ins.line}: cannot parse`);
      const image = expandArgs(m[1], globalArgs);
      const parent = stages.find((s) => s.name === image);
      stage = {
        name: m[2] ?? `stage-${stages.length}`,
        from: image,
        workdir: parent?.workdir ?? '/',
        user: parent?.user,
        files: new Map(parent?.files ?? []),
        produced: new Map(parent?.produced ?? []),
        runs: [],
        env: new Map(parent?.env ?? []),
        args: new Map(parent?.args ?? []),
        labels: new Map(parent?.labels ?? []),
        entrypoint: parent?.entrypoint,
        healthcheck: parent?.healthcheck,
      };
      stages.push(stage);
      continue;
    }
    if (!stage) throw new Error(`${ins.keyword} on line ${ins.line} before FROM`);
    switch (ins.keyword) {
      case 'WORKDIR':
        stage.workdir = abs(ins.args);
        break;
      case 'USER':
        stage.user = ins.args;
        break;
      case 'ENV':
        for (const m of ins.args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) stage.env.set(m[1], m[2].replace(/^"|"$/g, ''));
        break;
      case 'COPY':
      case 'ADD': {
        const c = parseCopy(ins.args);
        if (c.from) copyFromStage(c);
        else copyFromContext(c);
        break;
      }
      case 'RUN': {
        const command = ins.args.replace(/^(--mount=\S+\s+)+/, '');
        stage.runs.push({ command, workdir: stage.workdir, filesBefore: new Set(stage.files.keys()), producedBefore: new Set(stage.produced.keys()) });
        for (const out of outputsOf(command)) stage.produced.set(posix.join(stage.workdir, out), command);
        break;
      }
      case 'ENTRYPOINT':
        stage.entrypoint = ins.args.startsWith('[') ? (JSON.parse(ins.args) as string[]) : ['/bin/sh', '-c', ins.args];
        break;
      case 'HEALTHCHECK':
        stage.healthcheck = ins.args;
        break;
      case 'ARG':
        for (const [name, value] of keyValuePairs(ins.args)) stage.args.set(name, value ?? globalArgs.get(name) ?? '');
        break;
      case 'LABEL':
        for (const [name, value = ''] of keyValuePairs(ins.args)) stage.labels.set(name, value);
        break;
      default:
        break;
    }
  }
  return stages;
}

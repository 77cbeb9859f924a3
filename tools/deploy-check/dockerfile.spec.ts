/**
 * docker/Dockerfile, replayed over the real build context: the install sees the lockfile, the Prisma
 * generate script and every service's schema; the build sees every source; the image holds the
 * production dependencies, the compiled code, the migrations and the entrypoint, and runs as non-root.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { contextFiles, isIgnored, parseDockerignore } from './docker-context';
import { parseDockerfile, replay, type RunStep, type Stage } from './dockerfile';
import { NODE_END_OF_LIFE, satisfiesRange } from './node-release';
import { appDirectories, listFiles, read, ROOT, webAppDirectories } from './workspace';

// A service added tomorrow must be covered too: its Prisma folder joins the context (unless .dockerignore
// drops it, which the checks below would catch), so the replay proves the Dockerfile's rule, not a list.
const FUTURE_SERVICE_PRISMA = ['libs/zz-future/prisma/schema.prisma', 'libs/zz-future/prisma/migrations/20260101000000_init/migration.sql', 'libs/zz-future/prisma/migrations/migration_lock.toml'];
const ignoreRules = parseDockerignore(read('.dockerignore'));
const context = [...contextFiles(), ...FUTURE_SERVICE_PRISMA.filter((f) => !isIgnored(ignoreRules, f))];
const stages = replay(parseDockerfile(read('docker/Dockerfile')), context);
const image = stages[stages.length - 1];
const nodeVersionArg = () => /^ARG\s+NODE_VERSION=(\S+)\s*$/m.exec(read('docker/Dockerfile'))?.[1] ?? 'ARG NODE_VERSION missing';
const prismaFiles = [...listFiles('libs').filter((f) => /^libs\/[^/]+\/prisma\//.test(f)), ...FUTURE_SERVICE_PRISMA];

function runOf(predicate: (r: RunStep) => boolean): { stage: Stage; run: RunStep } {
  for (const stage of stages) for (const run of stage.runs) if (predicate(run)) return { stage, run };
  throw new Error('no such RUN step');
}
const fullInstall = runOf((r) => /\bnpm ci\b/.test(r.command) && !/--omit=dev/.test(r.command));
const build = runOf((r) => /tools\/build\.mjs/.test(r.command));
const at = (workdir: string, rel: string) => join(workdir, rel).split('\\').join('/');

/** Relative imports of an .mjs/.js tool, followed transitively (what `node tools/x.mjs` loads from the repo). */
function localImports(rel: string, seen = new Set<string>()): Set<string> {
  if (seen.has(rel)) return seen;
  seen.add(rel);
  for (const m of read(rel).matchAll(/(?:from\s+|import\s*\(\s*|require\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    localImports(join(dirname(rel), m[1]).split('\\').join('/'), seen);
  }
  return seen;
}

describe('.dockerignore', () => {
  const rules = ignoreRules;

  it('follows Docker\'s matching rules (guards the replay)', () => {
    const r = parseDockerignore('dist\n*.log\n**/node_modules\n**/*.md\n!README.md\nlibs/*/src/generated');
    expect(isIgnored(r, 'dist/apps/x.js')).toBe(true);
    expect(isIgnored(r, 'a.log')).toBe(true);
    expect(isIgnored(r, 'logs/a.log')).toBe(false);
    expect(isIgnored(r, 'libs/x/node_modules/y.js')).toBe(true);
    expect(isIgnored(r, 'docs/a.md')).toBe(true);
    expect(isIgnored(r, 'README.md')).toBe(false);
    expect(isIgnored(r, 'libs/sso/src/generated/client.ts')).toBe(true);
    expect(isIgnored(r, 'libs/sso/src/index.ts')).toBe(false);
  });

  it('keeps local state, dependencies, build output and stale generated clients out of the context', () => {
    for (const path of ['.git/HEAD', 'node_modules/x/index.js', 'dist/apps/a/src/main.js', '.data/pglite/x', 'libs/sso/src/generated/client.ts', '.env', 'tmp/x']) {
      expect({ path, ignored: isIgnored(rules, path) }).toEqual({ path, ignored: true });
    }
  });
});

describe('docker/Dockerfile', () => {
  it('builds every stage on one exact Node.js LTS release (ARG NODE_VERSION), supported today and inside package.json engines', () => {
    const external = stages.filter((s) => !stages.some((o) => o.name === s.from));
    expect(external.length).toBeGreaterThan(0);
    const version = nodeVersionArg();
    for (const s of external) expect(s.from).toBe(`node:${version}-bookworm-slim`);
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const major = Number(version.split('.')[0]);
    expect({ major, lts: major % 2 === 0 }).toEqual({ major, lts: true });
    const endOfLife = NODE_END_OF_LIFE[major];
    expect({ major, endOfLifeKnown: endOfLife !== undefined }).toEqual({ major, endOfLifeKnown: true });
    expect({ major, endOfLife, supported: Date.now() < Date.parse(endOfLife) }).toEqual({ major, endOfLife, supported: true });
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect({ version, engines, satisfied: satisfiesRange(version, engines) }).toEqual({ version, engines, satisfied: true });
  });

  it('reads a Node.js engines range as npm does (guards the check above)', () => {
    expect(satisfiesRange('24.11.1', '>=20.19')).toBe(true);
    expect(satisfiesRange('20.18.3', '>=20.19')).toBe(false);
    expect(satisfiesRange('22.1.0', '^20.19 || >=22')).toBe(true);
    expect(satisfiesRange('21.0.0', '^20.19 || >=22')).toBe(false);
    expect(satisfiesRange('24.0.0', '>=20 <24')).toBe(false);
    expect(satisfiesRange('24.11.1', '>= 22.x')).toBe(true);
    expect(satisfiesRange('24.11.1', '18 || 20 || >=22')).toBe(true);
    expect(satisfiesRange('21.5.0', '18 || 20 || >=22')).toBe(false);
    expect(satisfiesRange('24.11.1', '>=6 <7 || >=8')).toBe(true);
    expect(satisfiesRange('24.11.1', '10.* || >= 12.*')).toBe(true);
    expect(satisfiesRange('24.11.1', '*')).toBe(true);
    expect(satisfiesRange('24.11.1', '^12.22.0 || ^14.17.0 || >=16.0.0')).toBe(true);
    expect(satisfiesRange('24.11.1', '^20.19.0 || ^22.13.0 || >=23.5.0')).toBe(true);
    expect(satisfiesRange('24.11.1', '^20.19 || ^22.12')).toBe(false);
    expect(satisfiesRange('24.11.1', '~24.11.0')).toBe(true);
    expect(satisfiesRange('24.12.0', '~24.11.0')).toBe(false);
    expect(satisfiesRange('0.3.0', '^0.2.3')).toBe(false);
    expect(satisfiesRange('0.2.9', '^0.2.3')).toBe(true);
    expect(satisfiesRange('24.11.1', '<=24.11')).toBe(true);
    expect(satisfiesRange('24.12.0', '<=24.11')).toBe(false);
    expect(satisfiesRange('24.11.1', '>24.10')).toBe(true);
    expect(satisfiesRange('24.10.9', '>24.10')).toBe(false);
    expect(() => satisfiesRange('24.0.0', '>=twenty')).toThrow(/cannot read/);
  });

  it('installs with `npm ci` from the lockfile, seeing the postinstall script and every Prisma schema', () => {
    const { run } = fullInstall;
    const needed = ['package.json', 'package-lock.json', ...localImports('tools/postinstall.mjs'), ...localImports('tools/prisma-generate.mjs'), ...prismaFiles];
    const missing = needed.filter((f) => !run.filesBefore.has(at(run.workdir, f)));
    expect(missing).toEqual([]);
    expect(read('package.json')).toMatch(/"postinstall":\s*"node tools\/postinstall\.mjs"/);
  });

  it('each Prisma client is generated inside its lib\'s src/ (compiled into dist/) and kept out of the context', () => {
    const schemas = listFiles('libs').filter((f) => /^libs\/[^/]+\/prisma\/schema\.prisma$/.test(f));
    for (const schema of schemas) {
      const output = /generator\s+\w+\s*\{[^}]*\boutput\s*=\s*"([^"]+)"/.exec(read(schema))?.[1];
      expect({ schema, output: output !== undefined }).toEqual({ schema, output: true });
      const generated = join(dirname(schema), output!).split('\\').join('/');
      const lib = schema.split('/').slice(0, 2).join('/');
      expect(generated.startsWith(`${lib}/src/`)).toBe(true);
      expect(isIgnored(ignoreRules, `${generated}/client.ts`)).toBe(true);
    }
  });

  it('installs before copying the sources, so a code change does not re-run the install', () => {
    const { run } = fullInstall;
    const sources = [...run.filesBefore].filter((f) => /\/(apps|libs)\/[^/]+\/src\//.test(f));
    expect(sources).toEqual([]);
  });

  it('the postinstall, run with only what the install layer holds, generates and prepares nothing else', () => {
    // Outside the image the postinstall also builds dist/ and the embedded template (decisions EM6); in the
    // install layer there are no sources, so it must stop after generating (here: no Prisma CLI either).
    const { run } = fullInstall;
    const layer = mkdtempSync(join(tmpdir(), 'dcp-install-layer-'));
    try {
      for (const f of [...run.filesBefore].filter((f) => f.startsWith(`${run.workdir}/tools/`))) {
        const rel = f.slice(run.workdir.length + 1);
        mkdirSync(dirname(join(layer, rel)), { recursive: true });
        copyFileSync(join(ROOT, rel), join(layer, rel));
      }
      const result = spawnSync(process.execPath, ['tools/postinstall.mjs'], { cwd: layer, encoding: 'utf8' });
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
      expect(result.stdout).toMatch(/skipping/);
      expect(existsSync(join(layer, 'dist'))).toBe(false);
      expect(existsSync(join(layer, 'node_modules'))).toBe(false);
    } finally {
      rmSync(layer, { recursive: true, force: true });
    }
  });

  it('builds with every app and lib source, the SWC settings and installed dependencies present', () => {
    const { run } = build;
    const sources = [...listFiles('apps'), ...listFiles('libs')].filter((f) => /\.(ts|json|sql|prisma)$/.test(f) && !/\/generated\//.test(f));
    const needed = ['tools/build.mjs', '.swcrc.json', 'package.json', ...sources];
    expect(needed.filter((f) => !run.filesBefore.has(at(run.workdir, f)))).toEqual([]);
    expect(run.producedBefore.has(at(run.workdir, 'node_modules'))).toBe(true);
    // The build's roots must include apps and libs (it takes roots as arguments).
    const roots = run.command.split(/\s+/).slice(2).filter((a) => !a.startsWith('-'));
    if (roots.length) expect(roots).toEqual(expect.arrayContaining(['apps', 'libs']));
  });

  it('builds the browser apps (the operator console) in the same build, from all their files, into dist', () => {
    const { run } = build;
    expect(webAppDirectories()).toContain('console');
    for (const app of webAppDirectories()) {
      const files = listFiles(`apps/${app}`);
      expect(files.filter((f) => !run.filesBefore.has(at(run.workdir, f)))).toEqual([]);
    }
    // tools/build.mjs builds the console (tools/console/build.mjs, into dist/console) when its roots include apps.
    expect(read('tools/build.mjs')).toContain("r === 'apps'");
    expect(image.produced.get(at(image.workdir, 'dist'))).toMatch(/^build: node tools\/build.mjs /);
  });

  describe('the image (last stage)', () => {
    const workdir = image.workdir;
    const entrypoint = image.entrypoint ?? [];

    it('holds production dependencies only, installed from the lockfile', () => {
      const origin = image.produced.get(at(workdir, 'node_modules'));
      expect(origin).toBeDefined();
      expect(origin).toMatch(/npm ci\b.*--omit=dev/);
    });

    it('holds the compiled code from the build stage', () => {
      expect(image.produced.get(at(workdir, 'dist'))).toMatch(/tools\/build\.mjs/);
    });

    it('holds every service\'s prisma folder where the migrate command looks for it', () => {
      expect(prismaFiles.filter((f) => !image.files.has(at(workdir, f)))).toEqual([]);
      expect(image.files.has(at(workdir, 'package.json'))).toBe(true);
    });

    it('starts through docker/entrypoint.sh, executable, resolving dist/ beside it', () => {
      expect(entrypoint).toHaveLength(1);
      const script = entrypoint[0];
      expect(image.files.has(script)).toBe(true);
      const mode = image.files.get(script) ?? (statSync(join(ROOT, 'docker/entrypoint.sh')).mode & 0o777).toString(8);
      expect(parseInt(mode, 8) & 0o111).not.toBe(0);
      // entrypoint.sh runs from the folder above its own: that is where dist/ and node_modules/ must be.
      const appRoot = dirname(dirname(script));
      expect(image.produced.has(`${appRoot}/dist`)).toBe(true);
      expect(image.produced.has(`${appRoot}/node_modules`)).toBe(true);
    });

    it('runs as a numeric non-root user', () => {
      expect(image.user).toMatch(/^[1-9]\d*(:\d+)?$/);
    });

    it('has a HEALTHCHECK whose script is in the image', () => {
      expect(image.healthcheck).toBeDefined();
      const script = /"(\/[^"]+\.js)"/.exec(image.healthcheck ?? '')?.[1];
      expect(script).toBeDefined();
      expect(image.files.has(script!)).toBe(true);
    });

    it('carries the OCI labels, each from a build argument; what package.json knows is its default', () => {
      const pkg = JSON.parse(read('package.json')) as { version: string; description: string; license: string };
      const argOf = (label: string) => /^\$\{([A-Z_][A-Z0-9_]*)\}$/.exec(image.labels.get(`org.opencontainers.image.${label}`) ?? '')?.[1];
      const labels = ['title', 'description', 'source', 'version', 'revision', 'created', 'licenses', 'vendor'];
      const fromArgs = labels.map((label) => ({ label, arg: argOf(label) !== undefined && image.args.has(argOf(label)!) }));
      expect(fromArgs).toEqual(labels.map((label) => ({ label, arg: true })));
      const defaults = Object.fromEntries(['version', 'description', 'licenses'].map((label) => [label, image.args.get(argOf(label)!)]));
      expect(defaults).toEqual({ version: pkg.version, description: pkg.description, licenses: pkg.license });
      // A build argument used before the labels would make every new REVISION or CREATED rebuild layers.
      const text = read('docker/Dockerfile');
      const firstLabelArg = text.search(/^ARG\s+TITLE=/m);
      expect(text.slice(firstLabelArg)).not.toMatch(/^(RUN|COPY|ADD)\b/m);
    });

    it('selects the app with APP and runs in production mode by default', () => {
      expect(image.env.has('APP')).toBe(true);
      expect(image.env.get('NODE_ENV')).toBe('production');
      expect(appDirectories().length).toBeGreaterThan(0);
    });

    it('listens on every interface of the container (outside one the default is loopback: SDA1)', () => {
      expect([image.env.get('HOST'), image.env.get('ADMIN_HOST')]).toEqual(['0.0.0.0', '0.0.0.0']);
    });
  });
});

/**
 * The README's "How to add a service operation" and "How to add an event consumer" lists, proved: in a copy of
 * the workspace, `scaffold.mjs` adds an operation to firmware-service and a reaction to permission-service;
 * the copy then type-checks, the owners' entry-point specs pass, and the new operation answers a merchant's
 * signed-in app in both modes (embedded, and PostgreSQL + NATS) and is shown in the public API document and
 * in the public-API spec's real answers.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const root = join(__dirname, '../..');

// The copy's tsc and two platform boots per mode take minutes on a busy machine.
jest.setTimeout(15 * 60_000);

/** The tracked and new files of the workspace, its generated Prisma clients, and its node_modules linked. */
function copyWorkspace(): string {
  const copy = mkdtempSync(join(tmpdir(), 'dcp-scaffold-'));
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  // Prisma clients are generated at install (ignored by git): libs/*/src/generated, libs/*/test/fixtures/*/src/generated.
  for (const dir of generatedDirs(join(root, 'libs'))) cpSync(dir, join(copy, relative(root, dir)), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

function generatedDirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'node_modules')
    .flatMap((e) => (e.name === 'generated' ? [join(dir, e.name)] : generatedDirs(join(dir, e.name))));
}

interface Result {
  status: number | null;
  output: string;
}

const childEnv = () => ({ ...process.env, NX_DAEMON: 'false', LOG_LEVEL: 'silent' });

function run(cwd: string, command: string, args: string[]): Result {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: childEnv(), maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

/** `run` in the background (never rejects): the copy's tsc runs on one core while its specs run on the other. */
function start(cwd: string, command: string, args: string[]): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: childEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (e) => resolve({ status: null, output: `${command}: ${e.message}` }));
    child.on('close', (status) => resolve({ status, output: `${stdout}\n${stderr}` }));
  });
}

interface SpecFileResult {
  name: string;
  status: string;
  message: string;
  assertionResults: { title: string; status: string }[];
}

const bin = (name: string) => join(root, 'node_modules/.bin', name);

const ENTRY_POINT_SPECS = ['libs/firmware/src/firmware.entry-points.spec.ts', 'libs/permission/src/permission.entry-points.spec.ts'];
const E2E_SPECS = ['apps/platform/test/who-am-i.e2e.spec.ts', 'apps/platform/test/public-api.e2e.spec.ts'];

describe('scaffold: the README lists for adding an operation and an event consumer', () => {
  let copy: string;
  const written: string[] = [];

  /**
   * The checks of the last two tests, started together by whichever runs first: tsc (the longest step)
   * beside eslint and then one jest process for the owners' entry-point specs and the e2e specs (one
   * start instead of three; --json tells each spec file's results apart).
   */
  let checks: { tsc: Promise<Result>; lint: Promise<Result>; specs: Promise<{ run: Result; files: SpecFileResult[] }> } | undefined;
  function startChecks(): NonNullable<typeof checks> {
    if (checks) return checks;
    const tsc = start(copy, bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    const lint = start(copy, bin('eslint'), ['--max-warnings=0', ...written.filter((f) => f.endsWith('.ts'))]);
    const report = join(copy, 'scaffold-specs.json');
    const specs = lint
      .then(() => start(copy, bin('jest'), ['--ci', '--runInBand', '--json', `--outputFile=${report}`, '--projects', 'libs/firmware', 'libs/permission', 'apps/platform', '--', ...ENTRY_POINT_SPECS, ...E2E_SPECS]))
      .then((r) => ({ run: r, files: existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as { testResults: SpecFileResult[] }).testResults : [] }));
    return (checks = { tsc, lint, specs });
  }
  /** One spec file's results, by its path in the copy (the jest output attached when the file did not run). */
  async function specFile(path: string): Promise<SpecFileResult> {
    const { run: r, files } = await startChecks().specs;
    const found = files.find((f) => f.name.endsWith(`/${path}`));
    if (!found) throw new Error(`${path} did not run (jest exit ${r.status}):\n${r.output}`);
    return found;
  }

  beforeAll(() => {
    copy = copyWorkspace();
    // The copy runs its own scaffold, so what is proved is what a developer's checkout does.
    const op = run(copy, process.execPath, ['tools/scaffold/scaffold.mjs', 'operation', 'firmware', 'whoAmI', 'firmware_probe.whoAmI', 'The openId of the signed-in user.']);
    const reaction = run(copy, process.execPath, ['tools/scaffold/scaffold.mjs', 'reaction', 'permission', 'deviceBound']);
    for (const r of [op, reaction]) if (r.status !== 0) throw new Error(r.output);
    written.push(...`${op.output}\n${reaction.output}`.split('\n').filter((l) => l.startsWith('wrote ')).map((l) => l.slice('wrote '.length)));
  });
  afterAll(async () => {
    // A failed test leaves the other checks running in the copy: wait for them before removing it.
    if (checks) await Promise.all([checks.tsc, checks.lint, checks.specs.catch(() => undefined)]);
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('adding an operation is the catalogue entry and one decorated use case in its barrel (plus its specs); a consumer, one decorated reaction in its barrel', () => {
    expect(written.sort()).toEqual(
      [
        'libs/contracts/src/gateway-catalog.ts',
        'libs/firmware/src/who-am-i/who-am-i.use-case.ts',
        'libs/firmware/src/firmware.entry-points.ts',
        'apps/platform/test/who-am-i.e2e.spec.ts',
        'apps/platform/test/public-api.e2e.spec.ts',
        'libs/permission/src/reactions/device-bound.reaction.ts',
        'libs/permission/src/permission.entry-points.ts',
      ].sort(),
    );
    expect(readFileSync(join(copy, 'libs/firmware/src/who-am-i/who-am-i.use-case.ts'), 'utf8')).toContain("@ServesOperation('whoAmI')");
  });

  it('refuses what it cannot write cleanly, changing nothing', () => {
    const catalogue = readFileSync(join(copy, 'libs/contracts/src/gateway-catalog.ts'), 'utf8');
    for (const args of [
      ['operation', 'firmware', 'whoAmIAgain', 'firmware_probe.whoAmI', 'Twice.'], // the service name is taken
      ['operation', 'edge', 'x', 'a.b', 'Not a service lib.'],
      ['operation', 'firmware', 'Bad-Key', 'a.b', 'Bad key.'],
      ['reaction', 'permission', 'deviceBound'], // the reaction file exists
      ['reaction', 'permission', 'noSuchEvent'],
    ]) {
      const r = run(copy, process.execPath, ['tools/scaffold/scaffold.mjs', ...args]);
      expect([args.join(' '), r.status]).toEqual([args.join(' '), 2]);
      expect(r.output).toMatch(/^scaffold: /m);
    }
    expect(readFileSync(join(copy, 'libs/contracts/src/gateway-catalog.ts'), 'utf8')).toBe(catalogue);
  });

  it('the result type-checks and lints, and the owners list every declared entry point', async () => {
    const { tsc, lint } = startChecks();
    const checked = await tsc;
    expect(checked.output.trim()).toBe('');
    expect(checked.status).toBe(0);
    const linted = await lint;
    expect([linted.status, linted.output.replace(/^.*(ProjectGraph|nrwl\/nx|enforce-module-boundaries).*$/gm, '').trim()]).toEqual([0, '']);
    for (const spec of ENTRY_POINT_SPECS) {
      const r = await specFile(spec);
      expect({ spec, status: r.status, message: r.message }).toEqual({ spec, status: 'passed', message: '' });
      expect(r.assertionResults.length).toBeGreaterThan(0);
    }
  });

  it('the new operation is served in both modes and answers as its catalogue entry (and so the public document) says', async () => {
    const [whoAmI, publicApi] = await Promise.all(E2E_SPECS.map(specFile));
    for (const r of [whoAmI, publicApi]) expect({ spec: r.name, status: r.status, message: r.message }).toEqual({ spec: r.name, status: 'passed', message: '' });
    // Each of the generated spec's tests passed once per mode; the public-API spec showed the new answer.
    for (const test of ['answers the signed-in user', 'refuses a wrong access token with the platform code', 'is described in the public API document']) {
      expect([test, whoAmI.assertionResults.filter((a) => a.title === test && a.status === 'passed').length]).toEqual([test, 2]);
    }
    expect(publicApi.assertionResults.filter((a) => a.title.startsWith('every operation answers exactly the fields') && a.status === 'passed')).toHaveLength(1);
    // Both modes ran: with REQUIRE_INFRA (CI) the distributed suite cannot have been skipped.
    if (process.env.REQUIRE_INFRA === '1') {
      for (const r of [whoAmI, publicApi]) expect(r.assertionResults.filter((a) => a.status !== 'passed')).toEqual([]);
    }
  });
});

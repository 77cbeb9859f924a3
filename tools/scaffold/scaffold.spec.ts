/**
 * The README's "How to add a service operation" and "How to add an event consumer" lists, proved: in a copy of
 * the workspace, `scaffold.mjs` adds an operation to firmware-service and a reaction to permission-service;
 * the copy then type-checks, the owners' entry-point specs pass, and the new operation answers a merchant's
 * signed-in app in both modes (embedded, and PostgreSQL + NATS) and is shown in the public API document and
 * in the public-API spec's real answers.
 */
import { spawnSync } from 'node:child_process';
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

function run(cwd: string, command: string, args: string[]): { status: number | null; output: string } {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false', LOG_LEVEL: 'silent' }, maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

const bin = (name: string) => join(root, 'node_modules/.bin', name);

describe('scaffold: the README lists for adding an operation and an event consumer', () => {
  let copy: string;
  const written: string[] = [];

  beforeAll(() => {
    copy = copyWorkspace();
    // The copy runs its own scaffold, so what is proved is what a developer's checkout does.
    const op = run(copy, process.execPath, ['tools/scaffold/scaffold.mjs', 'operation', 'firmware', 'whoAmI', 'firmware_probe.whoAmI', 'The openId of the signed-in user.']);
    const reaction = run(copy, process.execPath, ['tools/scaffold/scaffold.mjs', 'reaction', 'permission', 'deviceBound']);
    for (const r of [op, reaction]) if (r.status !== 0) throw new Error(r.output);
    written.push(...`${op.output}\n${reaction.output}`.split('\n').filter((l) => l.startsWith('wrote ')).map((l) => l.slice('wrote '.length)));
  });
  afterAll(() => {
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

  it('the result type-checks and lints, and the owners list every declared entry point', () => {
    const tsc = run(copy, bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    expect(tsc.output.trim()).toBe('');
    expect(tsc.status).toBe(0);
    const lint = run(copy, bin('eslint'), ['--max-warnings=0', ...written.filter((f) => f.endsWith('.ts'))]);
    expect([lint.status, lint.output.replace(/^.*(ProjectGraph|nrwl\/nx|enforce-module-boundaries).*$/gm, '').trim()]).toEqual([0, '']);
    const entryPoints = run(copy, bin('jest'), ['--ci', '-c', 'libs/firmware/jest.config.cjs', 'libs/firmware/src/firmware.entry-points.spec.ts']);
    expect([entryPoints.status, entryPoints.output]).toEqual([0, expect.stringContaining('passed')]);
    const consumer = run(copy, bin('jest'), ['--ci', '-c', 'libs/permission/jest.config.cjs', 'libs/permission/src/permission.entry-points.spec.ts']);
    expect([consumer.status, consumer.output]).toEqual([0, expect.stringContaining('passed')]);
  });

  it('the new operation is served in both modes and answers as its catalogue entry (and so the public document) says', () => {
    const e2e = run(copy, bin('jest'), ['--ci', '--verbose', '-c', 'apps/platform/jest.config.cjs', 'apps/platform/test/who-am-i.e2e.spec.ts', 'apps/platform/test/public-api.e2e.spec.ts']);
    expect([e2e.status, e2e.output]).toEqual([0, expect.stringMatching(/Tests: +\d+ passed/)]);
    // Each of the generated spec's tests passed once per mode; the public-API spec showed the new answer.
    for (const test of ['answers the signed-in user', 'refuses a wrong access token with the platform code', 'is described in the public API document']) {
      expect([test, e2e.output.match(new RegExp(`✓ ${test}`, 'g'))?.length]).toEqual([test, 2]);
    }
    expect(e2e.output).toMatch(/✓ every operation answers exactly the fields/);
    // Both modes ran: with REQUIRE_INFRA (CI) the distributed suite cannot have been skipped.
    if (process.env.REQUIRE_INFRA === '1') expect(e2e.output).not.toMatch(/skipped/);
  });
});

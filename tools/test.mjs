#!/usr/bin/env node
// `npm test`: build (SWC), type check, lint (module boundaries included), then every jest project.
// Prints a closing "N passed, N failed, N skipped" line. With REQUIRE_INFRA=1 suites that need
// PostgreSQL or NATS fail instead of skipping when those are unreachable.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick'); // jest only
const jestArgs = args.filter((a) => a !== '--quick');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function step(title, cmd, cmdArgs, env = {}) {
  process.stdout.write(`\n=== ${title}\n`);
  const started = Date.now();
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  process.stdout.write(`=== ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return r.status === 0;
}

let ok = true;
if (!quick) {
  ok = step('build', process.execPath, [join(root, 'tools/build.mjs')]) && ok;
  ok = step('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']) && ok;
  ok = step('typecheck console', bin('tsc'), ['-p', 'apps/console/tsconfig.json']) && ok;
  // The module-boundary rule reads Nx's cached project graph; without one it would silently skip.
  ok = step('project graph', bin('nx'), ['graph', '--file=tmp/project-graph.json'], { NX_DAEMON: 'false', NX_NO_CLOUD: 'true' }) && ok;
  ok = step('lint', bin('eslint'), ['apps', 'libs', 'tools', '--max-warnings=0']) && ok;
}
mkdirSync(join(root, 'tmp'), { recursive: true });
const report = join(root, 'tmp', 'jest-results.json');
const env = { NX_DAEMON: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };
ok = step('jest', bin('jest'), ['--ci', '--maxWorkers=2', `--json`, `--outputFile=${report}`, ...jestArgs], env) && ok;

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  process.stdout.write(`\n${r.numPassedTests} passed, ${failed} failed, ${r.numPendingTests} skipped\n`);
  if (r.numTotalTests === 0) ok = false;
}
process.exit(ok ? 0 : 1);

#!/usr/bin/env node
// `npm test`: build (SWC), then the type checks and lint (module boundaries included) at once, then every
// jest project.
// Prints a closing "N passed, N failed, N skipped" line. With REQUIRE_INFRA=1 suites that need
// PostgreSQL or NATS fail instead of skipping when those are unreachable.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick'); // jest only
const jestArgs = args.filter((a) => a !== '--quick');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** Runs one step with its output shown as it comes (build, jest: nothing else runs meanwhile). */
function step(title, cmd, cmdArgs, env = {}) {
  process.stdout.write(`\n=== ${title}\n`);
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', (err) => process.stderr.write(`${err.message}\n`));
    child.on('close', (code) => {
      process.stdout.write(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
      done(code === 0);
    });
  });
}

/**
 * Runs one step with its output (stdout and stderr, in the order written) kept until it ends, so steps
 * running at once each print whole. Resolves to the step's report; print() writes it.
 */
function bufferedStep(title, cmd, cmdArgs, env = {}) {
  const started = Date.now();
  return new Promise((done) => {
    const chunks = [];
    const child = spawn(cmd, cmdArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (err) => chunks.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => done({ title, ok: code === 0, output: Buffer.concat(chunks), seconds: (Date.now() - started) / 1000 }));
  });
}

function print({ title, ok, output, seconds }) {
  process.stdout.write(`\n=== ${title}\n`);
  process.stdout.write(output);
  process.stdout.write(`=== ${title}: ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s)\n`);
  return ok;
}

let ok = true;
if (!quick) {
  ok = (await step('build', process.execPath, [join(root, 'tools/build.mjs')])) && ok;
  // Piped output is no terminal: keep the colours a terminal would have shown.
  const tty = process.stdout.isTTY;
  // The type checks and the lint run at once (two cores); each prints whole, in this order, once it and
  // the steps before it are done.
  const steps = [
    bufferedStep('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit', ...(tty ? ['--pretty'] : [])]),
    bufferedStep('typecheck console', bin('tsc'), ['-p', 'apps/console/tsconfig.json', ...(tty ? ['--pretty'] : [])]),
  ];
  // The module-boundary rule reads Nx's cached project graph; without one it would silently skip. No
  // eslint --cache: a cached file is not linted again when only the graph changed (a project's tags, or a
  // circular dependency made elsewhere), so a boundary violation would go unreported.
  const graph = bufferedStep('project graph', bin('nx'), ['graph', '--file=tmp/project-graph.json'], { NX_DAEMON: 'false', NX_NO_CLOUD: 'true' });
  steps.push(graph, graph.then(() => bufferedStep('lint', bin('eslint'), ['apps', 'libs', 'tools', '--max-warnings=0', ...(tty ? ['--color'] : [])])));
  for (const s of steps) ok = print(await s) && ok;
}
mkdirSync(join(root, 'tmp'), { recursive: true });
const report = join(root, 'tmp', 'jest-results.json');
const env = { NX_DAEMON: 'false', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };
ok = (await step('jest', bin('jest'), ['--ci', '--maxWorkers=2', `--json`, `--outputFile=${report}`, ...jestArgs], env)) && ok;

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  process.stdout.write(`\n${r.numPassedTests} passed, ${failed} failed, ${r.numPendingTests} skipped\n`);
  if (r.numTotalTests === 0) ok = false;
}
process.exit(ok ? 0 : 1);

/**
 * A built app (`node dist/apps/<app>/src/main.js`) run as its own process, the way a pod runs it: specs that
 * send it signals or take its dependencies away. Build first with `buildApps`; `stop()` in afterAll always
 * kills what is left.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository's root, whether this file runs from libs/testing/src (specs) or dist/libs/testing/src (the bench). */
const ROOT = repositoryRoot(__dirname);

function repositoryRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) if (existsSync(join(dir, 'nx.json'))) return dir;
  throw new Error(`no nx.json above ${from}`);
}

/** Transpiles the given projects (and every lib) into dist/ (incremental: only what changed). */
export function buildApps(...apps: string[]): void {
  execFileSync(process.execPath, [join(ROOT, 'tools/build.mjs'), ...apps.map((a) => `apps/${a}`), 'libs', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
}

export interface AppExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppProcess {
  readonly child: ChildProcess;
  /** Resolves when the process has exited. */
  readonly exited: Promise<AppExit>;
  /** Everything it wrote to stdout and stderr so far (failure messages). */
  output(): string;
  /** SIGKILL if still running; resolves once it is gone. */
  stop(): Promise<void>;
}

/** The JSON log lines a process wrote at `level` (a ConfigError's one `fatal` line, say). */
export function logLinesAt(app: AppProcess, level: string): Array<{ level: string; msg?: string }> {
  return app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: string; msg?: string })
    .filter((line) => line.level === level);
}

export function startApp(app: string, env: Record<string, string>): AppProcess {
  return startBuiltScript(`apps/${app}/src/main.js`, { LOG_LEVEL: 'warn', ...env });
}

/** Any built script of dist/ (an app's main.js, a benchmark baseline) as its own process, cwd the repository. */
export function startBuiltScript(script: string, env: Record<string, string>): AppProcess {
  const child = spawn(process.execPath, [join(ROOT, 'dist', script)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // All of it: specs search a process's whole output (a fatal line, no credential anywhere).
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<AppExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    exited,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Polls `url` until it answers `status` (readiness flips, a listener comes up); fails with the app's output
 * when it exits first or `timeoutMs` passes. Polling stands in for the kubelet's probe.
 */
export async function waitForStatus(url: string, status: number, app: AppProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null || app.child.signalCode !== null) throw new Error(`${url}: the app exited before answering ${status}:\n${app.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === status) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last}):\n${app.output()}`);
}

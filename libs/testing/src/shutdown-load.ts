/**
 * SIGTERM under load (docs/decisions.md HS2), the way a Deployment rolls: replicas of one built app share a
 * steady load of real operations; one of them is terminated once the load has made some progress, and the
 * load goes on until that process has exited and the remaining replicas have answered more calls.
 */
import { parsePrometheusText } from '@dcp/observability';
import { type AppExit, type AppProcess, startApp, waitForStatus } from './app-process';
import { freePort } from './nats-server';

export interface Replica {
  readonly app: AppProcess;
  readonly healthPort: number;
}

/** Starts `count` replicas of `app` (each with its own HEALTH_PORT) and waits until every one is ready. */
export async function startReplicas(app: string, count: number, env: Record<string, string>): Promise<Replica[]> {
  const replicas: Replica[] = [];
  for (let i = 0; i < count; i++) {
    const healthPort = await freePort();
    replicas.push({ app: startApp(app, { ...env, HEALTH_PORT: String(healthPort) }), healthPort });
  }
  try {
    for (const r of replicas) await waitForStatus(`http://127.0.0.1:${r.healthPort}/health/ready`, 200, r.app);
  } catch (err) {
    await Promise.all(replicas.map((r) => r.app.stop()));
    throw err;
  }
  return replicas;
}

/** Operations a replica has answered so far (`dcp_service_operations_total`, any outcome). */
export async function operationsServed(replica: Replica): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${replica.healthPort}/metrics`, { signal: AbortSignal.timeout(5_000) });
  return parsePrometheusText(await res.text())
    .find('dcp_service_operations_total')
    .reduce((n, s) => n + s.value, 0);
}

export interface ShutdownLoadOptions {
  /** The replica that gets SIGTERM. */
  terminated: Replica;
  /** Workers calling one after another (each a client of its own: per-worker state is the caller's). */
  concurrency: number;
  /** SIGTERM goes out once this many calls have ended. */
  sigtermAfter: number;
  /** The load stops once this many calls started after the terminated process had exited were answered. */
  answeredAfterExit: number;
  /** One real operation: resolves when it succeeded, throws on an error reply or an unexpected answer. */
  call: (worker: number, index: number) => Promise<void>;
}

export interface ShutdownLoadReport {
  exit: AppExit;
  /** Calls made, successful or not. */
  calls: number;
  /** Calls started after the terminated process had exited: only the other replicas could answer them. */
  answeredAfterExit: number;
  /** Operations the terminated replica had served when it got SIGTERM (it was under load). */
  servedByTerminated: number;
  /** Every call that did not succeed (worker, index, error code and details). */
  failures: string[];
}

/** A broken setup fails every call: past this many failures the load stops (the report has them). */
const MAX_FAILURES = 25;

export async function loadThroughShutdown(opts: ShutdownLoadOptions): Promise<ShutdownLoadReport> {
  const { terminated } = opts;
  const failures: string[] = [];
  let calls = 0;
  let answeredAfterExit = 0;
  let exited = false;
  let servedByTerminated = 0;
  let sigterm: Promise<void> | undefined;
  void terminated.app.exited.then(() => (exited = true));

  const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
  const sendSigterm = async () => {
    try {
      servedByTerminated = await operationsServed(terminated);
    } catch (err) {
      failures.push(`metrics of the terminated replica: ${message(err)}`);
    } finally {
      terminated.app.child.kill('SIGTERM');
    }
  };
  const done = () => (exited && answeredAfterExit >= opts.answeredAfterExit) || failures.length >= MAX_FAILURES;
  const worker = async (w: number) => {
    for (let i = 0; !done(); i++) {
      const startedAfterExit = exited;
      try {
        await opts.call(w, i);
        if (startedAfterExit) answeredAfterExit++;
      } catch (err) {
        failures.push(`worker ${w} call ${i}${startedAfterExit ? ' (after exit)' : ''}: ${message(err)}`);
      }
      if (++calls === opts.sigtermAfter) sigterm = sendSigterm();
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, w) => worker(w)));
  // Stopped by failures before the SIGTERM was due: terminate anyway so the report has an exit.
  await (sigterm ?? sendSigterm());
  return { exit: await terminated.app.exited, calls, answeredAfterExit, servedByTerminated, failures };
}

/**
 * Background load in a worker thread (its own event loop, so the deletion timings on the main thread are not
 * delayed by the load's work): GET `paths` round-robin at `rate` req/s, open loop (./paced.ts), until told
 * to stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runPaced } from './paced';
import { percentile } from './stats';

export interface LoadWorkerData {
  url: string;
  paths: string[];
  rate: number;
  connections: number;
}

export interface LoadWorkerResult {
  /** Requests answered per second while the load ran. */
  rps: number;
  abandoned: number;
  p99: number;
  /** How late the generator started requests (p99, ms): high when the machine had no CPU left for it. */
  lagP99: number;
  errors: number;
}

const { url, paths, rate, connections } = workerData as LoadWorkerData;
let next = 0;
let failed = 0;
const stop = new AbortController();
parentPort?.once('message', () => stop.abort());
void runPaced(
  url,
  [
    {
      method: 'GET',
      path: paths[0],
      setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }),
      onResponse: (status, body) => {
        if (status !== 200 || !body.includes('"errorCode":""')) failed++;
      },
    },
  ],
  rate,
  3600,
  connections,
  stop.signal,
).then((r) => parentPort?.postMessage({ rps: r.latencies.length / r.duration, abandoned: r.abandoned, lagP99: r.lagP99, p99: percentile(r.latencies, 99), errors: failed + r.errors } satisfies LoadWorkerResult));

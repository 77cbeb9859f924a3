/**
 * Latency at a fixed rate, open loop: requests are scheduled at even intervals (rate per second) whatever the
 * server does, and each latency is measured from the request's scheduled time, so a stalled server shows
 * up in the percentiles instead of slowing the load down (no coordinated omission). autocannon's own
 * `overallRate` sends each connection's quota back to back at the start of every second — a burst at
 * saturation, then silence — which measures bursts, not a steady rate.
 * Multi-step pipelines (a scenario's `requests`) run in order per sequence; sequences are scheduled at
 * rate ÷ steps so that the request rate is `rate`. A sequence's context starts with `scheduledAt` (its
 * scheduled time, `performance.now()` of this process).
 */
import type { RawRequest, Request } from 'autocannon';
import { Agent, type ClientRequest, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from './stats';

export interface PacedResult {
  latencies: number[];
  errors: number;
  /** Requests still queued or in flight when `stop` ended the run (an overloaded server's backlog), not counted. */
  abandoned: number;
  /** ms the generator started sequences after their scheduled time, 99th percentile: above a few ms, the bench itself is the bottleneck. */
  lagP99: number;
  /** Seconds over which the requests were scheduled. */
  duration: number;
}

interface Response {
  status: number;
  body: string;
  headers: Record<string, string>;
}

function send(agent: Agent, base: URL, req: RawRequest, timeoutMs: number, inFlight: Set<ClientRequest>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const r = httpRequest(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: req.method ?? 'GET',
        path: req.path ?? '/',
        headers: { ...(req.headers ?? {}), ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers as Record<string, string> }));
        res.on('error', reject);
      },
    );
    inFlight.add(r);
    r.on('close', () => inFlight.delete(r));
    r.on('timeout', () => r.destroy(new Error('timeout')));
    r.on('error', reject);
    r.end(body);
  });
}

/** `stop`: ends the schedule early (background load that runs until the measurement beside it is done). */
export async function runPaced(url: string, requests: Request[], rate: number, seconds: number, connections: number, stop?: AbortSignal, timeoutMs = 10_000): Promise<PacedResult> {
  const base = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const intervalMs = (1000 * requests.length) / rate;
  const sequences = Math.max(1, Math.floor((seconds * 1000) / intervalMs));
  const running = new Set<Promise<void>>();
  const lags: number[] = [];
  const inFlight = new Set<ClientRequest>();
  let stopped = false;
  let abandoned = 0;

  const runSequence = async (scheduledAt: number) => {
    // The schedule (performance.now() of this process) is the pipeline's to read: latencies measured elsewhere (alarm_push) start there too.
    const context: Record<string, unknown> = { scheduledAt };
    let startedAt = scheduledAt;
    for (const step of requests) {
      const raw: RawRequest = { method: step.method, path: step.path, headers: step.headers, body: step.body };
      const req = step.setupRequest ? step.setupRequest(raw, context) : raw;
      if (!req) return;
      if (stopped) return;
      try {
        const res = await send(agent, base, req, timeoutMs, inFlight);
        if (stopped) return;
        const now = performance.now();
        latencies.push(now - startedAt);
        startedAt = now;
        step.onResponse?.(res.status, res.body, context, res.headers);
      } catch {
        if (stopped) abandoned++;
        else errors++;
        return;
      }
    }
  };

  const t0 = performance.now() + 5;
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < sequences && t0 + next * intervalMs <= now) {
        lags.push(now - (t0 + next * intervalMs));
        const p = runSequence(t0 + next * intervalMs);
        running.add(p);
        void p.finally(() => running.delete(p));
        next++;
      }
      if (next >= sequences || stop?.aborted) return done();
      // Wake up at the next scheduled time (timers fire late by up to a millisecond; the schedule does not drift).
      setTimeout(tick, Math.max(0, t0 + next * intervalMs - performance.now()));
    };
    tick();
  });
  if (stop?.aborted) {
    // Background load: what is still queued is dropped, not waited for (an open loop's backlog can be minutes).
    stopped = true;
    for (const r of inFlight) r.destroy();
    agent.destroy();
  }
  await Promise.all([...running]);
  agent.destroy();
  return { latencies, errors, abandoned, lagP99: percentile(lags, 99), duration: (next * intervalMs) / 1000 };
}

/**
 * The public surface's last hour as this edge replica served it, for the operators' overview: one-minute
 * buckets of requests, errors and a fixed latency histogram (60 buckets, a few hundred numbers; nothing per
 * caller). Prometheus has the same requests in dcp_http_request_duration_seconds across every replica; this
 * window only answers "how is it going" without a Prometheus at hand. A restart starts it empty.
 */
import type { PublicTrafficView } from '@dcp/contracts';
import type { FastifyInstance } from 'fastify';

const BUCKET_MS = 60_000;
const MINUTES = 60;
/** Upper bounds (seconds) of the latency histogram; the last bucket is everything slower. */
export const LATENCY_BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
/** The platform's system error (000099): the platform failed, not the caller. */
const SYSTEM_ERROR = '000099';

interface Minute {
  minute: number;
  requests: number;
  serverErrors: number;
  clientErrors: number;
  latency: number[];
  slowest: number;
}

/** One per edge process (AdminModule provides it by factory). */
export class PublicTrafficWindow {
  private readonly minutes: Minute[] = [];
  private readonly started: number;

  constructor(private readonly nowMs: () => number = Date.now) {
    this.started = nowMs();
  }

  /** One answered request: its HTTP status, the error envelope's code (`none` without one), its duration. */
  observe(status: number, envelopeCode: string, seconds: number): void {
    const minute = Math.floor(this.nowMs() / BUCKET_MS);
    let m = this.minutes[this.minutes.length - 1];
    if (!m || m.minute !== minute) {
      m = { minute, requests: 0, serverErrors: 0, clientErrors: 0, latency: new Array<number>(LATENCY_BOUNDS.length + 1).fill(0), slowest: 0 };
      this.minutes.push(m);
      while (this.minutes.length > MINUTES) this.minutes.shift();
    }
    m.requests += 1;
    if (status >= 500 || envelopeCode === SYSTEM_ERROR) m.serverErrors += 1;
    else if (status >= 400 || (envelopeCode !== 'none' && envelopeCode !== '')) m.clientErrors += 1;
    const i = LATENCY_BOUNDS.findIndex((bound) => seconds <= bound);
    m.latency[i === -1 ? LATENCY_BOUNDS.length : i] += 1;
    m.slowest = Math.max(m.slowest, seconds);
  }

  /** The last hour (or since start, when shorter). */
  view(): PublicTrafficView {
    const now = this.nowMs();
    const since = Math.floor(now / BUCKET_MS) - MINUTES + 1;
    const recent = this.minutes.filter((m) => m.minute >= since);
    const requests = recent.reduce((n, m) => n + m.requests, 0);
    const serverErrors = recent.reduce((n, m) => n + m.serverErrors, 0);
    const clientErrors = recent.reduce((n, m) => n + m.clientErrors, 0);
    const latency = new Array<number>(LATENCY_BOUNDS.length + 1).fill(0);
    for (const m of recent) m.latency.forEach((n, i) => (latency[i] += n));
    const slowest = recent.reduce((s, m) => Math.max(s, m.slowest), 0);
    const quantile = (q: number): number | null => {
      if (requests === 0) return null;
      let seen = 0;
      for (let i = 0; i < latency.length; i++) {
        seen += latency[i];
        if (seen >= q * requests) return i < LATENCY_BOUNDS.length ? LATENCY_BOUNDS[i] : slowest;
      }
      return slowest;
    };
    return {
      windowSeconds: Math.min(MINUTES * 60, Math.max(0, Math.round((now - this.started) / 1000))),
      requests,
      serverErrors,
      clientErrors,
      serverErrorRate: requests === 0 ? 0 : serverErrors / requests,
      p50Seconds: quantile(0.5),
      p95Seconds: quantile(0.95),
      p99Seconds: quantile(0.99),
    };
  }
}

/**
 * Feeds the window from the public server: every answer, after observeHttpRequests read its envelope code
 * (install after recordHttpMetrics). A callback hook, like the metrics' (the edge's hot path).
 */
export function recordPublicTraffic(fastify: FastifyInstance, window: PublicTrafficWindow): void {
  fastify.addHook('onResponse', (req, reply, done) => {
    window.observe(reply.statusCode, String((req as { envelopeCode?: unknown }).envelopeCode ?? 'none'), reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Baseline 1: bare Fastify on the same routes answering the same bytes from memory — the envelope the platform
 * answered for each operation (captured by the bench just before, file in BENCH_CANNED), the server time
 * live. Form bodies are parsed, as any server must. What no platform work at all costs on this machine.
 * Environment: BENCH_PORT, BENCH_CANNED.
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

export interface CannedResponses {
  /** Body per `service` of /gateway and /stream, and per SSO path. */
  bodies: Record<string, string>;
  playlist: string;
  /** base64 */
  segment: string;
}

const canned = JSON.parse(readFileSync(String(process.env.BENCH_CANNED), 'utf8')) as CannedResponses;
const segment = Buffer.from(canned.segment, 'base64');
const notFound = '{"errorCode":"009999","failureDetails":"service name does not exist","data":null}';

const app = Fastify({ logger: false });
app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

function envelope(service: string | undefined): string {
  if (service === 'cloud_system.current_time') return `{"errorCode":"","failureDetails":"","data":${Date.now()}}`;
  return (service !== undefined && canned.bodies[service]) || notFound;
}

const byService = async (req: { query: unknown }, reply: { type(t: string): unknown }) => {
  reply.type('application/json; charset=utf-8');
  return envelope((req.query as { service?: string }).service);
};
app.get('/gateway', byService);
app.post('/gateway', byService);
app.get('/stream', byService);
app.post('/sso/:endpoint', async (req, reply) => {
  reply.type('application/json; charset=utf-8');
  return envelope(`/sso/${(req.params as { endpoint: string }).endpoint}`);
});
app.get('/hls/*', async (req, reply) => {
  if (req.url.split('?')[0].endsWith('.m3u8')) return reply.type('application/vnd.apple.mpegurl').send(canned.playlist);
  return reply.type('video/mp2t').send(segment);
});

app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' }).catch((err: unknown) => {
  process.stderr.write(`bare baseline: ${String(err)}\n`);
  process.exit(1);
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

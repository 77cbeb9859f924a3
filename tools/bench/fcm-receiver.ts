/**
 * The receiver of the `alarm_push` scenario, as its own process: the local FCM server of the specs
 * (`FcmTestServer`, @dcp/testing: the OAuth 2 jwt-bearer token endpoint and HTTP v1 `messages:send`, checking
 * what arrives as Google does) that the platform pushes to (PUSH_FCM_BASE_URL, PUSH_FCM_TOKEN_URL), and a small
 * control server for the bench on BENCH_FCM_CONTROL_PORT:
 *   GET  /health    → { baseUrl, tokenUrl }
 *   POST /account   → a new service account (projectId, clientEmail, privateKey) for a merchant's credentials
 *   GET  /arrivals  → the messages accepted since the last call, compact ([messageId, token, receivedAt, devId, type]), then
 *                     forgotten (one reader: the bench), with the server's request counters
 * Its own process so that the load generator's event loop does not receive the pushes too; `receivedAt` is
 * `performance.timeOrigin + performance.now()` in this process, comparable with the bench's on one machine.
 * Environment: BENCH_FCM_CONTROL_PORT.
 */
import { createServer } from 'node:http';
import { FcmTestServer } from '@dcp/testing';
import type { Arrival, ArrivalsAnswer } from './alarm-push';

async function main(): Promise<void> {
  const fcm = new FcmTestServer();
  await fcm.start();
  const control = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
    };
    const path = new URL(req.url ?? '/', 'http://receiver').pathname;
    if (req.method === 'GET' && path === '/health') return answer(200, { baseUrl: fcm.baseUrl, tokenUrl: fcm.tokenUrl });
    if (req.method === 'POST' && path === '/account') {
      fcm.serviceAccount().then(
        (account) => answer(200, account),
        (err: unknown) => answer(500, { error: String(err) }),
      );
      return;
    }
    if (req.method === 'GET' && path === '/arrivals') {
      const taken = fcm.messages.splice(0);
      const arrivals: Arrival[] = taken.map((m) => [m.message.data?.messageId ?? '', m.message.token, m.receivedAt, m.message.data?.devId ?? '', m.message.data?.type ?? '']);
      return answer(200, { arrivals, counts: { ...fcm.counts } } satisfies ArrivalsAnswer);
    }
    answer(404, { error: 'not found' });
  });
  control.keepAliveTimeout = 60_000;
  control.listen(Number(process.env.BENCH_FCM_CONTROL_PORT ?? 0), '127.0.0.1');
  process.on('SIGTERM', () => {
    control.close();
    void fcm.stop().then(() => process.exit(0));
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`fcm-receiver: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

/**
 * The merchant's two endpoints (spec 4.3) for the bench, as its own process: every token `<uuid>.<anything>`
 * is valid for user `<uuid>`, so each login can carry a fresh token (a repeated signed request would be a
 * replay) without the merchant keeping millions of them. Minimal on purpose (node:http, no framework): logins
 * measure the platform, not the merchant. `POST /bench/deleted?uuid=` deletes a user on the merchant's side,
 * as a merchant does before its DELETE callback (get_user_profile then answers 401).
 * Environment: BENCH_MERCHANT_PORT.
 */
import { createServer } from 'node:http';

const deleted = new Set<string>();

function user(uuid: string) {
  return { uuid, username: `${uuid}@bench.example`, name: 'Bench User', nickname: '', phone: '', country: '' };
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://merchant');
  const answer = (status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
  };
  const known = (uuid: string | undefined): uuid is string => !!uuid && !deleted.has(uuid);
  if (req.method === 'GET' && url.pathname === '/idp/is_valid_token') {
    const uuid = url.searchParams.get('token')?.split('.')[0];
    return known(uuid) ? answer(200, { errorCode: '', failureDetails: '', user: user(uuid) }) : answer(401, { errorCode: 'BM0401', failureDetails: 'token is invalid' });
  }
  if (req.method === 'GET' && url.pathname === '/idp/get_user_profile') {
    const uuid = url.searchParams.get('uuid') ?? undefined;
    return known(uuid) ? answer(200, { errorCode: '', failureDetails: '', user: user(uuid) }) : answer(401, { errorCode: 'BM0402', failureDetails: 'user profile not exists' });
  }
  if (req.method === 'POST' && url.pathname === '/bench/deleted') {
    deleted.add(url.searchParams.get('uuid') ?? '');
    res.writeHead(204).end();
    return;
  }
  if (url.pathname === '/health') return answer(200, { ok: true });
  answer(404, { errorCode: 'BM0404', failureDetails: 'not found' });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.BENCH_MERCHANT_PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));

/**
 * `npm run demo`: the whole single sign-on flow against a running platform (`npm start`), as a merchant's
 * server and app would drive it. Starts the reference merchant, registers it, signs a user in, refreshes,
 * calls the gateway, and sends UPDATE and DELETE callbacks — printing every request and response.
 *
 * Environment: BASE_URL (http://localhost:3000), ADMIN_URL (http://localhost:3001), ADMIN_TOKEN
 * (dev-admin-token), SANDBOX_PORT (4000).
 */
import { signedHeaders } from '@dcp/signing';
import { startMerchantSandbox } from '@dcp/merchant-sandbox';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const ADMIN_URL = process.env.ADMIN_URL ?? 'http://localhost:3001';
const ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? 'dev-admin-token';
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 4000);

type Json = Record<string, unknown>;

function show(title: string, request: string, status: number, body: unknown): void {
  process.stdout.write(`\n── ${title}\n   ${request}\n   → HTTP ${status} ${JSON.stringify(body)}\n`);
}

async function json(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
}

const lastSigned = new Map<string, number>();

/**
 * The same request signed in the same second has the same signature, which the platform refuses as a
 * replay (OP0044): a merchant repeating a request waits for the next second and signs it again.
 */
async function signingTime(key: string): Promise<number> {
  let now = Date.now();
  if (lastSigned.get(key) === Math.floor(now / 1000)) {
    await new Promise((r) => setTimeout(r, 1000 - (now % 1000)));
    now = Date.now();
  }
  lastSigned.set(key, Math.floor(now / 1000));
  return now;
}

/** A signed SSO call exactly as spec 5.1 describes: form body, four headers, HMAC over the sorted params. */
async function sso(path: string, params: Record<string, string>, clientId: string, clientSecret: string, title: string): Promise<Json> {
  const now = await signingTime(`${clientId} ${path} ${new URLSearchParams(params)}`);
  const headers = signedHeaders({ method: 'POST', path, params, clientId, clientSecret, now });
  const res = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  const body = (await res.json()) as Json;
  show(title, `POST ${path} ${new URLSearchParams(params)}  [x-client-time=${headers['x-client-time']} sign=${headers.sign.slice(0, 12)}…]`, res.status, body);
  return body;
}

async function gateway(params: Record<string, string>, title: string): Promise<Json> {
  const url = `${BASE_URL}/gateway?${new URLSearchParams(params)}`;
  const res = await fetch(url);
  const body = (await res.json()) as Json;
  show(title, `GET /gateway?service=${params.service}`, res.status, body);
  return body;
}

/** A gateway POST with a form body, as spec 4.4 asks for the operations that change something. */
async function gatewayPost(service: string, form: Record<string, string>, title: string): Promise<Json> {
  const res = await fetch(`${BASE_URL}/gateway?service=${service}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const body = (await res.json()) as Json;
  show(title, `POST /gateway?service=${service} ${form.macAddr ? `macAddr=${form.macAddr}` : ''}`, res.status, body);
  return body;
}

async function main(): Promise<void> {
  const ping = await fetch(`${BASE_URL}/health/live`).catch(() => undefined);
  if (!ping?.ok) throw new Error(`the platform does not answer on ${BASE_URL}: start it first with \`npm start\``);

  const sandbox = await startMerchantSandbox({ port: SANDBOX_PORT, host: '127.0.0.1' });
  try {
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const merchant = await json(
      'POST',
      `${ADMIN_URL}/admin/v1/merchants`,
      { name: 'Demo Cameras Inc.', tokenValidationUrl: `${sandbox.url}/idp/is_valid_token`, userProfileUrl: `${sandbox.url}/idp/get_user_profile` },
      admin,
    );
    show('operator registers the merchant', 'POST /admin/v1/merchants', merchant.status, merchant.body);
    if (merchant.status !== 201) throw new Error('merchant registration failed: is ADMIN_TOKEN right?');
    const clientId = String(merchant.body.clientId);
    const clientSecret = String(merchant.body.clientSecret);

    const user = await json('POST', `${sandbox.url}/sandbox/users`, { username: 'ada@example.com', name: 'Ada Lovelace', nickname: 'ada', country: 'GB' });
    show('merchant creates a user (sandbox)', 'POST /sandbox/users', user.status, user.body);
    const uuid = String(user.body.uuid);
    const token = await json('POST', `${sandbox.url}/sandbox/users/${uuid}/tokens`, {});
    show('merchant issues its own token to its app (sandbox)', `POST /sandbox/users/${uuid}/tokens`, token.status, token.body);

    const login = await sso('/sso/authorize_by_token', { token: String(token.body.token) }, clientId, clientSecret, 'app signs in with the merchant token');
    const refreshed = await sso('/sso/refresh_token', { refreshToken: String(login.refreshToken) }, clientId, clientSecret, 'app refreshes the access token');
    const credentials = { clientId, openId: String(login.openId), accessToken: String(refreshed.accessToken) };

    await gateway({ service: 'cloud_system.current_time' }, 'server time (no authentication)');
    // A MAC as merchants' apps send it, and as the platform answers it: 12 upper-case hex digits, no separator.
    const mac = `020000${[0, 0, 0].map(() => Math.floor(Math.random() * 256).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
    await gatewayPost(
      'user_ipc_setting_v2_0.addOemDevice',
      { ...credentials, macAddr: mac, deviceName: 'Front door', username: 'admin', password: 'c2VjcmV0', hasusertag: '2', supportStore: '1', supportRichMedia: '0', productName: 'DoorCam 3', oemCode: 'DEMO' },
      'the app binds a camera to the user',
    );
    await gateway({ service: 'user_ipc_setting_v2_0.getOemDeviceByUser', ...credentials }, 'the app lists the user\'s cameras');
    await gateway({ service: 'fcmall.get_current_service', ...credentials, macAddr: mac }, 'the camera\'s current cloud service (the free 8-hour service: it supports cloud storage)');
    await gateway({ service: 'user_ipc_setting_v2_0.getOemDeviceByUser', ...credentials, accessToken: 'not-the-token' }, 'the same call with a wrong accessToken');

    await json('PATCH', `${sandbox.url}/sandbox/users/${uuid}`, { name: 'Ada King' });
    await sso('/sso/user_callback', { operation: 'UPDATE', uuid }, clientId, clientSecret, 'merchant: user changed (UPDATE callback)');
    await sso('/sso/user_callback', { operation: 'DELETE', uuid }, clientId, clientSecret, 'merchant: DELETE while it still has the user (refused)');
    const removed = await json('DELETE', `${sandbox.url}/sandbox/users/${uuid}`);
    show('merchant deletes the user on its side (sandbox)', `DELETE /sandbox/users/${uuid}`, removed.status, removed.body);
    await sso('/sso/user_callback', { operation: 'DELETE', uuid }, clientId, clientSecret, 'merchant: user deleted (DELETE callback)');
    await gateway({ service: 'user_ipc_setting_v2_0.getOemDeviceByUser', ...credentials }, 'the deleted user\'s credentials no longer work (the camera was unbound too)');
    process.stdout.write('\nDone. Every request above was signed as spec 5.1 describes; see tools/demo/demo.ts.\n');
  } finally {
    await sandbox.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

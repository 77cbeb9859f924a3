/**
 * `npm run demo`: the whole product against a running platform (`npm start`), as a merchant's server, its
 * app and a camera would drive it. Starts the reference merchant, registers it, signs a user in, refreshes,
 * binds a camera, activates a cloud-recording plan, lets the camera record for a minute (`tools/camera`, real
 * H.264/AAC), lists the recorded hours and clips, plays them back (ffprobe decodes the playlist when it is
 * installed), downloads a clip as MP4, has the camera post an alarm that reaches the user's phone (the merchant's
 * own push server: the sandbox's `POST /push`, verifying the platform's signature) and the message center, and
 * sends UPDATE and DELETE callbacks — printing every request and response.
 *
 * It follows the running platform's own settings, so the same environment reaches it: PORT (3000) and
 * ADMIN_PORT (3001) on localhost, ADMIN_TOKEN (dev-admin-token); BASE_URL and ADMIN_URL override the addresses
 * (a platform elsewhere). SANDBOX_PORT (4000), DEMO_CAMERA_SECONDS (60: how long the camera records).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALARM_PATH, md5Hex, signAlarm, signedHeaders } from '@dcp/signing';
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
// The camera anyone can run (`npm run camera`): here it plays the user's camera.
import { runCamera } from '../camera/camera';

const BASE_URL = process.env.BASE_URL ?? `http://localhost:${process.env.PORT || 3000}`;
const ADMIN_URL = process.env.ADMIN_URL ?? `http://localhost:${process.env.ADMIN_PORT || 3001}`;
const ADMIN_TOKEN = process.env.ADMIN_TOKEN ?? 'dev-admin-token';
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 4000);
const CAMERA_SECONDS = Number(process.env.DEMO_CAMERA_SECONDS ?? 60);
const CLOUD_PLAN = 'demo-cloud-7';

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
  if (!ping?.ok) throw new Error(`the platform does not answer on ${BASE_URL}: start it first with \`npm start\` (with the same PORT, ADMIN_PORT and ADMIN_TOKEN)`);

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

    await cloudRecording(admin, credentials, mac);
    await alarmToThePhone(admin, credentials, mac, sandbox, clientSecret);

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

/** Cloud recording, camera → platform → app (README "Cloud recording from a camera"). */
async function cloudRecording(admin: Record<string, string>, credentials: Record<string, string>, mac: string): Promise<void> {
  const plan = await json('POST', `${ADMIN_URL}/admin/v1/permissions`, { permissionCode: CLOUD_PLAN, permissionName: 'Cloud recording, 7 days kept', permissionType: 1, durationDays: 30, retentionDays: 7 }, admin);
  show('operator adds a cloud-recording plan (409: there from an earlier run)', 'POST /admin/v1/permissions', plan.status, plan.body);
  const grant = await json('POST', `${ADMIN_URL}/admin/v1/grants`, { openId: credentials.openId, permissionCode: CLOUD_PLAN }, admin);
  show('the merchant sold it to the user: operator grants it', 'POST /admin/v1/grants', grant.status, grant.body);
  await gatewayPost('permission.active', { ...credentials, grantId: String(grant.body.grantId), ipcMac: mac }, 'the app activates the plan on the camera');
  const valid = await gateway({ service: 'permission.query_user_ipcs_valid', ...credentials }, 'the app reads the authorization record: userTag and streamId for the camera');
  const record = (valid.data as Json[]).find((r) => r.grantId === grant.body.grantId) ?? {};
  const values = { apiUrl: BASE_URL, mac, userTag: String(record.userTag), streamId: String(record.streamId) };
  process.stdout.write(`\n── the app configures the camera: setCloudRecord(userTag=${values.userTag}, streamId=${values.streamId.slice(0, 6)}…, ${BASE_URL}, ${mac})\n`);

  process.stdout.write(`\n── the camera records for ${CAMERA_SECONDS} s (tools/camera: real H.264/AAC, every 5th segment a motion recording)\n`);
  const from = Math.floor(Date.now() / 1000);
  const report = await runCamera({ ...values, durationSeconds: CAMERA_SECONDS, log: (line) => process.stdout.write(`   camera: ${line}\n`) });
  process.stdout.write(`   camera stopped (${report.stoppedBy}): ${report.counters.uploaded} segment(s) stored\n`);

  const info = await gateway({ service: 'center.getServerInfo', ...credentials, oemCode: '' }, 'the app reads its sub-service information (subtoken for the stream calls)');
  const subtoken = String((info.data as Json | undefined)?.subtoken);
  const stream = async (params: Record<string, string>, title: string): Promise<Json> => {
    const timestamp = String(Math.floor(Date.now() / 1000) + 60);
    const query = new URLSearchParams({ ...params, devId: mac, timestamp, sessionToken: md5Hex(subtoken + timestamp), version: '' });
    const res = await fetch(`${BASE_URL}/stream?${query}`);
    const body = (await res.json()) as Json;
    show(title, `GET /stream?service=${params.service}`, res.status, body);
    return body;
  };
  await stream({ service: 'record.date.query' }, 'the app lists the hours with recordings (UTC; the phone shows them on its local days)');
  const until = Math.floor(Date.now() / 1000);
  await stream({ service: 'record.query', recordSt: String(from - 10), recordEt: String(until) }, 'the app lists the clips: [start, end, type] (0 normal, 2 motion)');
  const play = await stream({ service: 'record.play', recordSt: String(from - 10) }, 'the app asks to play them back: a signed HLS playlist');
  if (typeof play.recordUrl === 'string') playBack(play.recordUrl);
  const clip = await stream({ service: 'record.download', recordSt: String(from), recordEt: String(Math.min(until, from + 20)) }, 'the app downloads 20 s as one MP4');
  if (typeof clip.downloadUrl === 'string') {
    const res = await fetch(clip.downloadUrl);
    const file = join(mkdtempSync(join(tmpdir(), 'dcp-demo-')), 'clip.mp4');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    process.stdout.write(`   → HTTP ${res.status} ${res.headers.get('content-type')}, saved to ${file} (open it in a browser or a player)\n`);
  }
}

/** An alarm, camera → platform → phone (README "Alarms to the phone"): the merchant's own push server gets it. */
async function alarmToThePhone(admin: Record<string, string>, credentials: Record<string, string>, mac: string, sandbox: MerchantSandbox, clientSecret: string): Promise<void> {
  // The merchant's push server verifies every push with the merchant's secret, as the platform signs it.
  sandbox.configureSignature({ clientSecret, clientId: credentials.clientId, requireSignature: false });
  const provider = await json('PUT', `${ADMIN_URL}/admin/v1/push/merchants/${credentials.clientId}/providers/webhook`, { url: `${sandbox.url}/push` }, admin);
  show('operator sets up the merchant\'s push server (its FCM or APNs keys would go the same way)', `PUT /admin/v1/push/merchants/${credentials.clientId}/providers/webhook`, provider.status, provider.body);
  await gatewayPost('push_endpoint.register', { ...credentials, provider: 'webhook', token: 'ada-phone' }, 'the app registers the phone for the camera\'s alarms');
  const info = await gateway({ service: 'center.getServerInfo', ...credentials, oemCode: '' }, 'the app reads the push tag and sendMsgUrl it gives the camera');
  const tag = String((info.data as Json | undefined)?.tag);
  const now = Math.floor(Date.now() / 1000);
  const values = { mac, type: '4', time: String(now - 1), timestamp: String(now) };
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
  const res = await fetch(`${BASE_URL}${ALARM_PATH}?${new URLSearchParams({ ...values, signature: signAlarm(tag, { ...values, picture: jpeg }) })}`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg' },
    body: new Uint8Array(jpeg),
  });
  show('the camera posts a doorbell alarm with a picture, signed with the push tag', `POST ${ALARM_PATH}?mac=${mac}&type=4&…`, res.status, await res.json());
  const [push] = await sandbox.pushes.waitFor((pushes) => pushes.length > 0, 'the push at the merchant\'s push server', 15_000);
  process.stdout.write(`\n── the merchant's push server receives it (signature ${push.verified ? 'verified' : 'not checked'}) and notifies the phone\n   ${JSON.stringify(push.params)}\n`);
  await gateway({ service: 'push_message.list', ...credentials }, 'the app opens the message center');
}

/** Decodes the playlist with ffprobe when it is installed; the demo needs nothing but Node otherwise. */
function playBack(url: string): void {
  const probe = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_name', '-of', 'compact', url], { encoding: 'utf8' });
  if (probe.error) process.stdout.write('   (ffprobe is not installed: open the playlist in an HLS player, e.g. the console\'s device page)\n');
  else process.stdout.write(`   ffprobe reads the playlist: ${probe.stdout.trim().replace(/\n/g, '; ')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

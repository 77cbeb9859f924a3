/**
 * Seeding through the platform's real surface, as an operator and a merchant's app would (the admin API,
 * signed SSO POSTs, gateway calls): a merchant, users signed in with real accessTokens, devices bound with
 * addOemDevice, recordings ingested for record.play, a firmware chain for firmware.latest; for alarm_push, the
 * merchant's FCM credentials and users with a camera and registered phones. Nothing is written into the
 * platform's tables directly.
 */
import { CAMERA_OPERATIONS, signCameraRequest, signedHeaders } from '@dcp/signing';
import { type FcmServiceAccount, tsNullPackets } from '@dcp/testing';
import { type SeededPhoneOwner, phonesPerUser } from './alarm-push';
import { ADMIN_TOKEN, type PlatformTarget } from './targets';

export interface MerchantAccount {
  clientId: string;
  clientSecret: string;
}

export interface SeededUser {
  uuid: string;
  clientId: string;
  openId: string;
  accessToken: string;
  macs: string[];
  /** Sub-service token (center.getServerInfo), for signed stream calls. */
  subtoken: string;
}

export interface Seed {
  merchant: MerchantAccount;
  users: SeededUser[];
  /** Users signed in with one device and one grant each, deleted by the propagation measurement. */
  deletionUsers: SeededUser[];
  firmwareModel: string;
  /** Epoch seconds where the seeded recordings start. */
  recordStart: number;
  /** Cameras with an activated cloud-recording plan (camera_ingest; empty unless asked for). */
  cameras: SeededCamera[];
  /** Users with a camera and FCM phones (alarm_push; empty unless asked for). */
  phoneOwners: SeededPhoneOwner[];
}

/** A camera as its app configured it (setCloudRecord): the values of its authorization record. */
export interface SeededCamera {
  /** Canonical: 12 upper-case hex digits. */
  mac: string;
  userTag: string;
  streamId: string;
}

export interface SeedOptions {
  users: number;
  devicesPerUser: number;
  deletionUsers: number;
  merchantUrl: string;
  /** Cameras to give an activated cloud-recording plan (default 0). */
  cameras?: number;
  /** Devices per user of those cameras (default 10). */
  camerasPerUser?: number;
  /** Phones to register (alarm_push; default 0), `phonesPerUser` a user (default 2), with the FCM service account the merchant pushes with. */
  phones?: number;
  phonesPerUser?: number;
  fcmAccount?: () => Promise<FcmServiceAccount>;
}

export const OEM_CODE = 'BENCH';
const PERMISSION_CODE = 'BENCH30';
/** The cloud-recording plan of the seeded cameras (a plan with retentionDays, decisions CU6). */
const RECORDING_PLAN = 'BENCHREC';
const FIRMWARE_MODEL = 'BENCHCAM-1';
const SEGMENT_SECONDS = 2;
const SEGMENTS_PER_DEVICE = 3;

type Json = Record<string, unknown>;

async function call(method: string, url: string, init: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(url, { method, headers: init.headers, body: init.body });
  const text = await res.text();
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body };
}

export function admin(target: PlatformTarget, method: string, path: string, body?: unknown) {
  return call(method, `${target.adminUrl}/admin/v1${path}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function expectOk(what: string, res: { status: number; body: Json }, status = 200): Json {
  const envelopeError = typeof res.body.errorCode === 'string' && res.body.errorCode !== '';
  if (res.status !== status || envelopeError) throw new Error(`seeding: ${what} answered HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}

/** Runs `fn` over `items`, at most `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

let tokenSerial = 0;

/** A fresh merchant token of user `uuid` (the local merchant accepts `<uuid>.<anything>`). */
export function merchantToken(uuid: string): string {
  return `${uuid}.${process.pid}-${++tokenSerial}`;
}

/** A signed SSO form POST (spec 5.1). */
export function ssoPost(target: PlatformTarget, merchant: MerchantAccount, path: string, params: Record<string, string>) {
  const headers = signedHeaders({ method: 'POST', path, params, clientId: merchant.clientId, clientSecret: merchant.clientSecret });
  return call('POST', `${target.baseUrl}${path}`, { headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
}

/** The form fields of addOemDevice for a MAC (spec 4.4). */
export function deviceForm(macAddr: string): Record<string, string> {
  return { macAddr, deviceName: 'Bench cam', username: 'admin', password: 'YmVuY2gtc2VjcmV0', hasusertag: '2', supportStore: '1', supportRichMedia: '0', productName: 'BenchCam 1', oemCode: OEM_CODE };
}

/** 12 upper-case hex digits: a 2-digit prefix and a serial. */
export function benchMac(prefix: string, serial: number): string {
  return (prefix + serial.toString(16).padStart(10, '0')).toUpperCase();
}

export function gatewayPost(target: PlatformTarget, service: string, params: Record<string, string>) {
  return call('POST', `${target.baseUrl}/gateway?service=${encodeURIComponent(service)}`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() });
}

export function gatewayGet(target: PlatformTarget, params: Record<string, string>) {
  return call('GET', `${target.baseUrl}/gateway?${new URLSearchParams(params)}`);
}

export async function signIn(target: PlatformTarget, merchant: MerchantAccount, uuid: string): Promise<{ openId: string; accessToken: string }> {
  const body = expectOk('authorize_by_token', await ssoPost(target, merchant, '/sso/authorize_by_token', { token: merchantToken(uuid) }));
  return { openId: String(body.openId), accessToken: String(body.accessToken) };
}

async function seedUser(target: PlatformTarget, merchant: MerchantAccount, uuid: string, macs: string[], withSubtoken = true): Promise<SeededUser> {
  const { openId, accessToken } = await signIn(target, merchant, uuid);
  const creds = { clientId: merchant.clientId, openId, accessToken };
  for (const mac of macs) expectOk('addOemDevice', await gatewayPost(target, 'user_ipc_setting_v2_0.addOemDevice', { ...creds, ...deviceForm(mac) }));
  if (!withSubtoken) return { uuid, ...creds, macs, subtoken: '' };
  const info = expectOk('center.getServerInfo', await gatewayGet(target, { service: 'center.getServerInfo', ...creds, oemCode: OEM_CODE }));
  return { uuid, ...creds, macs, subtoken: String((info.data as Json).subtoken) };
}

export async function seedPlatform(target: PlatformTarget, opts: SeedOptions, log: (line: string) => void): Promise<Seed> {
  const started = Date.now();
  const merchantBody = expectOk(
    'merchant registration',
    await admin(target, 'POST', '/merchants', { name: 'Bench merchant', tokenValidationUrl: `${opts.merchantUrl}/idp/is_valid_token`, userProfileUrl: `${opts.merchantUrl}/idp/get_user_profile` }),
    201,
  );
  const merchant = { clientId: String(merchantBody.clientId), clientSecret: String(merchantBody.clientSecret) };
  expectOk('manufacturer', await admin(target, 'POST', '/manufacturers', { oemCode: OEM_CODE, name: 'Bench cameras' }), 201);
  expectOk('permission plan', await admin(target, 'POST', '/permissions', { permissionCode: PERMISSION_CODE, permissionName: 'Bench cloud storage', permissionType: 1, durationDays: 30 }), 201);

  const users = await mapLimit(Array.from({ length: opts.users }, (_, i) => i), 6, (i) =>
    seedUser(target, merchant, `bench-user-${i}`, Array.from({ length: opts.devicesPerUser }, (_, d) => benchMac('0A', i * 16 + d))),
  );

  // Recordings: SEGMENTS_PER_DEVICE continuous segments on each user's first device, an hour ago.
  const recordStart = Math.floor(Date.now() / 1000) - 3600;
  const segment = tsNullPackets(Number(process.env.BENCH_SEGMENT_PACKETS ?? 200));
  await mapLimit(users, 6, async (u) => {
    for (let s = 0; s < SEGMENTS_PER_DEVICE; s++) {
      const start = recordStart + s * SEGMENT_SECONDS;
      const res = await call('POST', `${target.adminUrl}/admin/v1/devices/${u.macs[0]}/segments?start=${start}&duration=${SEGMENT_SECONDS}&type=1`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'video/mp2t' },
        body: segment,
      });
      expectOk('segment ingest', res, 201);
    }
  });

  // A two-step upgrade chain: a device on 1.0.0 is offered 2.0.0.
  for (const version1 of [1, 2]) {
    expectOk(
      'firmware release',
      await admin(target, 'POST', '/firmware', {
        machineTypeName: FIRMWARE_MODEL,
        type: 1,
        version1,
        version2: 'bench',
        version3: 0,
        version4: 0,
        patchVersion: 0,
        downloadUri: `https://fw.example.com/bench/${version1}.0.0.bin`,
        md5: 'c'.repeat(32),
        desc: { zh: '更新', en: 'Update' },
      }),
      201,
    );
  }

  const deletionUsers = await mapLimit(Array.from({ length: opts.deletionUsers }, (_, i) => i), 6, async (i) => {
    const user = await seedUser(target, merchant, `bench-gone-${i}`, [benchMac('0D', i)], false);
    expectOk('grant', await admin(target, 'POST', '/grants', { openId: user.openId, permissionCode: PERMISSION_CODE, ipcMac: user.macs[0] }), 201);
    return user;
  });
  log(`  seeded ${target.mode}: ${users.length} users × ${opts.devicesPerUser} devices, ${users.length * SEGMENTS_PER_DEVICE} segments, 2 firmware releases, ${deletionUsers.length} users to delete (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const cameras = opts.cameras ? await seedCameras(target, merchant, opts.cameras, opts.camerasPerUser ?? 10, log) : [];
  let phoneOwners: SeededPhoneOwner[] = [];
  if (opts.phones) {
    if (!opts.fcmAccount) throw new Error('seeding: phones need an FCM service account');
    phoneOwners = await seedPhones(target, merchant, opts.phones, opts.phonesPerUser ?? 2, await opts.fcmAccount(), log);
  }
  return { merchant, users, deletionUsers, firmwareModel: FIRMWARE_MODEL, recordStart, cameras, phoneOwners };
}

/** An FCM registration token of the form apps get (URL-safe base64 around a colon), unique per user and phone. */
export function benchFcmToken(user: number, phone: number): string {
  return `bench${user.toString(36)}p${phone}:APA91b${'Bq7xZ-_k'.repeat(17)}`;
}

/**
 * `count` phones, as an operator and the merchant's app set them up (README "Alarms and the message center"):
 * the merchant's FCM credentials (`PUT /admin/v1/push/merchants/{clientId}/providers/fcm`, a service account of
 * the local FCM server), then per user (`perUser` phones, 2 by default) a login, one camera bound with
 * addOemDevice, the push tag from `center.getServerInfo` (what the app hands the camera), and each phone's
 * `push_endpoint.register` (fcm, every device of the user). Users in parallel, 16 at a time.
 */
export async function seedPhones(target: PlatformTarget, merchant: MerchantAccount, count: number, perUser: number, account: FcmServiceAccount, log: (line: string) => void): Promise<SeededPhoneOwner[]> {
  const started = Date.now();
  expectOk('FCM credentials', await admin(target, 'PUT', `/push/merchants/${merchant.clientId}/providers/fcm`, account));
  const plan = phonesPerUser(count, perUser);
  const owners = await mapLimit(plan, 16, async (phones, u) => {
    const mac = benchMac('0B', u);
    const { openId, accessToken } = await signIn(target, merchant, `bench-phone-owner-${u}`);
    const creds = { clientId: merchant.clientId, openId, accessToken };
    expectOk('addOemDevice (alarm camera)', await gatewayPost(target, 'user_ipc_setting_v2_0.addOemDevice', { ...creds, ...deviceForm(mac) }));
    const info = expectOk('center.getServerInfo (push tag)', await gatewayGet(target, { service: 'center.getServerInfo', ...creds, oemCode: OEM_CODE }));
    const tag = String((info.data as Json).tag);
    const tokens = Array.from({ length: phones }, (_, p) => benchFcmToken(u, p));
    for (const token of tokens) expectOk('push_endpoint.register', await gatewayPost(target, 'push_endpoint.register', { ...creds, provider: 'fcm', token }));
    return { mac, tag, tokens };
  });
  const phones = owners.reduce((n, o) => n + o.tokens.length, 0);
  log(`  seeded ${target.mode}: ${phones} phones (FCM) of ${owners.length} users, one camera each, the merchant's FCM credentials set (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return owners;
}

const canonical = (mac: string) => mac.replace(/[:-]/g, '').toUpperCase();

/**
 * `count` cameras recording to the cloud, as an operator and the app set them up (README "Cloud recording from
 * a camera"): a cloud-recording plan (`retentionDays`), then per user (`perUser` devices each) a login, and per
 * device addOemDevice, a grant (admin API) and `permission.active` on the device; the camera's userTag and
 * streamId are read from the user's `permission.query_user_ipcs_valid`. Users in parallel, 16 at a time.
 */
export async function seedCameras(target: PlatformTarget, merchant: MerchantAccount, count: number, perUser: number, log: (line: string) => void): Promise<SeededCamera[]> {
  const started = Date.now();
  expectOk(
    'recording plan',
    await admin(target, 'POST', '/permissions', { permissionCode: RECORDING_PLAN, permissionName: 'Bench cloud recording', permissionType: 1, durationDays: 30, retentionDays: 7 }),
    201,
  );
  const userCount = Math.ceil(count / perUser);
  const perUserCameras = await mapLimit(Array.from({ length: userCount }, (_, u) => u), 16, async (u) => {
    const macs = Array.from({ length: Math.min(perUser, count - u * perUser) }, (_, d) => benchMac('0C', u * perUser + d));
    const { openId, accessToken } = await signIn(target, merchant, `bench-camera-owner-${u}`);
    const creds = { clientId: merchant.clientId, openId, accessToken };
    for (const mac of macs) {
      expectOk('addOemDevice (camera)', await gatewayPost(target, 'user_ipc_setting_v2_0.addOemDevice', { ...creds, ...deviceForm(mac) }));
      const grant = expectOk('recording grant', await admin(target, 'POST', '/grants', { openId, permissionCode: RECORDING_PLAN }), 201);
      expectOk('permission.active', await gatewayPost(target, 'permission.active', { ...creds, grantId: String(grant.grantId), ipcMac: mac }));
    }
    const records = expectOk('permission.query_user_ipcs_valid', await gatewayGet(target, { service: 'permission.query_user_ipcs_valid', ...creds })).data as Json[];
    return macs.map((mac) => {
      const record = records.find((r) => typeof r.ipcMac === 'string' && canonical(r.ipcMac) === mac && typeof r.streamId === 'string');
      if (!record) throw new Error(`seeding: no authorization record with a streamId for camera ${mac}: ${JSON.stringify(records).slice(0, 300)}`);
      return { mac, userTag: String(record.userTag), streamId: String(record.streamId) };
    });
  });
  const cameras = perUserCameras.flat();
  // Each camera starts as a real one does: discovery on the camera host, which must accept its values.
  await mapLimit(cameras, 16, async (camera) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = signCameraRequest(camera.streamId, { operation: 'uploadTarget', mac: camera.mac, userTag: camera.userTag, timestamp });
    const query = new URLSearchParams({ mac: camera.mac, userTag: camera.userTag, timestamp, signature });
    const res = await fetch(`${target.cameraUrl}${CAMERA_OPERATIONS.uploadTarget.path}?${query}`);
    if (res.status !== 200) throw new Error(`seeding: camera ${camera.mac}'s discovery answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  });
  log(`  seeded ${target.mode}: ${cameras.length} cameras (${userCount} users × up to ${perUser}) with an activated cloud-recording plan, each through discovery (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return cameras;
}

/** firmware.latest's parameters for a device of the seeded model on version 1.0.0 (offered 2.0.0). */
export function firmwareLatestParams(seed: Seed, macAddr: string): Record<string, string> {
  return {
    service: 'firmware.latest',
    macAddr,
    machineTypeName: seed.firmwareModel,
    sysVersion1: '1',
    sysVersion3: '0',
    sysVersion4: '0',
    appVersion1: '1',
    appVersion3: '0',
    appVersion4: '0',
  };
}

/**
 * Secrets at rest, proved on the real thing: the platform runs distributed (a throwaway PostgreSQL database,
 * NATS JetStream), a merchant flow runs through it — the operator registers a merchant (clientSecret) and a
 * manufacturer (delKey); the merchant's app signs a user in (merchant token → accessToken, refreshToken),
 * binds a camera with a password and changes it, opens a stream session (subtoken → sessionToken), plays a
 * recording (signed HLS URLs), refreshes; the manufacturer force-unbinds (sign over the delKey) and the
 * merchant sends the signed DELETE callback. The operator also gives the merchant's FCM and APNs keys (push
 * providers, decisions PS10). Then every row of every table — the five service schemas with
 * their outbox, inbox and dead-letter tables — is read, and no secret of the flow is in it, in any spelling
 * (database-dump.ts spellingsOf). docs/decisions.md M3, D4, D19, SK4: secrets are ciphertexts, tokens hashes.
 */
import { generateKeyPairSync } from 'node:crypto';
import { EVENTS } from '@dcp/contracts';
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
import { md5Hex, signedHeaders } from '@dcp/signing';
import { describeWithInfra, expectEvent, getQuery, postForm, requestJson, tsNullPackets, uniqueName } from '@dcp/testing';
import { type DatabaseDump, columnsHolding, dumpDatabase } from './database-dump';
import { type TestPlatform, startTestPlatform } from './harness';

type Body = Record<string, unknown>;

const SERVICE_SCHEMAS = ['sso', 'device', 'permission', 'storage', 'firmware', 'push'];
/** The schemas with an outbox, an inbox and a dead-letter table: firmware-service publishes and consumes no event. */
const SCHEMAS_WITH_EVENTS = ['sso', 'device', 'permission', 'storage', 'push'];

/**
 * Values the platform keeps on purpose, and where: a used request signature is the replay key that refuses the
 * same request again (docs/decisions.md, signed requests and force unbind). It is a digest over a timestamp
 * already spent, not a credential a reader could use.
 */
const REPLAY_KEY_COLUMNS: Record<string, string[]> = {
  sign: ['sso.used_signature.sign'],
  forceSign: ['device.used_force_sign.sign'],
};

describeWithInfra(['postgres', 'nats'], 'secrets at rest after a whole flow (distributed: PostgreSQL + NATS)', () => {
  let t: TestPlatform;
  let site: MerchantSandbox;
  /** Every credential the flow used or received, by what it is. */
  const secrets = new Map<string, string>();
  /** Request signatures the platform stores as replay keys (REPLAY_KEY_COLUMNS). */
  const replayKeys = new Map<string, { kind: keyof typeof REPLAY_KEY_COLUMNS; value: string }>();
  let beforeDeletion: DatabaseDump;
  let afterDeletion: DatabaseDump;

  const keep = (what: string, value: unknown): string => {
    const v = String(value);
    // A short value could match unrelated text by chance, and every secret of the platform is longer.
    expect([what, v.length >= 8]).toEqual([what, true]);
    secrets.set(what, v);
    return v;
  };

  beforeAll(async () => {
    t = await startTestPlatform('distributed');
    site = await startMerchantSandbox();
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    await t?.close();
  });

  it('runs the whole flow, reading the database before and after the user is deleted', async () => {
    const databaseUrl = t.platform.runtime.config.databaseUrl;
    if (!databaseUrl) throw new Error('the distributed platform has no DATABASE_URL');
    const bearer = { authorization: `Bearer ${keep('admin token', t.adminToken)}` };
    const admin = (method: string, path: string, body?: unknown) => requestJson<Body>(method, `${t.adminUrl}/admin/v1${path}`, body, bearer);

    // The operator: a merchant (clientSecret) and a manufacturer (delKey).
    const merchant = await admin('POST', '/merchants', { name: 'Vault Cameras', tokenValidationUrl: `${site.url}/idp/is_valid_token`, userProfileUrl: `${site.url}/idp/get_user_profile` });
    expect(merchant.status).toBe(201);
    const clientId = String(merchant.body.clientId);
    const clientSecret = keep('clientSecret', merchant.body.clientSecret);
    // The merchant checks the platform's signatures on its endpoints: the platform signs with the clientSecret.
    site.configureSignature({ clientSecret, clientId, requireSignature: true });
    const oemCode = uniqueName('VAULT').replace(/[^A-Z0-9]/g, '').slice(0, 16);
    const maker = await admin('POST', '/manufacturers', { oemCode, name: 'Vault Optics' });
    expect(maker.status).toBe(201);
    const delKey = keep('delKey', maker.body.delKey);

    // The merchant's push provider keys (PS10): a Google service account's RSA key, an APNs .p8 (EC P-256).
    const pkcs8 = (key: ReturnType<typeof generateKeyPairSync>['privateKey']) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
    const fcmKey = pkcs8(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    const apnsKey = pkcs8(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey);
    for (const [what, pem] of [['FCM private key', fcmKey], ['APNs private key', apnsKey]]) {
      keep(what, pem);
      // A line of the key's base64: found however the PEM would have been stored (escaped newlines, JSON).
      keep(`${what} (a line)`, pem.split('\n')[2]);
    }
    expect((await admin('PUT', `/push/merchants/${clientId}/providers/fcm`, { projectId: 'vault-cams', clientEmail: 'push@vault-cams.iam.gserviceaccount.com', privateKey: fcmKey })).status).toBe(200);
    expect((await admin('PUT', `/push/merchants/${clientId}/providers/apns`, { teamId: 'VAULT12345', keyId: 'KEY1234567', privateKey: apnsKey, bundleId: 'com.vault.cams', environment: 'production' })).status).toBe(200);

    const sso = async (what: string, path: string, params: Record<string, string>) => {
      const headers = signedHeaders({ method: 'POST', path, params, clientId, clientSecret, now: t.clock.now() });
      replayKeys.set(`${what} sign`, { kind: 'sign', value: headers.sign });
      return postForm<Body>(t.baseUrl, path, params, headers);
    };

    // The user signs in through the merchant (spec 4.3).
    const user = site.store.create({ username: 'vault.user@example.com', name: 'Vault User' });
    const login = await sso('login', '/sso/authorize_by_token', { token: keep('merchant token', site.store.issueToken(user.uuid)) });
    expect(login.status).toBe(200);
    const who = { clientId, openId: String(login.body.openId), accessToken: keep('accessToken', login.body.accessToken) };
    const refreshToken = keep('refreshToken', login.body.refreshToken);

    // A camera bound with a password, which is then changed (both must be ciphertexts, D4).
    const mac = `0D${Date.now().toString(16).slice(-10)}`.toUpperCase();
    const device = { macAddr: mac, deviceName: 'Vault door', username: 'admin', password: keep('device password', `pw-${uniqueName('device')}`), hasusertag: 2, supportStore: 1, supportRichMedia: 0, productName: 'VaultCam', oemCode };
    expect((await postForm<Body>(t.baseUrl, '/gateway?service=user_ipc_setting_v2_0.addOemDevice', { ...who, ...device })).body).toEqual({ errorCode: '', failureDetails: '' });
    const changed = await postForm<Body>(t.baseUrl, '/gateway?service=user_ipc_setting_v2_0.updateOemDevice', { ...who, macAddr: mac, password: keep('changed device password', `pw2-${uniqueName('device')}`) });
    expect(changed.body.errorCode).toBe('');

    // A stream session (spec 5.2) and a recording played back over signed HLS URLs.
    const info = await getQuery<Body>(t.baseUrl, '/gateway', { service: 'center.getServerInfo', ...who, oemCode });
    const subtoken = keep('subtoken', (info.body.data as Body).subtoken);
    const start = Math.floor(t.clock.now() / 1000) - 600;
    const ingest = await fetch(`${t.adminUrl}/admin/v1/devices/${mac}/segments?start=${start}&duration=4&type=0`, { method: 'POST', headers: { ...bearer, 'content-type': 'video/mp2t' }, body: tsNullPackets() });
    expect(ingest.status).toBe(201);
    const timestamp = String(Math.floor(t.clock.now() / 1000) + 60);
    const session = { devId: mac, timestamp, sessionToken: keep('sessionToken', md5Hex(subtoken + timestamp)), version: '' };
    const play = await getQuery<Body>(t.baseUrl, '/stream', { service: 'record.play', ...session, recordSt: String(start) });
    expect(play.body.errorCode).toBe('');
    const recordUrl = new URL(String(play.body.recordUrl));
    keep('playlist sig', recordUrl.searchParams.get('sig'));
    const playlist = await fetch(`${t.baseUrl}${recordUrl.pathname}${recordUrl.search}`);
    expect(playlist.status).toBe(200);
    const segment = new URL((await playlist.text()).split('\n').find((l) => l.startsWith('http'))!);
    keep('segment sig', segment.searchParams.get('sig'));
    expect((await fetch(`${t.baseUrl}${segment.pathname}${segment.search}`)).status).toBe(200);

    // Refresh (spec 4.4): the new tokens are credentials too.
    const refreshed = await sso('refresh', '/sso/refresh_token', { refreshToken });
    expect(refreshed.status).toBe(200);
    keep('refreshed accessToken', refreshed.body.accessToken);
    if (refreshed.body.refreshToken !== undefined) keep('refreshed refreshToken', refreshed.body.refreshToken);

    // While the user exists: their token, device and stream-session rows are all there to be read.
    beforeDeletion = await dumpDatabase(databaseUrl);

    // The manufacturer force-unbinds the camera: sign = MD5(mac + timeStamp + delKey).
    const unbound = await expectEvent(t.platform.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { macAddr: string }).macAddr === mac, 15_000);
    const timeStamp = String(Math.floor(t.clock.now() / 1000));
    const forceSign = md5Hex(`${mac}${timeStamp}${delKey}`);
    replayKeys.set('force unbind sign', { kind: 'forceSign', value: forceSign });
    const forced = await postForm<Body>(t.baseUrl, '/gateway?service=user_ipc_setting_v2_0.delOemDeviceForce', { mac, timeStamp, oemCode, sign: forceSign });
    expect(forced.body).toEqual({ errorCode: '', failureDetails: '' });
    await unbound.arrived;

    // The merchant deletes the user and tells the platform (signed DELETE callback).
    const deleted = await expectEvent(t.platform.runtime.events, EVENTS.userDeleted.subject, (e) => (e.data as { uuid: string }).uuid === user.uuid, 15_000);
    site.store.delete(user.uuid);
    expect((await sso('DELETE callback', '/sso/user_callback', { operation: 'DELETE', uuid: user.uuid })).status).toBe(200);
    await deleted.arrived;
    afterDeletion = await dumpDatabase(databaseUrl);
  }, 60_000);

  it('the dumps are not empty: every service schema with its messaging tables, and the rows the flow wrote', () => {
    const rows = (dump: DatabaseDump, table: string) => dump.rowCounts.get(table);
    for (const schema of SERVICE_SCHEMAS) expect([schema, [...afterDeletion.rowCounts.keys()].some((k) => k.startsWith(`${schema}.`))]).toEqual([schema, true]);
    for (const schema of SCHEMAS_WITH_EVENTS) {
      for (const table of ['outbox_event', 'inbox_event', 'dead_letter_event']) expect([`${schema}.${table}`, rows(afterDeletion, `${schema}.${table}`) !== undefined]).toEqual([`${schema}.${table}`, true]);
    }
    for (const table of ['push.push_provider', 'sso.merchant', 'sso.user', 'sso.token', 'sso.sub_service_info', 'sso.used_signature', 'device.manufacturer', 'device.device', 'storage.segment', 'sso.outbox_event', 'device.outbox_event']) {
      expect([table, (rows(beforeDeletion, table) ?? 0) > 0]).toEqual([table, true]);
    }
    // The secrets went in as ciphertexts (M3, D4, D19, SK4), in their format, and the tokens as hashes.
    const ciphertexts = new Set(beforeDeletion.values.filter((v) => /^v[12]\.[A-Za-z0-9_.-]{40,}$/.test(v.text)).map((v) => v.column));
    expect([...ciphertexts].sort()).toEqual([
      'device.device.password_ciphertext',
      'device.manufacturer.del_key_ciphertext',
      'push.push_provider.ciphertext',
      'sso.merchant.secret_ciphertext',
      'sso.sub_service_info.subtoken_ciphertext',
    ]);
    expect(beforeDeletion.values.filter((v) => v.column === 'sso.token.hash').length).toBeGreaterThanOrEqual(2);
    // The scan reads column values: the login's signature is found where the replay guard keeps it.
    expect(columnsHolding(beforeDeletion, replayKeys.get('login sign')!.value)).toEqual(['sso.used_signature.sign']);
    // After the deletion the outbox holds the events of the force unbind and of the DELETE callback.
    const subjects = afterDeletion.values.filter((v) => v.column.endsWith('.outbox_event.subject')).map((v) => v.text);
    expect(subjects).toEqual(expect.arrayContaining([EVENTS.deviceUnbound.subject, EVENTS.userDeleted.subject]));
    expect(secrets.size).toBeGreaterThanOrEqual(17);
  });

  it('the scan finds a secret written plain, in another letter case, URL-encoded, base64 or hex', () => {
    const secret = 'Se/cr+et=Value';
    const bytes = Buffer.from(secret);
    for (const written of [secret, secret.toUpperCase(), encodeURIComponent(secret), bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex').toUpperCase()]) {
      const dump: DatabaseDump = { rowCounts: new Map(), values: [{ column: 's.t.c', text: `{"x":"..${written}.."}` }] };
      expect([written, columnsHolding(dump, secret)]).toEqual([written, ['s.t.c']]);
    }
  });

  it.each([
    ['while the user exists', () => beforeDeletion],
    ['after the force unbind and the DELETE callback', () => afterDeletion],
  ])('no secret of the flow is stored anywhere, in any spelling (%s)', (_when, dump) => {
    const leaks = [...secrets].map(([what, value]) => [what, columnsHolding(dump(), value)]).filter(([, columns]) => columns.length > 0);
    expect(leaks).toEqual([]);
  });

  it.each([
    ['while the user exists', () => beforeDeletion],
    ['after the force unbind and the DELETE callback', () => afterDeletion],
  ])('a used request signature is stored only as its replay key (%s)', (_when, dump) => {
    for (const [what, { kind, value }] of replayKeys) {
      const columns = columnsHolding(dump(), value);
      expect([what, columns.every((c) => REPLAY_KEY_COLUMNS[kind].includes(c))]).toEqual([what, true]);
    }
    expect(replayKeys.size).toBe(4);
  });
});

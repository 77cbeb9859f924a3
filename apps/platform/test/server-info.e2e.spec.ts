/**
 * center.getServerInfo (spec 4.4, 2.7, 7.3, 8) as a merchant's app calls it: the user's sub-service
 * information, fixed once created and deleted with the user; and the operator's maintenance modes that
 * answer 000066 and 000077 instead. In embedded mode and against real PostgreSQL + NATS.
 */
import { SSO_RPC } from '@dcp/contracts';
import { describeWithInfra } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type Body, MerchantApp, admin } from './merchant-app';

const BASE_URL = 'https://api.example.test';
const STORE_URL = 'https://store.example.test';
const PUSH_SEND_URL = 'https://push.example.test/send';

function serverInfoSuite(mode: Mode) {
  let t: TestPlatform;
  let merchant: MerchantApp;

  beforeAll(async () => {
    t = await startTestPlatform(mode, { PUBLIC_BASE_URL: BASE_URL, PUBLIC_STORE_URL: STORE_URL, PUSH_SEND_URL });
    merchant = await MerchantApp.register(t);
  });
  afterAll(async () => {
    await admin(t, 'PUT', '/maintenance', { mode: 'none' });
    await merchant?.close();
    await t?.close();
  });

  const serverInfo = (credentials: Parameters<MerchantApp['get']>[1], oemCode = 'ACME') => merchant.get('center.getServerInfo', credentials, { oemCode });

  it('answers every field of 2.7, the same on every call (data is fixed per user)', async () => {
    const ada = await merchant.signIn('Ada Info');
    const first = await serverInfo(ada.credentials);
    expect(first.status).toBe(200);
    const tag = expect.stringMatching(/^[A-Za-z0-9]{16}$/);
    expect(first.body).toEqual({
      errorCode: '',
      failureDetails: '',
      data: {
        userId: expect.any(Number),
        subtoken: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        area: expect.any(String),
        tag,
        storeTag: tag,
        alexaTag: tag,
        // Read by merchants' apps in the field (a QA client fails without it): always present (decisions.md I2).
        rekognitionTag: tag,
        // The message center: push-service's own (`PUBLIC_BASE_URL/gateway`) unless PUSH_QUERY_URL says otherwise (PS5).
        url: `${BASE_URL}/gateway`,
        sendMsgUrl: 'http://push.example.test/send',
        sendMsgUrlSecure: PUSH_SEND_URL,
        storeUrl: STORE_URL,
        alexaUrl: '',
        channelCount: 1,
      },
    });
    const data = first.body.data as Body;
    // Four tags of one user, each its own random value.
    expect(new Set([data.tag, data.storeTag, data.alexaTag, data.rekognitionTag]).size).toBe(4);
    const again = await serverInfo(ada.credentials, 'OTHER');
    expect(again.body.data).toEqual(first.body.data);
    // The subtoken storage-service checks sessionTokens with is this one.
    await expect(t.platform.runtime.rpcClient.request(SSO_RPC.ssoUserSubtoken, { userId: Number(data.userId) })).resolves.toEqual({ subtoken: data.subtoken });
  });

  it('gives every user their own subtoken and tags', async () => {
    const [a, b] = await Promise.all([merchant.signIn('First Person'), merchant.signIn('Second Person')]);
    const [ia, ib] = await Promise.all([serverInfo(a.credentials), serverInfo(b.credentials)]);
    const [da, db] = [ia.body.data as Body, ib.body.data as Body];
    expect(da.subtoken).not.toBe(db.subtoken);
    expect(da.tag).not.toBe(db.tag);
    expect(da.rekognitionTag).not.toBe(db.rekognitionTag);
    expect(da.userId).not.toBe(db.userId);
  });

  it('creates the record once when an app asks twice at the same moment', async () => {
    const user = await merchant.signIn('Eager App');
    const answers = await Promise.all([serverInfo(user.credentials), serverInfo(user.credentials), serverInfo(user.credentials)]);
    expect(new Set(answers.map((r) => (r.body.data as Body).subtoken)).size).toBe(1);
    expect(new Set(answers.map((r) => (r.body.data as Body).rekognitionTag)).size).toBe(1);
  });

  it('deletes the record with the user (its subtoken stops verifying anything)', async () => {
    const gone = await merchant.signIn('Short Stay');
    const before = (await serverInfo(gone.credentials)).body.data as Body;
    expect((await merchant.deleteUser(gone.uuid)).status).toBe(200);
    expect((await serverInfo(gone.credentials)).body.errorCode).toBe('030030');
    await expect(t.platform.runtime.rpcClient.request(SSO_RPC.ssoUserSubtoken, { userId: Number(before.userId) })).resolves.toEqual({ subtoken: null });
  });

  it('answers 000066 while upgrading and 000077 with server_url after an address change, then data again', async () => {
    const user = await merchant.signIn('Patient User');
    expect((await admin(t, 'GET', '/maintenance')).body).toMatchObject({ mode: 'none', serverUrl: null });

    const upgrading = await admin(t, 'PUT', '/maintenance', { mode: 'upgrade' });
    expect(upgrading.status).toBe(200);
    expect(upgrading.body).toMatchObject({ mode: 'upgrade', serverUrl: null });
    const during = await serverInfo(user.credentials);
    expect(during.status).toBe(200);
    expect(during.body).toEqual({ errorCode: '000066', failureDetails: expect.stringContaining('upgraded') });

    expect((await admin(t, 'PUT', '/maintenance', { mode: 'address-change', serverUrl: 'https://new.example.test' })).status).toBe(200);
    const moved = await serverInfo(user.credentials);
    expect(moved.body).toEqual({ errorCode: '000077', failureDetails: expect.any(String), server_url: 'https://new.example.test' });

    expect((await admin(t, 'PUT', '/maintenance', { mode: 'none' })).body).toMatchObject({ mode: 'none', serverUrl: null });
    expect((await serverInfo(user.credentials)).body.errorCode).toBe('');
  });

  it('refuses maintenance settings that make no sense, naming the field', async () => {
    for (const body of [{ mode: 'address-change' }, { mode: 'upgrade', serverUrl: 'https://x.example' }, { mode: 'later' }, { mode: 'address-change', serverUrl: 'ftp://x' }]) {
      const res = await admin(t, 'PUT', '/maintenance', body);
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('AD0400');
      expect(String(res.body.failureDetails)).toMatch(/mode|serverUrl/);
    }
  });

  it('validates and authenticates like every user-scoped operation', async () => {
    const user = await merchant.signIn('Checked User');
    expect((await merchant.get('center.getServerInfo', user.credentials)).body).toEqual({ errorCode: '000006', failureDetails: 'parameter oemCode is required' });
    expect((await serverInfo(user.credentials, 'X'.repeat(21))).body.errorCode).toBe('000006');
    expect((await serverInfo({ ...user.credentials, accessToken: 'wrong' })).body.errorCode).toBe('030040');
  });
}

describe('sub-service information (embedded)', () => serverInfoSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'sub-service information (distributed: PostgreSQL + NATS)', () => serverInfoSuite('distributed'));

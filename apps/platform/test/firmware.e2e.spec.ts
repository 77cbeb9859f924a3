/**
 * firmware.latest end to end (spec 2.9, 4.4, 7.2, 7.3, 8), as a merchant's app calls it through the gateway
 * with a signed-in user's credentials, over releases an operator created through the admin API
 * (`/admin/v1/firmware`): every error code, the full service object with the top-level remind, the chain
 * walk (interim stop, no downgrade, system before app, up to date) and staged rollout — in embedded and in
 * distributed mode.
 */
import { createHash } from 'node:crypto';
import type { ModelView, ReleaseView } from '@dcp/contracts';
import { describeWithInfra, uniqueName } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type Body, type Credentials, MerchantApp, admin } from './merchant-app';

/** As merchants' apps send it: 12 upper-case hex digits (the canonical form, D1). */
const MAC = '02F100000001';

function firmwareSuite(mode: Mode) {
  let t: TestPlatform;
  let merchant: MerchantApp;
  let user: Credentials;

  beforeAll(async () => {
    t = await startTestPlatform(mode);
    merchant = await MerchantApp.register(t);
    user = (await merchant.signIn('Fern Firmware')).credentials;
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
  });

  /** What an operator does through the admin API; each call must succeed. */
  const operator = async <T>(method: string, path: string, body: unknown, status = 200): Promise<T> => {
    const res = await admin(t, method, path, body);
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const release = (machineTypeName: string, overrides: Record<string, unknown> = {}): Promise<ReleaseView> => {
    const body = { machineTypeName, type: 1, version1: 1, version2: '0', version3: 0, version4: 0, patchVersion: 0, ...overrides };
    return operator('POST', '/firmware', { downloadUri: `https://fw.example.com/${machineTypeName}/${body.type}/${body.version1}.${body.version3}.${body.version4}.bin`, md5: 'c'.repeat(32), desc: { zh: '更新', en: 'Update' }, ...body }, 201);
  };
  const setModel = (machineTypeName: string, smartUpgrade: boolean): Promise<ModelView> => operator('PATCH', `/firmware/models/${encodeURIComponent(machineTypeName)}`, { smartUpgrade });
  const updateRelease = (id: number, body: Record<string, unknown>) => operator<ReleaseView>('PATCH', `/firmware/${id}`, body);

  /** firmware.latest with system (v1, v3, v4) and app (v1, v3, v4) versions. */
  const latest = async (machineTypeName: string, sys: [number, number, number], app: [number, number, number], extra: Record<string, string> = {}, who: Credentials = user): Promise<Body> => {
    const res = await merchant.get('firmware.latest', who, {
      macAddr: MAC,
      machineTypeName,
      sysVersion1: sys[0],
      sysVersion3: sys[1],
      sysVersion4: sys[2],
      appVersion1: app[0],
      appVersion3: app[1],
      appVersion4: app[2],
      ...extra,
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  const UP_TO_DATE = { errorCode: '', failureDetails: '', remind: 0 };

  it('returns the next release: the service object with every field of spec 2.9 and the top-level remind', async () => {
    const model = uniqueName('C200');
    await release(model, { version1: 1 });
    const next = await release(model, {
      version1: 2,
      version2: 'hi3518ev300',
      version3: 4,
      version4: 17,
      patchVersion: 3,
      remind: 1,
      downloadUri: 'https://cdn.example.com/firmware/c200/2.4.17.p3.bin',
      md5: '9e107d9d372bb6826bd81d3542a419d6',
      desc: { zh: '改进夜视', en: 'Better night vision' },
    });
    const body = await latest(model, [1, 0, 0], [1, 0, 0], { oemCode: 'ACME' });
    expect(body).toStrictEqual({
      errorCode: '',
      failureDetails: '',
      remind: 1,
      data: {
        id: next.id,
        desc: '{"zh":"改进夜视","en":"Better night vision"}',
        downloadUri: 'https://cdn.example.com/firmware/c200/2.4.17.p3.bin',
        md5: '9E107D9D372BB6826BD81D3542A419D6',
        type: 1,
        version1: 2,
        version2: 'hi3518ev300',
        version3: 4,
        version4: 17,
        patchVersion: 3,
        createTime: next.createTime,
        name: `${model} 2.hi3518ev300.4.17.p3`,
        uploadUtilName: '',
        backupUploadUtilName: '',
        path: '/firmware/c200/2.4.17.p3.bin',
        backupUri: '',
        interim: 0,
        seqNo: 2,
        newest: 1,
        active: 1,
        remind: 1,
        remindActive: 1,
        firmwarePlatform: 'hi3518ev300',
        productTypeId: 0,
        winPluginId: 0,
        macOsPluginId: 0,
      },
    });
    expect(JSON.parse(String((body.data as Body).desc))).toEqual({ zh: '改进夜视', en: 'Better night vision' });
  });

  it('stops at an interim release; once it is installed the next call offers the newest', async () => {
    const model = uniqueName('CHAIN');
    await release(model, { version1: 1 });
    const interim = await release(model, { version1: 1, version3: 5, interim: true, remind: 1 });
    const newest = await release(model, { version1: 2 });
    const first = await latest(model, [1, 0, 0], [0, 0, 0]);
    expect(first).toMatchObject({ errorCode: '', remind: 1, data: { id: interim.id, interim: 1, seqNo: 2, newest: 0 } });
    const second = await latest(model, [interim.version1, interim.version3, interim.version4], [0, 0, 0]);
    expect(second).toMatchObject({ errorCode: '', remind: 0, data: { id: newest.id, interim: 0, seqNo: 3, newest: 1 } });
    expect(await latest(model, [2, 0, 0], [0, 0, 0])).toEqual(UP_TO_DATE);
  });

  it('never offers a downgrade: a device above every release is up to date (no data, remind 0)', async () => {
    const model = uniqueName('DOWN');
    await release(model, { version1: 3, remind: 1 });
    expect(await latest(model, [4, 0, 0], [0, 0, 0])).toEqual(UP_TO_DATE);
    expect(await latest(model, [3, 0, 0], [0, 0, 0], { patchVersion: '1' })).toEqual(UP_TO_DATE);
    expect(await latest(model, [3, 0, 0], [0, 0, 0])).toEqual(UP_TO_DATE);
  });

  it('offers system firmware before application firmware', async () => {
    const model = uniqueName('TYPES');
    const sys = await release(model, { type: 1, version1: 2 });
    const app = await release(model, { type: 2, version1: 7 });
    expect((await latest(model, [1, 0, 0], [1, 0, 0])).data).toMatchObject({ id: sys.id, type: 1 });
    expect((await latest(model, [2, 0, 0], [1, 0, 0])).data).toMatchObject({ id: app.id, type: 2 });
    expect(await latest(model, [2, 0, 0], [7, 0, 0])).toEqual(UP_TO_DATE);
  });

  it('staged rollout: at 0% the same device is not offered the release, at 100% it is', async () => {
    const model = uniqueName('ROLL');
    const staged = await release(model, { version1: 2, rolloutPercent: 0 });
    expect(await latest(model, [1, 0, 0], [0, 0, 0])).toEqual(UP_TO_DATE);
    await updateRelease(staged.id, { rolloutPercent: 100 });
    expect((await latest(model, [1, 0, 0], [0, 0, 0])).data).toMatchObject({ id: staged.id });
  });

  it('staged rollout: a device keeps the bucket of its colon spelling, whichever spelling it reports (F9, F17)', async () => {
    const model = uniqueName('BUCKET');
    const staged = await release(model, { version1: 2, rolloutPercent: 0 });
    // Computed exactly as before the canonical MAC became 12 hex digits: buckets did not move.
    const bucket = createHash('sha256').update(`02:F1:00:00:00:01:${staged.id}`).digest().readUInt32BE(0) % 100;
    for (const macAddr of [MAC, '02:f1:00:00:00:01', '02-F1-00-00-00-01']) {
      await updateRelease(staged.id, { rolloutPercent: bucket });
      expect(await latest(model, [1, 0, 0], [0, 0, 0], { macAddr })).toEqual(UP_TO_DATE);
      await updateRelease(staged.id, { rolloutPercent: bucket + 1 });
      expect((await latest(model, [1, 0, 0], [0, 0, 0], { macAddr })).data).toMatchObject({ id: staged.id });
    }
  });

  it('answers 010026 for a negative or too large version, before the model is looked up', async () => {
    const model = uniqueName('VER');
    await release(model);
    expect(await latest(model, [-1, 0, 0], [0, 0, 0])).toMatchObject({ errorCode: '010026', failureDetails: expect.stringContaining('sysVersion1') });
    expect(await latest(uniqueName('NONE'), [0, 0, 0], [0, 0, 2147483648])).toMatchObject({ errorCode: '010026', failureDetails: expect.stringContaining('appVersion4') });
    expect(await latest(model, [0, 0, 0], [0, 0, 0], { patchVersion: '-1' })).toMatchObject({ errorCode: '010026' });
  });

  it('answers 010120 for a model without an upgrade chain (unknown, or no active release)', async () => {
    expect(await latest(uniqueName('NOCHAIN'), [1, 0, 0], [1, 0, 0])).toMatchObject({ errorCode: '010120' });
    const model = uniqueName('RETIRED');
    const only = await release(model);
    await updateRelease(only.id, { active: false });
    expect(await latest(model, [0, 0, 0], [0, 0, 0])).toMatchObject({ errorCode: '010120' });
  });

  it('answers 010121 for a model marked as not supporting smart upgrade', async () => {
    const model = uniqueName('MANUAL');
    await release(model, { version1: 2 });
    expect(await setModel(model, false)).toMatchObject({ machineTypeName: model, smartUpgrade: false });
    expect(await latest(model, [1, 0, 0], [0, 0, 0])).toMatchObject({ errorCode: '010121' });
    await setModel(model, true);
    expect(await latest(model, [1, 0, 0], [0, 0, 0])).toMatchObject({ errorCode: '', data: { version1: 2 } });
  });

  it('answers 000005 for an empty machineTypeName, 000006 for a missing or 51-character one and for a malformed macAddr', async () => {
    expect(await latest('', [1, 0, 0], [1, 0, 0])).toMatchObject({ errorCode: '000005', failureDetails: 'parameter machineTypeName is empty' });
    const missing = await merchant.get('firmware.latest', user, { macAddr: MAC, sysVersion1: 1, sysVersion3: 0, sysVersion4: 0, appVersion1: 1, appVersion3: 0, appVersion4: 0 });
    expect(missing.body).toMatchObject({ errorCode: '000006', failureDetails: 'parameter machineTypeName is required' });
    expect(await latest('m'.repeat(51), [1, 0, 0], [1, 0, 0])).toMatchObject({ errorCode: '000006', failureDetails: expect.stringContaining('machineTypeName') });
    expect(await latest(uniqueName('ANY'), [1, 0, 0], [1, 0, 0], { macAddr: 'not-a-mac' })).toMatchObject({ errorCode: '000006', failureDetails: expect.stringContaining('macAddr') });
  });

  it('authenticates the user: a wrong accessToken answers 030040', async () => {
    const model = uniqueName('AUTH');
    await release(model);
    expect(await latest(model, [0, 0, 0], [0, 0, 0], {}, { ...user, accessToken: 'x'.repeat(32) })).toMatchObject({ errorCode: '030040' });
  });

  it('operators manage releases over HTTP: 400 naming the field, 409 for a duplicate, 404 for an unknown model or release, lists by model', async () => {
    const model = uniqueName('OPS');
    const first = await release(model);
    const bad = await admin(t, 'POST', '/firmware', { machineTypeName: model, type: 3, version1: 1, version2: '0', version3: 0, version4: 0, patchVersion: 0, downloadUri: 'https://x.example/a.bin', md5: 'c'.repeat(32), desc: { zh: '', en: '' } });
    expect(bad.status).toBe(400);
    expect(String(bad.body.failureDetails)).toContain('type');
    expect((await admin(t, 'POST', '/firmware', { machineTypeName: model, type: 1, version1: 1, version2: 'other', version3: 0, version4: 0, patchVersion: 0, downloadUri: 'https://x.example/b.bin', md5: 'd'.repeat(32), desc: { zh: '', en: '' } })).status).toBe(409);
    expect((await admin(t, 'PATCH', `/firmware/models/${uniqueName('NOPE')}`, { smartUpgrade: false })).status).toBe(404);
    expect((await admin(t, 'GET', '/firmware/999999999')).status).toBe(404);
    const listed = await admin(t, 'GET', `/firmware?machineTypeName=${model}`);
    expect(listed.body).toMatchObject({ total: 1, items: [{ id: first.id, machineTypeName: model, md5: 'C'.repeat(32) }] });
    expect((await admin(t, 'GET', `/firmware/models/${model}`)).body).toMatchObject({ machineTypeName: model, smartUpgrade: true });
  });
}

describe('firmware (embedded)', () => firmwareSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'firmware (distributed: PostgreSQL + NATS)', () => firmwareSuite('distributed'));

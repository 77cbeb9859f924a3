/**
 * Rollout progress end to end: an operator builds a model's chain through the admin API, devices ask
 * firmware.latest through the signed gateway as a merchant's app does, and the operator reads who asked from
 * which version and what they were offered (`GET /admin/v1/firmware/models/{machineTypeName}/progress`), counting
 * only devices bound to the user who asked (docs/decisions.md SDD1); the model list and the merchant and manufacturer list filters over HTTP — in embedded and in distributed mode.
 */
import { randomBytes } from 'node:crypto';
import type { ModelProgressView, ReleaseView } from '@dcp/contracts';
import { describeWithInfra, uniqueName } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type Body, type Credentials, MerchantApp, admin, deviceForm } from './merchant-app';

/** A random unicast MAC in canonical form (12 upper-case hex digits). */
const randomMac = (): string => {
  const bytes = randomBytes(6);
  bytes[0] = (bytes[0] & 0xfe) | 0x02;
  return bytes.toString('hex').toUpperCase();
};

function progressSuite(mode: Mode) {
  let t: TestPlatform;
  let merchant: MerchantApp;
  let user: Credentials;
  const merchantName = uniqueName('Progress Cams');

  beforeAll(async () => {
    t = await startTestPlatform(mode);
    merchant = await MerchantApp.register(t, merchantName);
    user = (await merchant.signIn('Paula Progress')).credentials;
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
  });

  /** What an operator does through the admin API; each call must answer `status`. */
  const operator = async <T>(method: string, path: string, body?: unknown, status = 200): Promise<T> => {
    const res = await admin(t, method, path, body);
    if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const release = (machineTypeName: string, version1: number): Promise<ReleaseView> =>
    operator('POST', '/firmware', {
      machineTypeName,
      type: 1,
      version1,
      version2: '0',
      version3: 0,
      version4: 0,
      patchVersion: 0,
      downloadUri: `https://fw.example.com/${machineTypeName}/${version1}.bin`,
      md5: 'c'.repeat(32),
      desc: { zh: '更新', en: 'Update' },
    }, 201);

  /** firmware.latest from a device running system `sys1`.0.0 and application 1.0.0, asked by `who` (Paula unless given). */
  const latest = async (machineTypeName: string, macAddr: string, sys1: number, who = user): Promise<Body> => {
    const res = await merchant.get('firmware.latest', who, { macAddr, machineTypeName, sysVersion1: sys1, sysVersion3: 0, sysVersion4: 0, appVersion1: 1, appVersion3: 0, appVersion4: 0 });
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Binds the device to `who` as the app does after set-up (addOemDevice). */
  const bind = async (macAddr: string, who = user): Promise<void> => {
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', who, deviceForm(macAddr))).body).toMatchObject({ errorCode: '' });
  };
  const progressOf = (model: string) => operator<ModelProgressView>('GET', `/firmware/models/${encodeURIComponent(model)}/progress`);

  it('counts the distinct devices that asked, by version asked from and by release offered: one device asking twice counts once', async () => {
    const model = uniqueName('ROLL');
    await release(model, 1);
    const next = await release(model, 2);
    // Only devices bound to the user who asks count (docs/decisions.md SDD1).
    await bind('02F1000000A1');
    await bind('02F1000000B2');

    // Device A runs 1.0.0 and asks twice (in two spellings of its MAC); device B already runs 2.0.0.
    expect(await latest(model, '02F1000000A1', 1)).toMatchObject({ errorCode: '', data: { id: next.id } });
    expect(await latest(model, '02:f1:00:00:00:a1', 1)).toMatchObject({ errorCode: '', data: { id: next.id } });
    expect(await latest(model, '02F1000000B2', 2)).toStrictEqual({ errorCode: '', failureDetails: '', remind: 0 });

    const progress = await progressOf(model);
    const n = (last24h: number, last7d: number) => ({ last24h, last7d });
    expect(progress).toEqual({
      machineTypeName: model,
      asOf: expect.any(Number),
      devices: n(2, 2),
      answers: { offered: n(1, 1), upToDate: n(1, 1), notRolledOut: n(0, 0), refused: n(0, 0) },
      fromVersions: [
        { type: 1, version: '1.0.0.0', devices: n(1, 1) },
        { type: 1, version: '2.0.0.0', devices: n(1, 1) },
        { type: 2, version: '1.0.0.0', devices: n(2, 2) },
      ],
      releases: [
        { id: expect.any(Number), type: 1, key: '1.0.0.0', version2: '0', interim: false, active: true, rolloutPercent: 100, offered: n(0, 0) },
        { id: next.id, type: 1, key: '2.0.0.0', version2: '0', interim: false, active: true, rolloutPercent: 100, offered: n(1, 1) },
      ],
    });
    expect((await admin(t, 'GET', `/firmware/models/${uniqueName('NOPE')}/progress`)).status).toBe(404);
  });

  it('counts only devices bound to the user who asks: random MACs named by a user with no devices, or another user\'s device, are answered but never counted (SDD1)', async () => {
    const model = uniqueName('POISON');
    await release(model, 1);
    const next = await release(model, 2);
    const ownDevice = randomMac();
    await bind(ownDevice);
    const stranger = (await merchant.signIn('Sam Stranger')).credentials;

    // The stranger has no device: each MAC is still answered (apps ask before binding, during set-up) …
    for (let i = 0; i < 30; i++) expect(await latest(model, randomMac(), 1, stranger)).toMatchObject({ errorCode: '', data: { id: next.id } });
    // … and so is Paula's device named by the stranger, from another version.
    expect(await latest(model, ownDevice.toLowerCase(), 2, stranger)).toStrictEqual({ errorCode: '', failureDetails: '', remind: 0 });
    // Paula's own device, asked by Paula.
    expect(await latest(model, ownDevice, 1)).toMatchObject({ errorCode: '', data: { id: next.id } });

    const progress = await progressOf(model);
    const n = (last24h: number, last7d: number) => ({ last24h, last7d });
    expect(progress).toMatchObject({
      devices: n(1, 1),
      answers: { offered: n(1, 1), upToDate: n(0, 0), notRolledOut: n(0, 0), refused: n(0, 0) },
      fromVersions: [
        { type: 1, version: '1.0.0.0', devices: n(1, 1) },
        { type: 2, version: '1.0.0.0', devices: n(1, 1) },
      ],
    });
    expect(progress.releases.find((r) => r.id === next.id)?.offered).toEqual(n(1, 1));
  });

  it('lists models filtered by q with their release counts, paged, beside the release list', async () => {
    const tag = uniqueName('LISTED');
    await release(`${tag}-one`, 1);
    await release(`${tag}-one`, 2);
    await release(`${tag}-two`, 1);
    const page = await operator<{ items: Body[]; total: number }>('GET', `/firmware/models?q=${encodeURIComponent(tag.toLowerCase())}&limit=1&offset=1`);
    expect(page).toEqual({ total: 2, totalIsEstimate: false, nextCursor: null, items: [{ machineTypeName: `${tag}-two`, smartUpgrade: true, releaseCount: 1, activeReleaseCount: 1, createTime: expect.any(Number), updateTime: expect.any(Number) }] });
    expect(await operator('GET', `/firmware/models?q=${encodeURIComponent(`${tag}-one`)}`)).toMatchObject({ total: 1, items: [{ releaseCount: 2 }] });
    expect(await operator('GET', `/firmware?machineTypeName=${encodeURIComponent(`${tag}-one`)}`)).toMatchObject({ total: 2 });
  });

  it('filters merchants by q and enabled and manufacturers by q; a bad filter answers 400 AD0400 naming the parameter', async () => {
    const merchants = await operator<{ items: Body[]; total: number }>('GET', `/merchants?q=${encodeURIComponent(merchantName.toLowerCase())}&enabled=true`);
    expect(merchants).toMatchObject({ total: 1, items: [{ clientId: merchant.clientId, name: merchantName }] });
    expect(await operator('GET', `/merchants?q=${encodeURIComponent(merchantName)}&enabled=false`)).toEqual({ total: 0, totalIsEstimate: false, nextCursor: null, items: [] });

    const oemCode = uniqueName('PCT');
    await operator('POST', '/manufacturers', { oemCode, name: 'Hundred 100% Optics' }, 201);
    await operator('POST', '/manufacturers', { oemCode: uniqueName('THO'), name: 'Thousand 1000 Optics' }, 201);
    expect(await operator('GET', `/manufacturers?q=${encodeURIComponent('100% optics')}`)).toMatchObject({ total: 1, items: [{ oemCode }] });

    const refusals: [string, string][] = [
      ['/merchants?enabled=maybe', 'invalid field enabled: must be true or false'],
      [`/merchants?q=${'x'.repeat(101)}`, 'invalid field q: must be at most 100 characters'],
      [`/manufacturers?q=${'x'.repeat(101)}`, 'invalid field q: must be at most 100 characters'],
      ['/firmware/models?q=a&q=b', 'invalid field q:'],
      // NUL is refused for every admin route before the route's own rules (SDC1); other control characters by q's own.
      ['/firmware/models?q=%00', 'invalid field q: must not contain NUL (U+0000)'],
      ['/firmware/models?q=%01', 'invalid field q: must not contain control characters'],
    ];
    for (const [path, details] of refusals) {
      const res = await admin(t, 'GET', path);
      expect({ path, status: res.status, errorCode: res.body.errorCode }).toEqual({ path, status: 400, errorCode: 'AD0400' });
      expect(String(res.body.failureDetails)).toContain(details);
    }
  });
}

describe('firmware rollout progress and admin list filters (embedded)', () => progressSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'firmware rollout progress and admin list filters (distributed: PostgreSQL + NATS)', () => progressSuite('distributed'));

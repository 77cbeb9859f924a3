import { DEVICE_RPC, ErrorCode, PERMISSION_RPC, type PlatformError } from '@dcp/contracts';
import { PlatformMetrics } from '@dcp/observability';
import type { Clock } from '@dcp/runtime';
import { signCameraText } from '@dcp/signing';
import { FakeEventSubscriber, makeEventEnvelope } from '@dcp/testing';
import { FakeSessionServices } from '../test/fakes';
import { CameraCredentials } from './camera-credentials';
import { CameraVerifier } from './camera-verifier';

const MAC = '06626E63FBA5';
const TAG = 'StoreTagOfSeven';
const STREAM = '0123456789abcdef0123456789abcdef';
const NOW = 1_800_000_000_000;
const PLAN = { grantId: 9, retentionDays: 7, planEndsAt: NOW + 86_400_000 };

/** permission-service's streams and device-service's owners as maps (every request counted), the live events, a clock. */
function world() {
  let now = NOW;
  const clock: Clock = { now: () => now };
  const services = new FakeSessionServices({ owners: [[MAC, 7]] });
  services.cameraStreams.set(`${MAC}/${TAG}`, [{ userId: 7, streamId: STREAM, plan: PLAN }]);
  const events = new FakeEventSubscriber();
  const credentials = new CameraCredentials(services, events, new PlatformMetrics({ defaultMetrics: false }), clock, { ttlMs: 30_000, maxDevices: 100 });
  const verifier = new CameraVerifier(credentials);
  return {
    services,
    events,
    start: () => credentials.start(),
    verify: (signedWith = STREAM, text = `upload at ${now}`) => verifier.verify({ macAddr: MAC, userTag: TAG, stringToSign: text, signature: signCameraText(signedWith, text) }, now),
    /** How often each service was asked. */
    asked: () => ({
      streams: services.calls.filter((c) => c.subject === PERMISSION_RPC.cameraStreamKeys.subject).length,
      owner: services.calls.filter((c) => c.subject === DEVICE_RPC.findDeviceOwner.subject).length,
    }),
    advance: (ms: number) => void (now += ms),
  };
}

const codeOf = (p: Promise<unknown>) => p.then(() => 'accepted', (err: PlatformError) => err.code);

describe('CameraVerifier and CameraCredentials (decisions CU4, CU11)', () => {
  it('accepts the stream of the device\'s current owner with a plan in service, then answers from memory', async () => {
    const w = world();
    await w.start();
    await expect(w.verify()).resolves.toMatchObject({ userId: 7, plan: PLAN });
    await w.verify();
    await w.verify();
    expect(w.asked()).toEqual({ streams: 1, owner: 1 });
    // Until the TTL: then both are asked again.
    w.advance(600_001);
    await w.verify();
    expect(w.asked()).toEqual({ streams: 2, owner: 2 });
  });

  it('a forged signature is CR0401 and asks again each time (nothing kept accepts it)', async () => {
    const w = world();
    await w.start();
    await w.verify();
    expect(await codeOf(w.verify('ffffffffffffffffffffffffffffffff'))).toBe(ErrorCode.CAMERA_CREDENTIALS_REFUSED);
    expect(await codeOf(w.verify('ffffffffffffffffffffffffffffffff'))).toBe(ErrorCode.CAMERA_CREDENTIALS_REFUSED);
    expect(w.asked().streams).toBe(3);
  });

  it('the owner decides first: a stream whose owner lost the device is CR0401, never CR0403; the owner without a plan is CR0403', async () => {
    const w = world();
    await w.start();
    w.services.cameraStreams.set(`${MAC}/${TAG}`, [{ userId: 7, streamId: STREAM, plan: null }]);
    w.services.owners.delete(MAC);
    expect(await codeOf(w.verify())).toBe(ErrorCode.CAMERA_CREDENTIALS_REFUSED);
    w.services.owners.set(MAC, 8);
    expect(await codeOf(w.verify())).toBe(ErrorCode.CAMERA_CREDENTIALS_REFUSED);
    w.services.owners.set(MAC, 7);
    expect(await codeOf(w.verify())).toBe(ErrorCode.CAMERA_NO_ACTIVE_PLAN);
  });

  it('a plan is believed until it ends; then the next request asks again and takes a renewal at once', async () => {
    const w = world();
    await w.start();
    await w.verify();
    w.advance(86_400_000);
    const renewed = { grantId: 10, retentionDays: 30, planEndsAt: NOW + 40 * 86_400_000 };
    w.services.cameraStreams.set(`${MAC}/${TAG}`, [{ userId: 7, streamId: STREAM, plan: renewed }]);
    await expect(w.verify()).resolves.toMatchObject({ userId: 7, plan: renewed });
    expect(w.asked().streams).toBe(2);
    // Not renewed: refused once permission-service says so.
    w.advance(40 * 86_400_000);
    w.services.cameraStreams.set(`${MAC}/${TAG}`, [{ userId: 7, streamId: STREAM, plan: null }]);
    expect(await codeOf(w.verify())).toBe(ErrorCode.CAMERA_NO_ACTIVE_PLAN);
  });

  it('device.unbound drops the device: the next request is refused, and an upload verified before the event asks device-service after its write', async () => {
    const w = world();
    await w.start();
    const inFlight = await w.verify();
    await expect(inFlight.stillOwner()).resolves.toBe(true);
    expect(w.asked().owner).toBe(1);

    w.services.owners.delete(MAC);
    w.services.cameraStreams.set(`${MAC}/${TAG}`, []);
    w.events.deliver(makeEventEnvelope('deviceUnbound', { macAddr: MAC, userId: 7, reason: 'force' }));
    await expect(inFlight.stillOwner()).resolves.toBe(false);
    expect(w.asked().owner).toBe(2);
    expect(await codeOf(w.verify())).toBe(ErrorCode.CAMERA_CREDENTIALS_REFUSED);
  });

  it('device.bound, grant.revoked of the device and user.deleted of its owner drop it; other devices\' events do not', async () => {
    const w = world();
    await w.start();
    const drops = [
      makeEventEnvelope('deviceBound', { macAddr: MAC, userId: 7, oemCode: 'ACME' }),
      makeEventEnvelope('grantRevoked', { grantId: 9, userId: 7, ipcMac: MAC, permissionCode: 'cloud-7', reason: 'device-unbound' }),
      makeEventEnvelope('userDeleted', { userId: 7, openId: 'o', clientId: 'c', uuid: 'u' }),
    ];
    const others = [
      makeEventEnvelope('deviceUnbound', { macAddr: '06626E63FBA6', userId: 7, reason: 'user' }),
      makeEventEnvelope('grantRevoked', { grantId: 3, userId: 7, ipcMac: null, permissionCode: 'alerts', reason: 'user-deleted' }),
      makeEventEnvelope('userDeleted', { userId: 8, openId: 'o8', clientId: 'c', uuid: 'u8' }),
    ];
    await w.verify();
    for (const event of others) w.events.deliver(event);
    await w.verify();
    expect(w.asked().streams).toBe(1);
    for (const [i, event] of drops.entries()) {
      w.events.deliver(event);
      await w.verify();
      expect(w.asked().streams).toBe(2 + i);
    }
  });

  it('the bus connection going down (events may be missed) drops everything, in-flight uploads included', async () => {
    const w = world();
    await w.start();
    const inFlight = await w.verify();
    w.events.gap();
    await inFlight.stillOwner();
    expect(w.asked().owner).toBe(2);
    await w.verify();
    expect(w.asked().streams).toBe(2);
  });

  it('an answer asked for while an event arrived is used once but not kept (it may predate the event)', async () => {
    const w = world();
    await w.start();
    let release!: () => void;
    w.services.hold(new Promise<void>((resolve) => (release = resolve)));
    const verifying = w.verify();
    w.events.deliver(makeEventEnvelope('deviceBound', { macAddr: '06626E63FBA6', userId: 8, oemCode: 'ACME' }));
    release();
    const verified = await verifying;
    expect(w.asked().owner).toBe(1);
    // Dropped from the start: its write asks device-service, and the next request asks everything again.
    await verified.stillOwner();
    expect(w.asked().owner).toBe(2);
    await w.verify();
    expect(w.asked().streams).toBe(2);
  });
});

import { ErrorCode, callFromWire } from '@dcp/contracts';
import { md5Hex } from '@dcp/signing';
import { DelKeys } from '../manufacturers/del-keys';
import { ManualClock } from '@dcp/testing';
import { makeNewDevice } from '../test/factories';
import { T0, MemoryDevices, MemoryManufacturers, MemoryUsedSigns, failure, fakeConfig } from '../test/fakes';
import { ForceUnbindUseCase } from './force-unbind.use-case';

describe('ForceUnbindUseCase', () => {
  const MAC = 'AABBCCDDEE01';
  const DEL_KEY = 'DelKeyDelKeyDelKeyDelKeyDelKey12';
  let clock: ManualClock;
  let devices: MemoryDevices;
  let usedSigns: MemoryUsedSigns;
  let useCase: ForceUnbindUseCase;

  beforeEach(async () => {
    clock = new ManualClock(T0);
    devices = new MemoryDevices();
    usedSigns = new MemoryUsedSigns();
    const delKeys = new DelKeys(fakeConfig());
    const manufacturers = new MemoryManufacturers();
    await manufacturers.create({ oemCode: 'ACME', name: 'Acme', delKeyCiphertext: delKeys.encrypt('ACME', DEL_KEY) });
    await manufacturers.create({ oemCode: 'OTHER', name: 'Other', delKeyCiphertext: delKeys.encrypt('OTHER', 'another-key') });
    useCase = new ForceUnbindUseCase(manufacturers, delKeys, usedSigns, devices, clock);
    await devices.bind(makeNewDevice({ macAddr: MAC, userId: 7, oemCode: 'ACME' }));
  });

  const now = () => String(Math.floor(clock.now() / 1000));
  const params = (over: Record<string, string> = {}) => {
    const p = { mac: MAC, timeStamp: now(), oemCode: 'ACME', ...over };
    return { ...p, sign: md5Hex(`${p.mac}${p.timeStamp}${DEL_KEY}`), ...('sign' in over ? { sign: over.sign } : {}) };
  };
  const run = async (p: Record<string, string>) => useCase.execute(callFromWire('delOemDeviceForce', p));

  it('unbinds the device (reason force, its event enqueued by the repository) and answers without data', async () => {
    await expect(run(params())).resolves.toEqual({});
    expect(devices.rows).toEqual([]);
    expect(devices.unbound).toEqual([{ macAddr: MAC, userId: 7, reason: 'force' }]);
  });

  it('checks in order: mac syntax → oemCode → timeStamp → sign → replay → the manufacturer\'s device', async () => {
    // Each case is wrong in its own check and in every later one: the earliest check must answer.
    const stale = String(Math.floor(clock.now() / 1000) - 1000);
    const cases: [Record<string, string>, string][] = [
      [{ mac: 'nope', oemCode: 'NOBODY', timeStamp: 'x', sign: 'bad' }, ErrorCode.FC_INVALID_PARAMETER],
      [{ oemCode: 'NOBODY', timeStamp: 'x', sign: 'bad' }, ErrorCode.DEVICE_FORCE_OEM_UNKNOWN],
      [{ timeStamp: 'x', sign: 'bad' }, ErrorCode.FC_INVALID_PARAMETER],
      [{ timeStamp: stale, sign: 'bad' }, ErrorCode.DEVICE_FORCE_TIMESTAMP_OUT_OF_WINDOW],
      [{ sign: 'bad' }, ErrorCode.DEVICE_FORCE_SIGN_MISMATCH],
    ];
    for (const [over, code] of cases) expect((await failure(run(params(over)))).code).toBe(code);
    expect(usedSigns.seen.size).toBe(0);
    expect(devices.rows).toHaveLength(1);
  });

  it('names the parameter of a 000006: mac or timeStamp', async () => {
    expect((await failure(run(params({ mac: 'AA:BB' }))))).toEqual(expect.objectContaining({ failureDetails: 'parameter mac is not a MAC address (12 hex digits, optionally separated by ":" or "-")' }));
    expect((await failure(run(params({ timeStamp: '12:00' })))).failureDetails).toMatch(/^parameter timeStamp /);
  });

  it('says how far off a refused timeStamp is', async () => {
    const ahead = await failure(run(params({ timeStamp: String(Math.floor(clock.now() / 1000) + 400) })));
    expect(ahead).toMatchObject({ code: ErrorCode.DEVICE_FORCE_TIMESTAMP_OUT_OF_WINDOW, failureDetails: 'timeStamp is 400 s ahead of server time (at most 300 s allowed)' });
    const behind = await failure(run(params({ timeStamp: String(clock.now() - 301_000) })));
    expect(behind.failureDetails).toBe('timeStamp is 301 s behind server time (at most 300 s allowed)');
  });

  it('refuses a second use of a sign (any case) with DV0044, even when the first found no device', async () => {
    const p = params({ mac: 'AA:BB:CC:DD:EE:99' });
    expect((await failure(run(p))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    expect((await failure(run({ ...p, sign: p.sign.toUpperCase() }))).code).toBe(ErrorCode.DEVICE_FORCE_SIGN_REPLAYED);
    expect([...usedSigns.seen.keys()]).toEqual([`ACME:${p.sign}`]);
  });

  it('does not let a manufacturer unbind another manufacturer\'s device (020041)', async () => {
    const p = { mac: MAC, timeStamp: now(), oemCode: 'OTHER' };
    const err = await failure(run({ ...p, sign: md5Hex(`${MAC}${p.timeStamp}another-key`) }));
    expect(err.code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    expect(devices.rows).toHaveLength(1);
  });

  it('accepts any MAC spelling, signed as sent, and unbinds the canonical device', async () => {
    await expect(run(params({ mac: 'aa:bb:cc:dd:ee:01' }))).resolves.toEqual({});
    expect(devices.unbound).toEqual([{ macAddr: MAC, userId: 7, reason: 'force' }]);
  });
});

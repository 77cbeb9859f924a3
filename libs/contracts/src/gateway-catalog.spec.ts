import { ErrorCode } from './error-codes';
import { GATEWAY_OPERATIONS, OPERATIONS, type OperationKey, type ParamsOf, findOperation, knownParams, operationsOwnedBy, parseOperationParams } from './gateway-catalog';
import { parseRecordTime } from './gateway-params';
import { PlatformError } from './platform-error';

const identity = { clientId: 'c'.repeat(40), openId: 'o1', accessToken: 't1' };
const addDevice = {
  ...identity,
  macAddr: 'AA:BB:CC:DD:EE:FF',
  deviceName: 'Porch',
  username: 'admin',
  password: 'secret',
  hasusertag: '2',
  supportStore: '1',
  supportRichMedia: '0',
  productName: 'C6N',
  oemCode: 'ACME',
};
const latest = {
  ...identity,
  macAddr: 'aa-bb-cc-dd-ee-01',
  machineTypeName: 'IPC-100',
  sysVersion1: '1',
  sysVersion3: '2',
  sysVersion4: '3',
  appVersion1: '4',
  appVersion3: '5',
  appVersion4: '6',
};
const stream = { devId: '0a1b2c3d4e5f', sessionToken: 'f'.repeat(32), timestamp: '1795651260' };

function parse<K extends OperationKey>(key: K, params: Record<string, string | undefined>): ParamsOf<K> {
  return parseOperationParams(GATEWAY_OPERATIONS[key], params) as ParamsOf<K>;
}

function refusal(key: OperationKey, params: Record<string, string | undefined>): PlatformError {
  try {
    parse(key, params);
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const without = (params: Record<string, string>, name: string) => Object.fromEntries(Object.entries(params).filter(([k]) => k !== name));

describe('the operation catalogue', () => {
  it('names every service once per surface, and looks them up by surface', () => {
    for (const surface of ['gateway', 'stream'] as const) {
      const names = OPERATIONS.filter((o) => o.surface === surface).map((o) => o.service);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(findOperation('gateway', 'permission.active')).toBe(GATEWAY_OPERATIONS.activatePermission);
    expect(findOperation('stream', 'permission.active')).toBeUndefined();
    expect(findOperation('gateway', 'record.play')).toBeUndefined();
  });

  it('gives every user-scoped operation clientId, openId and accessToken (40 characters each) first', () => {
    for (const op of OPERATIONS.filter((o) => o.auth === 'user')) {
      expect(Object.keys(op.params).slice(0, 3)).toEqual(['clientId', 'openId', 'accessToken']);
      for (const name of ['clientId', 'openId', 'accessToken']) expect(op.params[name as 'clientId'].facts).toMatchObject({ required: true, maxLength: 40 });
    }
  });

  it('lists the operations each service owns', () => {
    expect(Object.keys(operationsOwnedBy('storage'))).toEqual(['recordDateQuery', 'recordQuery', 'recordPlay', 'recordDownload']);
    expect(Object.keys(operationsOwnedBy('permission'))).toEqual(['queryUserNotActive', 'activatePermission', 'getCurrentService', 'queryUserIpcsValid']);
  });
});

describe('parameters: presence, lengths, types (decisions S5, S6)', () => {
  it('types a complete add-device call and drops unknown parameters', () => {
    expect(parse('addOemDevice', { ...addDevice, version: '', area: '', lang: 'en' })).toEqual({
      ...addDevice,
      macAddr: 'AABBCCDDEEFF',
      hasusertag: 2,
      supportStore: 1,
      supportRichMedia: 0,
    });
  });

  it.each(Object.keys(addDevice))('refuses a missing %s with 000006 naming it', (name) => {
    expect(refusal('addOemDevice', without(addDevice, name))).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: `parameter ${name} is required` });
  });

  it.each(Object.keys(addDevice))('refuses %s sent empty with 000006, as if missing', (name) => {
    expect(refusal('addOemDevice', { ...addDevice, [name]: '' })).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: `parameter ${name} is required` });
  });

  it.each([
    ['clientId', 40],
    ['deviceName', 50],
    ['username', 64],
    ['password', 160],
    ['productName', 50],
    ['oemCode', 20],
  ])('enforces the maximum length of %s (%i characters)', (name, max) => {
    expect(() => parse('addOemDevice', { ...addDevice, [name]: 'x'.repeat(max) })).not.toThrow();
    expect(refusal('addOemDevice', { ...addDevice, [name]: 'x'.repeat(max + 1) }).failureDetails).toBe(`parameter ${name} exceeds ${max} characters`);
  });

  it('counts characters, not UTF-16 units: 50 emoji are a valid deviceName, 51 are not', () => {
    expect(parse('addOemDevice', { ...addDevice, deviceName: '📷'.repeat(50) }).deviceName).toBe('📷'.repeat(50));
    expect(refusal('addOemDevice', { ...addDevice, deviceName: '📷'.repeat(51) }).failureDetails).toBe('parameter deviceName exceeds 50 characters');
  });

  it('a MAC longer than 20 characters is refused for its length, a 20-character non-MAC for its form', () => {
    expect(refusal('addOemDevice', { ...addDevice, macAddr: 'A'.repeat(21) }).failureDetails).toBe('parameter macAddr exceeds 20 characters');
    expect(refusal('addOemDevice', { ...addDevice, macAddr: 'A'.repeat(20) }).failureDetails).toBe('parameter macAddr is not a MAC address (12 hex digits, optionally separated by ":" or "-")');
  });

  it.each([
    ['hasusertag', '1', 'must be one of 0, 2'],
    ['hasusertag', 'two', 'must be an integer'],
    ['supportStore', '2', 'must be one of 0, 1'],
    ['supportRichMedia', '1.0', 'must be an integer'],
  ])('refuses %s=%s: %s', (name, value, reason) => {
    expect(refusal('addOemDevice', { ...addDevice, [name]: value })).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: `parameter ${name} ${reason}` });
  });

  it('reads integers with blanks around them, as clients pad them', () => {
    expect(parse('addOemDevice', { ...addDevice, supportStore: ' 1 ' }).supportStore).toBe(1);
  });

  it('treats optional parameters as optional, absent or empty, and checks them when given', () => {
    const base = { ...identity, macAddr: 'aabbccddeeff' };
    expect(parse('updateOemDevice', base)).toEqual({
      ...identity,
      macAddr: 'AABBCCDDEEFF',
      deviceName: undefined,
      username: undefined,
      password: undefined,
      hasusertag: undefined,
      supportStore: undefined,
      supportRichMedia: undefined,
      productName: undefined,
    });
    expect(parse('updateOemDevice', { ...base, deviceName: '', hasusertag: '' }).deviceName).toBeUndefined();
    expect(refusal('updateOemDevice', { ...base, hasusertag: '1' }).failureDetails).toBe('parameter hasusertag must be one of 0, 2');
  });

  it('checks long parameters (grantId) as 64-bit integers of at most 20 characters, kept as text', () => {
    const base = { ...identity, ipcMac: 'AABBCCDDEEFF' };
    expect(parse('activatePermission', { ...base, grantId: '9223372036854775807' }).grantId).toBe('9223372036854775807');
    expect(refusal('activatePermission', { ...base, grantId: '9223372036854775808' }).failureDetails).toBe('parameter grantId is out of range');
    expect(refusal('activatePermission', { ...base, grantId: '12a' }).failureDetails).toBe('parameter grantId must be an integer');
    expect(refusal('activatePermission', { ...base, grantId: '1'.repeat(21) }).failureDetails).toBe('parameter grantId exceeds 20 characters');
  });

  it('enforces machineTypeName length 1 to 50 on firmware.latest', () => {
    expect(() => parse('firmwareLatest', { ...latest, machineTypeName: 'm'.repeat(50) })).not.toThrow();
    expect(refusal('firmwareLatest', { ...latest, machineTypeName: 'm'.repeat(51) }).failureDetails).toBe('parameter machineTypeName exceeds 50 characters');
  });
});

describe('control characters (decisions S10)', () => {
  it.each(['clientId', 'openId', 'accessToken', 'deviceName', 'username', 'password', 'productName', 'oemCode', 'macAddr'])('refuses a NUL byte in %s with 000006 naming it', (name) => {
    const value = name === 'macAddr' ? 'AABBCCDDEE\u0000F' : 'ab\u0000c';
    expect(refusal('addOemDevice', { ...addDevice, [name]: value })).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: `parameter ${name} must not contain control characters` });
  });

  it.each(['\u0001', '\u001f', '\u007f', '\u0085', '\t', '\n', '\r'])('refuses %j in a name', (ch) => {
    expect(refusal('updateOemDevice', { ...identity, macAddr: 'AABBCCDDEEFF', deviceName: `Hall${ch}` }).failureDetails).toBe('parameter deviceName must not contain control characters');
  });

  it('refuses them in firmware and force-unbind parameters too', () => {
    expect(refusal('firmwareLatest', { ...latest, machineTypeName: 'IPC\u0000' }).failureDetails).toBe('parameter machineTypeName must not contain control characters');
    expect(refusal('delOemDeviceForce', { mac: 'AABBCCDDEEFF', timeStamp: '1', oemCode: 'AC\u0000ME', sign: 'x' }).failureDetails).toBe('parameter oemCode must not contain control characters');
  });

  it('lets exceptionInfo, free text from the app, hold line breaks and tabs, but no other control character', () => {
    const base = { ...identity, grantId: '1', ipcMac: 'AABBCCDDEEFF' };
    expect(parse('activatePermission', { ...base, exceptionInfo: 'line 1\r\n\tline 2' }).exceptionInfo).toBe('line 1\r\n\tline 2');
    expect(refusal('activatePermission', { ...base, exceptionInfo: 'a\u0000b' }).failureDetails).toBe('parameter exceptionInfo must not contain control characters');
  });

  it('accepts any other Unicode text as sent', () => {
    expect(parse('addOemDevice', { ...addDevice, deviceName: 'Café — 客厅' }).deviceName).toBe('Café — 客厅');
  });
});

describe('MACs (decisions D1)', () => {
  it.each(['06626E63FBA5', '06626e63fba5', '06:62:6E:63:FB:A5', '06-62-6e-63-fb-a5', ' 06626E63FBA5 '])('reads %j as 06626E63FBA5', (macAddr) => {
    expect(parse('getOemDeviceByUserAndMac', { ...identity, macAddr }).macAddr).toBe('06626E63FBA5');
  });

  it('gives delOemDeviceForce the MAC as sent (the sign covers it) and its canonical form', () => {
    expect(parse('delOemDeviceForce', { mac: '06-62-6e-63-fb-a5', timeStamp: '1', oemCode: 'A', sign: 'x' }).mac).toEqual({ sent: '06-62-6e-63-fb-a5', canonical: '06626E63FBA5' });
  });
});

describe('empty values real apps send (decisions S9)', () => {
  it('record.query and record.play accept version= empty, and still require it', () => {
    const query = { ...stream, recordSt: '1795651200', recordEt: '1795654800' };
    expect(parse('recordQuery', { ...query, version: '' }).version).toBe('');
    expect(parse('recordPlay', { ...stream, recordSt: '1795651200', version: '' }).version).toBe('');
    expect(parse('recordPlay', { ...stream, recordSt: '1795651200', version: '1.0' }).version).toBe('1.0');
    expect(refusal('recordQuery', query)).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: 'parameter version is required' });
  });

  it('firmware.latest answers 000005 (FC_PARAMETER_EMPTY) for a required parameter sent empty, 000006 for a missing one', () => {
    expect(refusal('firmwareLatest', { ...latest, machineTypeName: '' })).toMatchObject({ code: ErrorCode.FC_PARAMETER_EMPTY, failureDetails: 'parameter machineTypeName is empty' });
    expect(refusal('firmwareLatest', { ...latest, sysVersion3: '' })).toMatchObject({ code: ErrorCode.FC_PARAMETER_EMPTY, failureDetails: 'parameter sysVersion3 is empty' });
    expect(refusal('firmwareLatest', without(latest, 'machineTypeName'))).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: 'parameter machineTypeName is required' });
  });
});

describe('firmware versions', () => {
  it('types the reported versions; patchVersion absent or empty is undefined', () => {
    expect(parse('firmwareLatest', latest)).toMatchObject({ macAddr: 'AABBCCDDEE01', sysVersion1: 1, sysVersion3: 2, sysVersion4: 3, appVersion1: 4, appVersion3: 5, appVersion4: 6 });
    expect(parse('firmwareLatest', latest).patchVersion).toBeUndefined();
    expect(parse('firmwareLatest', { ...latest, patchVersion: '' }).patchVersion).toBeUndefined();
    expect(parse('firmwareLatest', { ...latest, patchVersion: '7' }).patchVersion).toBe(7);
    expect(parse('firmwareLatest', { ...latest, sysVersion1: '0', appVersion4: '2147483647' })).toMatchObject({ sysVersion1: 0, appVersion4: 2147483647 });
  });

  it.each([
    ['sysVersion1', '-1'],
    ['sysVersion3', '2147483648'],
    ['appVersion4', '-2147483648'],
    ['appVersion1', '99999999999999999999'],
    ['patchVersion', '-3'],
  ])('%s = %s → 010026 naming it', (name, value) => {
    expect(refusal('firmwareLatest', { ...latest, [name]: value })).toMatchObject({ code: ErrorCode.PT_FIRMWARE_VERSION_INVALID, failureDetails: expect.stringContaining(name) });
  });

  it('a version that is not an integer is a malformed parameter (000006), not an invalid version', () => {
    expect(refusal('firmwareLatest', { ...latest, sysVersion4: '1.5' })).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: 'parameter sysVersion4 must be an integer' });
  });

  it('checks in phases: every presence first, then the MAC, then version ranges', () => {
    expect(refusal('firmwareLatest', { ...latest, macAddr: 'not-a-mac', sysVersion1: '-1', appVersion1: '' })).toMatchObject({ code: ErrorCode.FC_PARAMETER_EMPTY, failureDetails: 'parameter appVersion1 is empty' });
    expect(refusal('firmwareLatest', { ...latest, macAddr: 'not-a-mac', sysVersion1: '-1' })).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: expect.stringContaining('macAddr') });
  });
});

describe('stream parameters (decisions CS1, CS2, CS5)', () => {
  it('types devId, timestamp (as sent and in ms) and record times', () => {
    expect(parse('recordQuery', { ...stream, recordSt: '20261123T000000', recordEt: '1795654800', version: '1' })).toEqual({
      devId: '0A1B2C3D4E5F',
      sessionToken: stream.sessionToken,
      timestamp: { raw: '1795651260', ms: 1_795_651_260_000, unit: 's' },
      recordSt: Date.UTC(2026, 10, 23) / 1000,
      recordEt: 1795654800,
      version: '1',
    });
    expect(parse('recordDateQuery', { ...stream, timestamp: '1795651260123' }).timestamp).toEqual({ raw: '1795651260123', ms: 1_795_651_260_123, unit: 'ms' });
  });

  it('checks devId → timestamp → recordSt → recordEt in that order, naming each', () => {
    const bad = { ...stream, devId: 'camera-1', timestamp: 'tomorrow', recordSt: 'x', recordEt: 'y', version: '' };
    expect(refusal('recordQuery', bad).failureDetails).toContain('parameter devId');
    expect(refusal('recordQuery', { ...bad, devId: stream.devId }).failureDetails).toBe('parameter timestamp must be unix time in seconds or milliseconds');
    expect(refusal('recordQuery', { ...bad, devId: stream.devId, timestamp: stream.timestamp }).failureDetails).toBe('parameter recordSt must be epoch seconds or YYYYMMDDTHHMMSS (UTC)');
    expect(refusal('recordQuery', { ...bad, devId: stream.devId, timestamp: stream.timestamp, recordSt: '1' }).failureDetails).toContain('parameter recordEt');
  });

  it.each(['17956.5', '-1', '0x10', ' 1795651260'])('refuses the timestamp %j', (timestamp) => {
    expect(refusal('recordDateQuery', { ...stream, timestamp }).failureDetails).toContain('parameter timestamp');
  });

  it('reads record times as epoch seconds or basic ISO in UTC', () => {
    expect(parseRecordTime('1795651200')).toBe(1795651200);
    expect(parseRecordTime('0')).toBe(0);
    expect(parseRecordTime('20261123T235959')).toBe(Date.UTC(2026, 10, 23, 23, 59, 59) / 1000);
  });

  it.each(['', 'yesterday', '-5', '1.5', '123456789012', '2026-11-23T00:00:00Z', '20261123T0000', '20261131T000000', '20261123T240000', '20260230T120000', '20261123t000000'])(
    'refuses the record time %j',
    (raw) => expect(parseRecordTime(raw)).toBeUndefined(),
  );
});

describe('knownParams', () => {
  it('forwards the catalogue parameters as sent and nothing else', () => {
    expect(knownParams(GATEWAY_OPERATIONS.getOemDeviceByUserAndMac, { ...identity, macAddr: 'aa-bb-cc-dd-ee-ff', version: '', area: 'x' })).toEqual({ ...identity, macAddr: 'aa-bb-cc-dd-ee-ff' });
  });
});

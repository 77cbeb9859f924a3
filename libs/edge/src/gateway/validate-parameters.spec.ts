import { ErrorCode, findOperation, PlatformError } from '@dcp/contracts';
import { validateParameters } from './validate-parameters';

const addDevice = findOperation('gateway', 'user_ipc_setting_v2_0.addOemDevice')!;
const valid = {
  clientId: 'c'.repeat(40),
  openId: 'o1',
  accessToken: 't1',
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

function errorOf(fn: () => unknown): PlatformError {
  try {
    fn();
  } catch (e) {
    return e as PlatformError;
  }
  throw new Error('expected a PlatformError');
}

describe('validateParameters', () => {
  it('accepts a complete add-device call and drops unknown parameters', () => {
    expect(validateParameters(addDevice, { ...valid, extra: 'x' })).toEqual(valid);
  });

  it.each(Object.keys(valid))('refuses a missing %s with 000006 naming it', (name) => {
    const params: Record<string, string> = { ...valid };
    delete params[name];
    const err = errorOf(() => validateParameters(addDevice, params));
    expect(err.code).toBe(ErrorCode.FC_INVALID_PARAMETER);
    expect(err.value).toBe('000006');
    expect(err.failureDetails).toContain(name);
  });

  it.each([
    ['clientId', 40],
    ['macAddr', 20],
    ['deviceName', 50],
    ['username', 64],
    ['password', 160],
    ['productName', 50],
    ['oemCode', 20],
  ])('enforces the maximum length of %s (%i)', (name, max) => {
    expect(() => validateParameters(addDevice, { ...valid, [name]: 'x'.repeat(max) })).not.toThrow();
    expect(errorOf(() => validateParameters(addDevice, { ...valid, [name]: 'x'.repeat(max + 1) })).failureDetails).toBe(
      `parameter ${name} exceeds ${max} characters`,
    );
  });

  it.each([
    ['hasusertag', '1'],
    ['hasusertag', 'two'],
    ['supportStore', '2'],
    ['supportRichMedia', '1.0'],
  ])('refuses %s=%s (wrong type or value)', (name, value) => {
    expect(errorOf(() => validateParameters(addDevice, { ...valid, [name]: value })).code).toBe(ErrorCode.FC_INVALID_PARAMETER);
  });

  it('treats optional parameters as optional and checks them when present', () => {
    const update = findOperation('gateway', 'user_ipc_setting_v2_0.updateOemDevice')!;
    const base = { clientId: 'c', openId: 'o', accessToken: 't', macAddr: 'AA' };
    expect(validateParameters(update, base)).toEqual(base);
    expect(errorOf(() => validateParameters(update, { ...base, hasusertag: '1' })).failureDetails).toBe('parameter hasusertag must be one of 0, 2');
  });

  it('checks long parameters (grantId) as 64-bit integers of at most 20 characters', () => {
    const active = findOperation('gateway', 'permission.active')!;
    const base = { clientId: 'c', openId: 'o', accessToken: 't', ipcMac: 'AA' };
    expect(validateParameters(active, { ...base, grantId: '9223372036854775807' }).grantId).toBe('9223372036854775807');
    expect(errorOf(() => validateParameters(active, { ...base, grantId: '9223372036854775808' })).failureDetails).toContain('out of range');
    expect(errorOf(() => validateParameters(active, { ...base, grantId: '12a' })).failureDetails).toContain('integer');
  });

  it('enforces machineTypeName length 1 to 50 on firmware.latest', () => {
    const fw = findOperation('gateway', 'firmware.latest')!;
    const base = { clientId: 'c', openId: 'o', accessToken: 't', macAddr: 'AA', sysVersion1: '1', sysVersion3: '0', sysVersion4: '0', appVersion1: '1', appVersion3: '0', appVersion4: '0' };
    expect(() => validateParameters(fw, { ...base, machineTypeName: 'm'.repeat(50) })).not.toThrow();
    expect(() => validateParameters(fw, { ...base, machineTypeName: 'm'.repeat(51) })).toThrow(PlatformError);
  });
});

describe('validateParameters: empty parameters of firmware.latest', () => {
  const op = findOperation('gateway', 'firmware.latest')!;
  const full = { clientId: 'c', openId: 'o', accessToken: 'a', macAddr: 'AA:BB:CC:DD:EE:FF', machineTypeName: 'X1', sysVersion1: '1', sysVersion3: '0', sysVersion4: '0', appVersion1: '1', appVersion3: '0', appVersion4: '0' };

  it('answers 000005 (FC_PARAMETER_EMPTY) for a required parameter sent empty, as spec 7.2 lists for the firmware lookup', () => {
    expect(() => validateParameters(op, { ...full, machineTypeName: '' })).toThrow(expect.objectContaining({ value: '000005', failureDetails: 'parameter machineTypeName is empty' }));
  });

  it('still answers 000006 for one that is missing altogether, and for other operations\' empty parameters', () => {
    const { macAddr: _omitted, ...missing } = full;
    expect(() => validateParameters(op, missing)).toThrow(expect.objectContaining({ value: '000006' }));
    expect(() => validateParameters(findOperation('gateway', 'user_ipc_setting_v2_0.getOemDeviceByUser')!, { clientId: '', openId: 'o', accessToken: 'a' })).toThrow(expect.objectContaining({ value: '000006' }));
  });
});

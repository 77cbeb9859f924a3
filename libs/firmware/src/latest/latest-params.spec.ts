import { ErrorCode, type PlatformError } from '@dcp/contracts';
import { parseLatestParams } from './latest-params';

const params = (overrides: Record<string, string | undefined> = {}): Record<string, string> => {
  const base: Record<string, string | undefined> = {
    macAddr: 'aa-bb-cc-dd-ee-01',
    machineTypeName: 'IPC-100',
    sysVersion1: '1',
    sysVersion3: '2',
    sysVersion4: '3',
    appVersion1: '4',
    appVersion3: '5',
    appVersion4: '6',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(base).filter(([, v]) => v !== undefined)) as Record<string, string>;
};

const error = (p: Record<string, string>): PlatformError => {
  try {
    parseLatestParams(p);
  } catch (err) {
    return err as PlatformError;
  }
  throw new Error('expected a refusal');
};

describe('firmware.latest parameters', () => {
  it('maps the reported versions to release keys: (v1, v3, v4, patchVersion or 0) for system and app', () => {
    expect(parseLatestParams(params())).toEqual({ macAddr: 'AA:BB:CC:DD:EE:01', machineTypeName: 'IPC-100', reported: { system: [1, 2, 3, 0], app: [4, 5, 6, 0] } });
    expect(parseLatestParams(params({ patchVersion: '7' })).reported).toEqual({ system: [1, 2, 3, 7], app: [4, 5, 6, 7] });
    expect(parseLatestParams(params({ patchVersion: '' })).reported.system).toEqual([1, 2, 3, 0]);
  });

  it('accepts 0 and 2147483647', () => {
    expect(parseLatestParams(params({ sysVersion1: '0', appVersion4: '2147483647' })).reported).toEqual({ system: [0, 2, 3, 0], app: [4, 5, 2147483647, 0] });
  });

  it.each([
    ['sysVersion1', '-1'],
    ['sysVersion3', '2147483648'],
    ['appVersion4', '-2147483648'],
    ['appVersion1', '99999999999999'],
    ['patchVersion', '-3'],
    ['sysVersion4', '1.5'],
  ])('%s = %s → 010026 naming it', (name, value) => {
    const err = error(params({ [name]: value }));
    expect(err.code).toBe(ErrorCode.PT_FIRMWARE_VERSION_INVALID);
    expect(err.failureDetails).toContain(name);
  });

  it('a malformed macAddr → 000006 naming macAddr, before the versions are looked at', () => {
    const err = error(params({ macAddr: 'not-a-mac', sysVersion1: '-1' }));
    expect(err).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER });
    expect(err.failureDetails).toContain('macAddr');
  });

  it('without the edge: a missing parameter → 000006, an empty one → 000005', () => {
    expect(error(params({ machineTypeName: undefined }))).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: 'parameter machineTypeName is required' });
    expect(error(params({ sysVersion3: '' }))).toMatchObject({ code: ErrorCode.FC_PARAMETER_EMPTY, failureDetails: 'parameter sysVersion3 is empty' });
  });
});

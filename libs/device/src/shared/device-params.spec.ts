import { ErrorCode } from '@dcp/contracts';
import { macParam, optionalIntParam, optionalParam, requiredIntParam, requiredParam } from './device-params';

function thrown(fn: () => unknown): { code: string; failureDetails: string } {
  try {
    fn();
  } catch (err) {
    return err as { code: string; failureDetails: string };
  }
  throw new Error('expected a failure');
}

describe('device parameters', () => {
  it('canonicalises a MAC in every accepted form', () => {
    for (const raw of ['aa:bb:cc:dd:ee:0f', 'AA-BB-CC-DD-EE-0F', 'aabbccddee0f', 'AaBbCcDdEe0F']) expect(macParam({ macAddr: raw }, 'macAddr')).toBe('AA:BB:CC:DD:EE:0F');
  });

  it.each(['AA:BB:CC:DD:EE', 'AA:BB-CC:DD:EE:FF', 'AABBCCDDEEFG', 'AA.BB.CC.DD.EE.FF', 'AA:BB:CC:DD:EE:FF:00'])('refuses %j with 000006 naming the parameter used', (raw) => {
    expect(thrown(() => macParam({ mac: raw }, 'mac'))).toMatchObject({
      code: ErrorCode.FC_INVALID_PARAMETER,
      failureDetails: 'parameter mac is not a MAC address (12 hex digits, optionally separated by ":" or "-")',
    });
  });

  it('counts an empty value as missing', () => {
    expect(thrown(() => requiredParam({ deviceName: '' }, 'deviceName'))).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: 'parameter deviceName is required' });
    expect(optionalParam({ deviceName: '' }, 'deviceName')).toBeUndefined();
  });

  it('reads integers from closed value sets', () => {
    expect(requiredIntParam({ hasusertag: '2' }, 'hasusertag', [0, 2])).toBe(2);
    expect(optionalIntParam({}, 'hasusertag', [0, 2])).toBeUndefined();
    expect(thrown(() => requiredIntParam({ hasusertag: '1' }, 'hasusertag', [0, 2])).failureDetails).toBe('parameter hasusertag must be one of 0, 2');
    expect(thrown(() => requiredIntParam({ supportStore: 'yes' }, 'supportStore', [0, 1])).failureDetails).toBe('parameter supportStore must be an integer');
    expect(thrown(() => requiredIntParam({}, 'supportStore', [0, 1])).failureDetails).toBe('parameter supportStore is required');
  });
});

import { ErrorCode } from '@dcp/contracts';
import { parseRecordTime, requireRecordTime } from './record-time';

describe('recordSt / recordEt', () => {
  it('reads epoch seconds', () => {
    expect(parseRecordTime('1795651200')).toBe(1795651200);
    expect(parseRecordTime('0')).toBe(0);
  });

  it('reads the basic ISO form YYYYMMDDTHHMMSS as UTC (what dateList returns)', () => {
    expect(parseRecordTime('20261123T000000')).toBe(Date.UTC(2026, 10, 23) / 1000);
    expect(parseRecordTime('20261123T235959')).toBe(Date.UTC(2026, 10, 23, 23, 59, 59) / 1000);
  });

  it.each(['', 'yesterday', '-5', '1.5', '123456789012', '2026-11-23T00:00:00Z', '20261123T0000', '20261131T000000', '20261123T240000', '20260230T120000', '20261123t000000'])(
    'refuses %j',
    (raw) => expect(parseRecordTime(raw)).toBeUndefined(),
  );

  it('names the parameter when it is missing or malformed (000006)', () => {
    expect(() => requireRecordTime({}, 'recordSt')).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: expect.stringContaining('recordSt') }));
    expect(() => requireRecordTime({ recordEt: 'x' }, 'recordEt')).toThrow(expect.objectContaining({ failureDetails: expect.stringContaining('recordEt') }));
  });
});

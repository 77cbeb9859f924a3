import { ErrorCode, STORAGE_LIMITS } from '@dcp/contracts';
import { md5Hex } from '@dcp/signing';
import { parseStreamTimestamp, requireDevId, requireTimestamp, requireVersion, sessionTokenMatches } from './session-rules';

const NOW = 1_795_651_200_500; // ms, half a second into a second

describe('devId', () => {
  it('accepts every MAC spelling and returns the canonical form', () => {
    for (const devId of ['0a1b2c3d4e5f', '0A:1B:2C:3D:4E:5F', '0a-1b-2c-3d-4e-5f']) expect(requireDevId({ devId })).toBe('0A:1B:2C:3D:4E:5F');
  });
  it('refuses anything else with 000006 naming devId', () => {
    for (const devId of ['', 'camera-1', '0A:1B:2C:3D:4E', '0A:1B-2C:3D:4E:5F']) {
      expect(() => requireDevId({ devId })).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: expect.stringContaining('devId') }));
    }
  });
});

describe('timestamp', () => {
  it('reads 13 digits or more as milliseconds, fewer as seconds', () => {
    expect(parseStreamTimestamp('1795651260')).toEqual({ raw: '1795651260', ms: 1_795_651_260_000, unit: 's' });
    expect(parseStreamTimestamp('1795651260123')).toEqual({ raw: '1795651260123', ms: 1_795_651_260_123, unit: 'ms' });
    for (const raw of ['', '17956.5', '-1', '0x10', ' 1795651260']) expect(parseStreamTimestamp(raw)).toBeUndefined();
  });

  it('must be later than server time: now and the past are refused, the next second is accepted', () => {
    const nowS = Math.floor(NOW / 1000);
    expect(() => requireTimestamp({ timestamp: String(nowS) }, NOW)).toThrow(expect.objectContaining({ failureDetails: expect.stringMatching(/timestamp must be later than server time/) }));
    expect(() => requireTimestamp({ timestamp: String(NOW) }, NOW)).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER }));
    expect(requireTimestamp({ timestamp: String(nowS + 1) }, NOW).unit).toBe('s');
    expect(requireTimestamp({ timestamp: String(NOW + 1) }, NOW).unit).toBe('ms');
  });

  it('may be at most 24 hours ahead (inclusive), in either unit', () => {
    const max = STORAGE_LIMITS.maxTimestampAheadSeconds * 1000;
    expect(requireTimestamp({ timestamp: String(NOW + max) }, NOW).ms).toBe(NOW + max);
    expect(() => requireTimestamp({ timestamp: String(NOW + max + 1) }, NOW)).toThrow(expect.objectContaining({ failureDetails: expect.stringMatching(/at most 24 hours/) }));
    expect(() => requireTimestamp({ timestamp: String(Math.floor(NOW / 1000) + 25 * 3600) }, NOW)).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER }));
  });

  it('refuses what is not unix time, naming timestamp', () => {
    expect(() => requireTimestamp({ timestamp: 'tomorrow' }, NOW)).toThrow(expect.objectContaining({ failureDetails: expect.stringContaining('timestamp') }));
    expect(() => requireTimestamp({}, NOW)).toThrow(expect.objectContaining({ failureDetails: expect.stringContaining('timestamp') }));
  });
});

describe('sessionToken', () => {
  const subtoken = 'Sub7okenOfTheOwner';
  it('is MD5(subtoken + timestamp as sent), hex in either letter case', () => {
    expect(sessionTokenMatches(subtoken, '1795651260', md5Hex(`${subtoken}1795651260`))).toBe(true);
    expect(sessionTokenMatches(subtoken, '1795651260', md5Hex(`${subtoken}1795651260`, 'upper'))).toBe(true);
  });
  it('does not match another subtoken, another timestamp spelling, the reversed order, or a malformed token', () => {
    expect(sessionTokenMatches(subtoken, '1795651260', md5Hex(`other1795651260`))).toBe(false);
    expect(sessionTokenMatches(subtoken, '1795651260', md5Hex(`${subtoken}1795651260000`))).toBe(false);
    expect(sessionTokenMatches(subtoken, '1795651260', md5Hex(`1795651260${subtoken}`))).toBe(false);
    expect(sessionTokenMatches(subtoken, '1795651260', md5Hex(`${subtoken}1795651260`).slice(1))).toBe(false);
    expect(sessionTokenMatches(subtoken, '1795651260', '')).toBe(false);
  });
});

describe('version', () => {
  it('is any non-empty text', () => {
    expect(requireVersion({ version: '1.0' })).toBe('1.0');
    expect(requireVersion({ version: 'anything' })).toBe('anything');
    expect(() => requireVersion({ version: ' ' })).toThrow(expect.objectContaining({ failureDetails: expect.stringContaining('version') }));
  });
});

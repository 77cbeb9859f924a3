import { ErrorCode, STORAGE_LIMITS, type UnixTime, callFromWire } from '@dcp/contracts';
import { md5Hex } from '@dcp/signing';
import { requireFreshTimestamp, sessionTokenMatches } from './session-rules';

/** The timestamp as the catalogue hands it to the use case. */
const unix = (timestamp: string): UnixTime => callFromWire('recordDateQuery', { devId: '0A1B2C3D4E5F', sessionToken: 'x', timestamp }).params.timestamp;
const requireTimestamp = (params: { timestamp: string }, nowMs: number) => requireFreshTimestamp(unix(params.timestamp), nowMs);

const NOW = 1_795_651_200_500; // ms, half a second into a second

describe('timestamp', () => {
  it('reads 13 digits or more as milliseconds, fewer as seconds', () => {
    expect(unix('1795651260')).toEqual({ raw: '1795651260', ms: 1_795_651_260_000, unit: 's' });
    expect(unix('1795651260123')).toEqual({ raw: '1795651260123', ms: 1_795_651_260_123, unit: 'ms' });
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

import { ErrorCode, PlatformError } from '@dcp/contracts';
import { signCameraRequest } from '@dcp/signing';
import { tsNullPackets } from '@dcp/testing';
import { parseCameraSegment, parseSignedRequest } from './camera-request';

const NOW = Date.UTC(2026, 10, 27, 12);
const NOW_S = Math.floor(NOW / 1000);
const STREAM_ID = 'a'.repeat(32);

function upload(overrides: Record<string, string | undefined> = {}, body = tsNullPackets(2)) {
  const values = { mac: '06:62:6e:63:fb:a5', userTag: 'Tag123', start: String(NOW_S - 10), duration: '4', type: '2', timestamp: String(NOW_S), ...overrides };
  const signature = signCameraRequest(STREAM_ID, { operation: 'segment', mac: values.mac ?? '', userTag: values.userTag ?? '', start: values.start, duration: values.duration, type: values.type, timestamp: values.timestamp ?? '', body });
  // An overridden signature (in values) replaces the computed one.
  return { req: { signature, ...values }, body };
}

function refusal(fn: () => unknown): { code: ErrorCode; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof PlatformError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error('accepted');
}

describe('camera request parsing (decisions CU2, CU5)', () => {
  it('accepts an upload in any MAC spelling: canonical MAC, fields as numbers, the string to sign from the values as sent', () => {
    const { req, body } = upload();
    const segment = parseCameraSegment(req, body, NOW);
    expect(segment).toMatchObject({ macAddr: '06626E63FBA5', userTag: 'Tag123', start: NOW_S - 10, durationMs: 4000, type: 2, bytes: body });
    expect(segment.stringToSign.split('\n')).toEqual(expect.arrayContaining(['06:62:6e:63:fb:a5', String(NOW_S - 10), '4', '2']));
    expect(segment.signature).toBe(req.signature);
  });

  it.each([
    [{ mac: undefined }, ErrorCode.CAMERA_PARAMETER_INVALID, 'mac: required'],
    [{ mac: 'zz' }, ErrorCode.CAMERA_PARAMETER_INVALID, 'mac'],
    [{ userTag: 'no spaces' }, ErrorCode.CAMERA_PARAMETER_INVALID, 'userTag'],
    [{ timestamp: 'now' }, ErrorCode.CAMERA_PARAMETER_INVALID, 'timestamp'],
    [{ signature: 'x'.repeat(64) }, ErrorCode.CAMERA_PARAMETER_INVALID, 'signature'],
    [{ timestamp: String(NOW_S - 301) }, ErrorCode.CAMERA_CLOCK_SKEW, 'server time'],
    [{ timestamp: String(NOW_S + 301) }, ErrorCode.CAMERA_CLOCK_SKEW, 'server time'],
    [{ start: String(NOW_S + 301) }, ErrorCode.CAMERA_PARAMETER_INVALID, 'start'],
    [{ start: '946684799' }, ErrorCode.CAMERA_PARAMETER_INVALID, 'start'],
    [{ duration: '0' }, ErrorCode.CAMERA_PARAMETER_INVALID, 'duration'],
    [{ duration: '600.001' }, ErrorCode.CAMERA_PARAMETER_INVALID, 'duration'],
    [{ duration: '4.0001' }, ErrorCode.CAMERA_PARAMETER_INVALID, 'duration'],
    [{ type: '65536' }, ErrorCode.CAMERA_PARAMETER_INVALID, 'type'],
  ])('refuses %j with %s naming it', (overrides, code, named) => {
    const { req, body } = upload(overrides);
    const refused = refusal(() => parseCameraSegment(req, body, NOW));
    expect(refused.code).toBe(code);
    expect(refused.message).toContain(named);
  });

  it('refuses an empty body (CR0400), one over the limit (CR0413) and one that is not MPEG-TS (CR0415)', () => {
    expect(refusal(() => parseCameraSegment(upload({}, Buffer.alloc(0)).req, Buffer.alloc(0), NOW)).code).toBe(ErrorCode.CAMERA_PARAMETER_INVALID);
    const big = tsNullPackets(Math.ceil((4 * 1024 * 1024) / 188) + 1);
    expect(refusal(() => parseCameraSegment(upload({}, big).req, big, NOW)).code).toBe(ErrorCode.CAMERA_SEGMENT_TOO_LARGE);
    const text = Buffer.from('not a transport stream');
    expect(refusal(() => parseCameraSegment(upload({}, text).req, text, NOW)).code).toBe(ErrorCode.CAMERA_SEGMENT_NOT_MPEG_TS);
  });

  it('signs a discovery over empty segment lines', () => {
    const timestamp = String(NOW_S);
    const signature = signCameraRequest(STREAM_ID, { operation: 'uploadTarget', mac: '06626E63FBA5', userTag: 'Tag123', timestamp });
    const signed = parseSignedRequest({ mac: '06626E63FBA5', userTag: 'Tag123', timestamp, signature }, 'uploadTarget', NOW);
    expect(signed.stringToSign.split('\n').slice(5, 8)).toEqual(['', '', '']);
  });
});

import { ErrorCode, STORAGE_LIMITS } from '@dcp/contracts';
import { isMpegTs, parseIngestInput } from './ingest-input';

const NOW = 1_795_651_200_000;
const nowS = NOW / 1000;
function ts(packets = 2): Buffer {
  const b = Buffer.alloc(188 * packets, 0xff);
  for (let i = 0; i < packets; i++) b[i * 188] = 0x47;
  return b;
}
const valid = { devId: '0a1b2c3d4e5f', start: String(nowS - 60), duration: '2.5', type: '3', contentBase64: ts().toString('base64') };

describe('parseIngestInput', () => {
  it('reads a valid request: canonical MAC, start in seconds, duration in ms, type, bytes', () => {
    expect(parseIngestInput(valid, NOW)).toEqual({ macAddr: '0A1B2C3D4E5F', start: nowS - 60, durationMs: 2500, type: 3, bytes: ts() });
    expect(parseIngestInput({ ...valid, start: nowS - 60, duration: 2, type: 0 }, NOW)).toMatchObject({ durationMs: 2000, type: 0 });
    for (const devId of ['0A1B2C3D4E5F', '0a:1b:2c:3d:4e:5f', ' 0A-1B-2C-3D-4E-5F ']) expect(parseIngestInput({ ...valid, devId }, NOW).macAddr).toBe('0A1B2C3D4E5F');
  });

  it.each([
    [{ devId: 'cam-1' }, 'devId'],
    [{ start: undefined }, 'start'],
    [{ start: '12.5' }, 'start'],
    [{ start: '946684799' }, 'start'],
    [{ start: String(nowS + 3601) }, 'start'],
    [{ duration: '0' }, 'duration'],
    [{ duration: '-1' }, 'duration'],
    [{ duration: '600.001' }, 'duration'],
    [{ duration: '1.0001' }, 'duration'],
    [{ duration: 'two' }, 'duration'],
    [{ type: '65536' }, 'type'],
    [{ type: '1.5' }, 'type'],
    [{ type: undefined }, 'type'],
    [{ contentBase64: '' }, 'body'],
    [{ contentBase64: 'not base64!' }, 'body'],
    [{ contentBase64: Buffer.from('hello world, not TS').toString('base64') }, 'body'],
  ])('refuses %j naming %s (ADMIN_VALIDATION_FAILED)', (change, field) => {
    expect(() => parseIngestInput({ ...valid, ...change } as typeof valid, NOW)).toThrow(
      expect.objectContaining({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringContaining(`invalid field ${field}`) }),
    );
  });

  it('accepts a segment of exactly the limit and refuses one packet more, naming the limit', () => {
    const packets = Math.floor(STORAGE_LIMITS.maxSegmentBytes / 188);
    expect(parseIngestInput({ ...valid, contentBase64: ts(packets).toString('base64') }, NOW).bytes.length).toBe(packets * 188);
    expect(() => parseIngestInput({ ...valid, contentBase64: ts(packets + 1).toString('base64') }, NOW)).toThrow(
      expect.objectContaining({ failureDetails: expect.stringContaining(`limit of ${STORAGE_LIMITS.maxSegmentBytes} bytes`) }),
    );
  });
});

describe('isMpegTs', () => {
  it('wants whole 188-byte packets, each starting with the sync byte 0x47', () => {
    expect(isMpegTs(ts(3))).toBe(true);
    expect(isMpegTs(ts(3).subarray(0, 500))).toBe(false);
    const broken = ts(3);
    broken[188] = 0x00;
    expect(isMpegTs(broken)).toBe(false);
  });
});

import { CAMERA_CLOCK_SKEW_SECONDS, bodyDigest, signCameraRequest } from '@dcp/signing';
import { SEGMENT_SECONDS, cameraRefusal, cameraUploads, nullPackets, signUpload, uploadPath } from './camera-ingest';

const camera = { mac: '0C0000000001', userTag: 'tag-of-the-user', streamId: '0123456789abcdef0123456789abcdef' };

describe('camera_ingest load', () => {
  it('signs as signCameraRequest does, with the body digest computed once', () => {
    const body = nullPackets(10);
    const v = { mac: camera.mac, userTag: camera.userTag, start: '1800000000', duration: '4', type: '0', timestamp: '1800000100' };
    expect(signUpload(camera.streamId, v, bodyDigest(body))).toBe(signCameraRequest(camera.streamId, { operation: 'segment', ...v, body }));
  });

  it('puts the seven protocol values in the query', () => {
    const q = new URL(`http://x${uploadPath(camera, 1_800_000_000, 1_800_000_100, bodyDigest(Buffer.alloc(0)))}`);
    expect(q.pathname).toBe('/camera/v1/segments');
    expect([...q.searchParams.keys()]).toEqual(['mac', 'userTag', 'start', 'duration', 'type', 'timestamp', 'signature']);
    expect(q.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('null packets are MPEG-TS: 188 bytes each, every one starting 0x47', () => {
    const b = nullPackets(532);
    expect(b.length).toBe(532 * 188);
    for (let i = 0; i < b.length; i += 188) expect(b[i]).toBe(0x47);
  });

  it('cameras round-robin, each with increasing starts 4 s apart, never in the future, freshly signed', () => {
    const other = { ...camera, mac: '0C0000000002' };
    const [step] = cameraUploads([camera, other], nullPackets(2), 'spec-side');
    const sent = Array.from({ length: 6 }, () => new URL(`http://x${step.setupRequest!({ method: 'POST', path: step.path }, {})!.path}`).searchParams);
    expect(sent.map((q) => q.get('mac'))).toEqual([camera.mac, other.mac, camera.mac, other.mac, camera.mac, other.mac]);
    const starts = sent.filter((q) => q.get('mac') === camera.mac).map((q) => Number(q.get('start')));
    expect(starts[1] - starts[0]).toBe(SEGMENT_SECONDS);
    expect(starts[2] - starts[1]).toBe(SEGMENT_SECONDS);
    expect(starts[2]).toBeLessThanOrEqual(Date.now() / 1000 + CAMERA_CLOCK_SKEW_SECONDS);
    expect(Math.abs(Number(sent[0].get('timestamp')) - Date.now() / 1000)).toBeLessThan(5);
    // Another pipeline of the same side continues the counters (a later run must not repeat a start).
    const [again] = cameraUploads([camera], nullPackets(2), 'spec-side');
    expect(Number(new URL(`http://x${again.setupRequest!({ method: 'POST', path: again.path }, {})!.path}`).searchParams.get('start'))).toBe(starts[2] + SEGMENT_SECONDS);
  });

  it('refusals by errorCode; stored (201) and duplicate (200) answers are not refusals', () => {
    expect(cameraRefusal(201, '{"errorCode":"000000","data":{}}')).toBeUndefined();
    expect(cameraRefusal(200, '{"errorCode":"000000","data":{"duplicate":true}}')).toBeUndefined();
    expect(cameraRefusal(429, '{"errorCode":"CR0429","failureDetails":"quota"}')).toBe('CR0429');
    expect(cameraRefusal(502, 'Bad Gateway')).toBe('HTTP 502');
    expect(cameraRefusal(200, '{"errorCode":""}')).toBe('HTTP 200');
  });
});

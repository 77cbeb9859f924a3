import { readAdtsFrames } from './adts';
import { splitAnnexB } from './annex-b';
import { demuxTransportStream } from './mpeg-ts-demux';
import { UnsupportedMediaError, remuxTsToMp4 } from './remux-ts-to-mp4';

/** A minimal hand-built transport stream: PAT, a PMT listing `streams`, then one PES per `pes` entry. */
function transportStream(streams: { type: number; pid: number }[], pes: { pid: number; pts: number; payload: Buffer }[] = []): Buffer {
  const packets: Buffer[] = [];
  const counters = new Map<number, number>();
  const packet = (pid: number, payload: Buffer, unitStart: boolean) => {
    const cc = counters.get(pid) ?? 0;
    counters.set(pid, (cc + 1) & 0x0f);
    const out = Buffer.alloc(188, 0xff);
    out.set([0x47, (unitStart ? 0x40 : 0) | (pid >> 8), pid & 0xff], 0);
    const room = 184;
    if (payload.length >= room) {
      out[3] = 0x10 | cc;
      payload.copy(out, 4, 0, room);
      return packets.push(out);
    }
    out[3] = 0x30 | cc; // adaptation field (stuffing) then payload
    const adaptationLength = room - payload.length - 1;
    out[4] = adaptationLength;
    if (adaptationLength > 0) out[5] = 0x00;
    payload.copy(out, 5 + adaptationLength);
    return packets.push(out);
  };
  const section = (tableId: number, body: Buffer) => {
    const head = Buffer.from([0x00, tableId, 0xb0 | ((body.length + 4) >> 8), (body.length + 4) & 0xff]); // pointer, id, length
    return Buffer.concat([head, body, Buffer.alloc(4)]); // CRC not checked
  };
  packet(0, section(0x00, Buffer.from([0, 1, 0xc1, 0, 0, 0, 1, 0xf0, 0x00])), true); // program 1 → PMT PID 0x1000
  const esLoop = streams.flatMap((s) => [s.type, 0xe0 | (s.pid >> 8), s.pid & 0xff, 0xf0, 0x00]);
  packet(0x1000, section(0x02, Buffer.from([0, 1, 0xc1, 0, 0, 0xe1, 0x00, 0xf0, 0x00, ...esLoop])), true);
  for (const { pid, pts, payload } of pes) {
    const header = Buffer.from([0, 0, 1, 0xe0, 0, 0, 0x80, 0x80, 5, ...encodeTimestamp(pts)]);
    const bytes = Buffer.concat([header, payload]);
    for (let offset = 0; offset < bytes.length; offset += 184) packet(pid, bytes.subarray(offset, offset + 184), offset === 0);
  }
  return Buffer.concat(packets);
}

function encodeTimestamp(ts: number): number[] {
  const high = Math.floor(ts / 2 ** 30) & 0x07;
  const mid = Math.floor(ts / 2 ** 15) & 0x7fff;
  const low = ts & 0x7fff;
  return [0x21 | (high << 1), mid >> 7, ((mid & 0x7f) << 1) | 1, low >> 7, ((low & 0x7f) << 1) | 1];
}

const expectUnsupported = (input: Buffer[], message: RegExp) => {
  expect(() => remuxTsToMp4(input)).toThrow(UnsupportedMediaError);
  expect(() => remuxTsToMp4(input)).toThrow(message);
};

describe('MPEG-TS demux and refusals (no ffmpeg)', () => {
  it('refuses MPEG-2 video (stream type 0x02), naming it', () => {
    expectUnsupported([transportStream([{ type: 0x02, pid: 0x100 }])], /MPEG-2 video \(stream type 0x02\)/);
  });

  it('refuses garbage, empty input and a program without video', () => {
    const garbage = Buffer.alloc(5000);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) & 0xff;
    expectUnsupported([garbage], /not an MPEG-TS stream/);
    expectUnsupported([Buffer.alloc(0)], /not an MPEG-TS stream/);
    expectUnsupported([], /no segments/);
    expectUnsupported([transportStream([{ type: 0x0f, pid: 0x101 }])], /no video stream .*AAC \(ADTS\) audio/);
  });

  it('refuses H.264 video without a key frame', () => {
    const nonIdrSlice = Buffer.from([0, 0, 0, 1, 0x41, 0x9a, 0x00, 0x11]);
    const ts = transportStream([{ type: 0x1b, pid: 0x100 }], [{ pid: 0x100, pts: 90000, payload: nonIdrSlice }]);
    expectUnsupported([ts], /no key frame/);
  });

  it('reassembles PES packets spanning TS packets and keeps PTS monotonic across the 33-bit wrap', () => {
    const big = Buffer.alloc(1000, 0xab);
    const beforeWrap = 2 ** 33 - 1800;
    const ts = transportStream([{ type: 0x1b, pid: 0x100 }], [
      { pid: 0x100, pts: beforeWrap, payload: big },
      { pid: 0x100, pts: 1800, payload: Buffer.from([1, 2, 3]) },
    ]);
    const { video, audio } = demuxTransportStream(ts);
    expect(video.codec).toBe('h264');
    expect(audio).toBeUndefined();
    expect(video.packets.map((p) => p.pts)).toEqual([beforeWrap, 2 ** 33 + 1800]);
    expect(video.packets[0].payload.equals(big)).toBe(true);
  });

  it('splits Annex-B NAL units on 3- and 4-byte start codes', () => {
    const stream = Buffer.from([0, 0, 0, 1, 0x09, 0xf0, 0, 0, 1, 0x67, 0x42, 0, 0, 0, 0, 1, 0x65, 0x88]);
    expect(splitAnnexB(stream).map((nal) => [...nal])).toEqual([[0x09, 0xf0], [0x67, 0x42], [0x65, 0x88]]);
  });

  it('reads ADTS frames, their timing and the AudioSpecificConfig', () => {
    // AAC-LC, 48 kHz (index 3), stereo, no CRC, frame length 7 + 4.
    const adts = (payload: number[]) => Buffer.from([0xff, 0xf1, 0x4c, 0x80, ((7 + payload.length) >> 3) & 0xff, (((7 + payload.length) & 7) << 5) | 0x1f, 0xfc, ...payload]);
    const pes = Buffer.concat([adts([1, 2, 3, 4]), adts([5, 6, 7, 8])]);
    const result = readAdtsFrames([{ pts: 9000, dts: 9000, payload: pes }]);
    expect(result?.format.sampleRate).toBe(48000);
    expect(result?.format.channelCount).toBe(2);
    expect([...(result?.format.audioSpecificConfig ?? [])]).toEqual([0x11, 0x90]);
    expect(result?.frames.map((f) => [f.pts, [...f.data]])).toEqual([[9000, [1, 2, 3, 4]], [9000 + 1920, [5, 6, 7, 8]]]);
  });
});

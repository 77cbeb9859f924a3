import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeWithFfmpeg } from '@dcp/testing';
import { loadClips } from './recorder';
import { TS_CLOCK_HZ, isTransportStream, readPacketTimings, retimeSegment, wrap33 } from './ts-retime';

const run = promisify(execFile);
const { scene, motion } = loadClips();
const FOUR_SECONDS = 4 * TS_CLOCK_HZ;

/** Continuity counters per PID in packet order, payload-carrying packets only (the ones that advance them). */
function countersByPid(...segments: Buffer[]): Map<number, number[]> {
  const byPid = new Map<number, number[]>();
  for (const timing of segments.flatMap((s) => readPacketTimings(s))) {
    if (timing.pid === 0x1fff || !timing.hasPayload) continue;
    byPid.set(timing.pid, [...(byPid.get(timing.pid) ?? []), timing.continuityCounter]);
  }
  return byPid;
}

describe('retimeSegment', () => {
  it('moves every PTS, DTS and PCR by exactly the offset and changes nothing else', () => {
    const before = readPacketTimings(scene);
    const after = readPacketTimings(retimeSegment(scene, { offsetTicks: FOUR_SECONDS }).bytes);

    expect(after).toHaveLength(before.length);
    // A PTS per video frame (60) and per audio PES; B-frames carry DTS ≠ PTS; PCRs on the video PID.
    expect(before.filter((t) => t.pts !== undefined).length).toBeGreaterThan(60);
    expect(before.filter((t) => t.dts !== undefined).length).toBeGreaterThan(30);
    expect(before.filter((t) => t.pcr !== undefined).length).toBeGreaterThan(10);
    after.forEach((timing, i) => {
      const original = before[i];
      expect(timing).toEqual({
        ...original,
        ...(original.pts !== undefined && { pts: original.pts + FOUR_SECONDS }),
        ...(original.dts !== undefined && { dts: original.dts + FOUR_SECONDS }),
        ...(original.pcr !== undefined && { pcr: original.pcr + FOUR_SECONDS }),
      });
    });
  });

  it('wraps at 33 bits, keeps prefix and marker bits, and shifting back restores the exact bytes', () => {
    const offsetTicks = 2 ** 33 - 100_000; // Pushes the fixture's ≈ 1.5 s timestamps past the 33-bit wrap.
    const wrapped = retimeSegment(scene, { offsetTicks }).bytes;
    const timings = readPacketTimings(wrapped);
    const firstPts = readPacketTimings(scene).find((t) => t.pts !== undefined)?.pts ?? 0;

    expect(timings.find((t) => t.pts !== undefined)?.pts).toBe(wrap33(firstPts + offsetTicks));
    expect(timings.every((t) => [t.pts, t.dts, t.pcr].every((v) => v === undefined || (v >= 0 && v < 2 ** 33)))).toBe(true);
    expect(retimeSegment(wrapped, { offsetTicks: -offsetTicks }).bytes.equals(scene)).toBe(true);
  });

  it('continues each PID’s continuity counter from the previous segment, across different clips', () => {
    const first = retimeSegment(scene, { offsetTicks: 0 });
    const second = retimeSegment(motion, { offsetTicks: FOUR_SECONDS, continuity: first.continuity });
    const third = retimeSegment(scene, { offsetTicks: 2 * FOUR_SECONDS, continuity: second.continuity });

    const byPid = countersByPid(first.bytes, second.bytes, third.bytes);
    expect([...byPid.keys()].sort((a, b) => a - b)).toEqual([0x0000, 0x0011, 0x0100, 0x0101, 0x1000]); // PAT, SDT, video, audio, PMT
    for (const [pid, counters] of byPid) {
      const gaps = counters.slice(1).filter((counter, i) => counter !== ((counters[i] + 1) & 0x0f));
      expect({ pid, gaps }).toEqual({ pid, gaps: [] });
    }
  });

  it('returns a new buffer, leaves its input alone, and refuses what is not MPEG-TS', () => {
    const copy = Buffer.from(scene);
    const retimed = retimeSegment(scene, { offsetTicks: FOUR_SECONDS, continuity: new Map([[0x100, 7]]) });

    expect(scene.equals(copy)).toBe(true);
    expect(retimed.bytes).not.toBe(scene);
    expect(isTransportStream(retimed.bytes)).toBe(true);
    expect(() => retimeSegment(scene.subarray(0, 1000), { offsetTicks: 0 })).toThrow(/not an MPEG-TS segment/);
    expect(() => retimeSegment(Buffer.alloc(188), { offsetTicks: 0 })).toThrow(/not an MPEG-TS segment/);
  });
});

describeWithFfmpeg('retimed segments with ffprobe', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'ts-retime-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('two retimed segments concatenated probe and decode as one continuous stream of 8 s', async () => {
    const first = retimeSegment(scene, { offsetTicks: 0 });
    const second = retimeSegment(motion, { offsetTicks: FOUR_SECONDS, continuity: first.continuity });
    const file = join(dir, 'two.ts');
    writeFileSync(file, Buffer.concat([first.bytes, second.bytes]));

    const probe = await run('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'format=duration:stream=codec_name,nb_read_frames', '-of', 'json', file]);
    const { format, streams } = JSON.parse(probe.stdout) as { format: { duration: string }; streams: { codec_name: string; nb_read_frames: string }[] };
    expect(Number(format.duration)).toBeCloseTo(8, 1);
    expect(streams.map((s) => [s.codec_name, Number(s.nb_read_frames)])).toEqual([
      ['h264', 120], // 2 × 4 s at 15 fps
      ['aac', 250], // 2 × 125 frames of 1024 samples at 32 kHz
    ]);
    // A decode through both clips reports no timestamp going back and no continuity error.
    const decode = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']);
    expect(decode.stderr).toBe('');
  });
});

/**
 * Real camera-like input from Debian's ffmpeg (H.264 and H.265 with AAC, and video only), remuxed and then
 * checked by ffprobe (codecs, size, duration, container) and by a full ffmpeg decode.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeWithFfmpeg } from '@dcp/testing';
import { remuxTsToMp4 } from './remux-ts-to-mp4';

const run = promisify(execFile);
const SEGMENT_SECONDS = 4;

interface ProbedStream { codec_name: string; codec_type: string; width?: number; height?: number }
interface Probe { streams: ProbedStream[]; format: { format_name: string; duration: string } }

async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  return JSON.parse(stdout) as Probe;
}

/** The types of the top-level boxes, in file order. */
function topLevelBoxes(mp4: Buffer): string[] {
  const types: string[] = [];
  for (let offset = 0; offset + 8 <= mp4.length; ) {
    let size = mp4.readUInt32BE(offset);
    if (size === 1) size = Number(mp4.readBigUInt64BE(offset + 8));
    types.push(mp4.toString('latin1', offset + 4, offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return types;
}

/** The first track's sample entry (after stsd's header, version/flags and entry count) with its coded size. */
function firstSampleEntry(mp4: Buffer): { type: string; width: number; height: number } {
  const at = mp4.indexOf('stsd', 0, 'latin1') - 4 + 16;
  return { type: mp4.toString('latin1', at + 4, at + 8), width: mp4.readUInt16BE(at + 32), height: mp4.readUInt16BE(at + 34) };
}

describeWithFfmpeg('remuxTsToMp4 with real ffmpeg segments', () => {
  let dir: string;
  const segments: Record<string, Buffer[]> = {};

  /** 3 consecutive segments of one encode, cut at key frames as a camera does. */
  async function encode(name: string, videoArgs: string[], withAudio: boolean, extra: string[] = []): Promise<void> {
    const inputs = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', ...(withAudio ? ['-f', 'lavfi', '-i', 'sine=frequency=440'] : [])];
    const audio = withAudio ? ['-c:a', 'aac'] : ['-an'];
    await run('ffmpeg', ['-v', 'error', ...inputs, ...videoArgs, '-pix_fmt', 'yuv420p', '-g', '25', ...audio, '-t', String(3 * SEGMENT_SECONDS), ...extra,
      '-f', 'segment', '-segment_time', String(SEGMENT_SECONDS), '-segment_format', 'mpegts', join(dir, `${name}-%02d.ts`)]);
    segments[name] = readdirSync(dir).filter((f) => f.startsWith(`${name}-`)).sort().map((f) => readFileSync(join(dir, f)));
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'remux-'));
    await Promise.all([
      encode('h264-aac', ['-c:v', 'libx264'], true),
      encode('h265-aac', ['-c:v', 'libx265', '-x265-params', 'log-level=error'], true),
      encode('h264-only', ['-c:v', 'libx264'], false),
      // A camera restarting its clock between segments: three separate encodes, each starting at the same PTS.
      ...[0, 1, 2].map(async (i) => {
        const file = join(dir, `restart-${i}.ts`);
        await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '25', '-c:a', 'aac', '-t', String(SEGMENT_SECONDS), '-f', 'mpegts', file]);
      }),
    ]);
    segments['restarting-clock'] = [0, 1, 2].map((i) => readFileSync(join(dir, `restart-${i}.ts`)));
    // A camera reconfigured mid-clip: a 160x120 segment after 320x240 ones (new SPS/PPS carried in band).
    const smaller = join(dir, 'smaller.ts');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '25', '-c:a', 'aac', '-t', String(SEGMENT_SECONDS), '-f', 'mpegts', smaller]);
    segments['size-change'] = [...segments['h264-aac'].slice(0, 2), readFileSync(smaller)];
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cases: { name: string; video: 'h264' | 'hevc'; audio: boolean; counts: number[] }[] = [
    { name: 'h264-aac', video: 'h264', audio: true, counts: [1, 3] },
    { name: 'h265-aac', video: 'hevc', audio: true, counts: [1, 3] },
    { name: 'h264-only', video: 'h264', audio: false, counts: [1, 3] },
    { name: 'restarting-clock', video: 'h264', audio: true, counts: [3] },
    { name: 'size-change', video: 'h264', audio: true, counts: [3] },
  ];

  for (const { name, video, audio, counts } of cases) {
    for (const count of counts) {
      it(`${name}: ${count} segment(s) → an MP4 ffprobe reads and ffmpeg decodes without error`, async () => {
        const input = segments[name].slice(0, count);
        expect(input).toHaveLength(count);
        const mp4 = remuxTsToMp4(input);
        const file = join(dir, `${name}-${count}.mp4`);
        writeFileSync(file, mp4);

        expect(topLevelBoxes(mp4)).toEqual(['ftyp', 'moov', 'mdat']);
        expect(firstSampleEntry(mp4)).toEqual({ type: video === 'h264' ? 'avc1' : 'hvc1', width: 320, height: 240 });

        const probed = await probe(file);
        expect(probed.format.format_name).toContain('mp4');
        const videoStream = probed.streams.find((s) => s.codec_type === 'video');
        expect(videoStream).toMatchObject({ codec_name: video, width: 320, height: 240 });
        expect(probed.streams.filter((s) => s.codec_type === 'audio').map((s) => s.codec_name)).toEqual(audio ? ['aac'] : []);

        let expectedSeconds = 0;
        for (const [i, segment] of input.entries()) {
          const tsFile = join(dir, `${name}-${count}-input-${i}.ts`);
          writeFileSync(tsFile, segment);
          expectedSeconds += Number((await probe(tsFile)).format.duration);
        }
        expect(Math.abs(Number(probed.format.duration) - expectedSeconds)).toBeLessThan(0.2);

        const decode = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']);
        expect(decode.stderr).toBe('');
      });
    }
  }
});

/**
 * MPEG-TS demultiplexing for one self-contained camera segment: 188-byte packets → PAT → PMT → the first
 * H.264/H.265 video PID and the first AAC (ADTS) audio PID → reassembled PES packets with 33-bit PTS/DTS
 * unwrapped to a monotonic 90 kHz clock within the segment. Codec-level parsing lives in annex-b.ts and adts.ts.
 */
import { UnsupportedMediaError } from './unsupported-media-error';

const PACKET_SIZE = 188;
const SYNC_BYTE = 0x47;
const PAT_PID = 0x0000;
const TIMESTAMP_WRAP = 2 ** 33;

export type VideoCodec = 'h264' | 'h265';

const VIDEO_CODEC_BY_STREAM_TYPE: Readonly<Record<number, VideoCodec>> = { 0x1b: 'h264', 0x24: 'h265' };
const AAC_ADTS_STREAM_TYPE = 0x0f;
/** Names for the error message when a PMT holds only streams this remuxer cannot carry. */
const STREAM_TYPE_NAMES: Readonly<Record<number, string>> = {
  0x01: 'MPEG-1 video', 0x02: 'MPEG-2 video', 0x03: 'MPEG-1 audio', 0x04: 'MPEG-2 audio', 0x06: 'private data',
  0x0f: 'AAC (ADTS) audio', 0x10: 'MPEG-4 Part 2 video', 0x11: 'AAC (LATM) audio', 0x1b: 'H.264 video',
  0x24: 'H.265 video', 0x42: 'AVS video', 0x81: 'AC-3 audio', 0x87: 'E-AC-3 audio', 0xea: 'VC-1 video',
};
const VIDEO_STREAM_TYPES = new Set([0x01, 0x02, 0x10, 0x1b, 0x24, 0x42, 0xea]);

export const describeStreamType = (type: number): string =>
  `${STREAM_TYPE_NAMES[type] ?? 'unknown'} (stream type 0x${type.toString(16).padStart(2, '0')})`;

/** One reassembled PES packet; timestamps in 90 kHz ticks, unwrapped within the segment. */
export interface PesPacket {
  readonly pts: number | undefined;
  readonly dts: number | undefined;
  readonly payload: Buffer;
}

export interface DemuxedStream<Codec extends string> {
  readonly pid: number;
  readonly codec: Codec;
  readonly packets: PesPacket[];
}

export interface DemuxedSegment {
  readonly video: DemuxedStream<VideoCodec>;
  readonly audio: DemuxedStream<'aac'> | undefined;
}

interface TsPacket {
  readonly pid: number;
  readonly unitStart: boolean;
  readonly payload: Buffer;
}

/** Demuxes one segment. Throws UnsupportedMediaError when it is not MPEG-TS or carries no H.264/H.265 video. */
export function demuxTransportStream(ts: Buffer): DemuxedSegment {
  const packets = readTsPackets(ts);
  const { videoPid, videoCodec, audioPid } = findElementaryStreams(packets);
  const video: DemuxedStream<VideoCodec> = { pid: videoPid, codec: videoCodec, packets: [] };
  const audio: DemuxedStream<'aac'> | undefined = audioPid === undefined ? undefined : { pid: audioPid, codec: 'aac', packets: [] };
  const pending = new Map<number, Buffer[]>([[videoPid, []]]);
  if (audioPid !== undefined) pending.set(audioPid, []);
  const clock = { reference: undefined as number | undefined };
  const flush = (pid: number) => {
    const chunks = pending.get(pid);
    if (!chunks?.length) return;
    // One concat per PES packet: the total copied is the segment size (linear, no concat-in-a-loop).
    const pes = parsePes(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks), clock);
    chunks.length = 0;
    if (pes) (pid === videoPid ? video : audio)?.packets.push(pes);
  };
  for (const packet of packets) {
    const chunks = pending.get(packet.pid);
    if (!chunks) continue;
    if (packet.unitStart) flush(packet.pid);
    // Bytes before the first unit start of a PID belong to a PES that began in an earlier segment.
    if (packet.unitStart || chunks.length > 0) chunks.push(packet.payload);
  }
  for (const pid of pending.keys()) flush(pid);
  return { video, audio };
}

/** The payloads of the packets, resynchronising on the 0x47 sync byte if the stream is damaged. */
function readTsPackets(ts: Buffer): TsPacket[] {
  const packets: TsPacket[] = [];
  let offset = findSync(ts, 0);
  if (offset < 0) throw new UnsupportedMediaError('not an MPEG-TS stream (no 188-byte packets with 0x47 sync bytes)');
  while (offset + PACKET_SIZE <= ts.length) {
    if (ts[offset] !== SYNC_BYTE) {
      offset = findSync(ts, offset);
      if (offset < 0) break;
      continue;
    }
    const transportError = (ts[offset + 1] & 0x80) !== 0;
    const adaptationFieldControl = (ts[offset + 3] >> 4) & 0x03;
    let payloadStart = offset + 4;
    if (adaptationFieldControl & 0x02) payloadStart += 1 + ts[offset + 4];
    const end = offset + PACKET_SIZE;
    if (!transportError && adaptationFieldControl & 0x01 && payloadStart < end) {
      packets.push({
        pid: ((ts[offset + 1] & 0x1f) << 8) | ts[offset + 2],
        unitStart: (ts[offset + 1] & 0x40) !== 0,
        payload: ts.subarray(payloadStart, end),
      });
    }
    offset = end;
  }
  return packets;
}

/** The first offset where a sync byte is followed by another one a packet later (or the data ends there). */
function findSync(ts: Buffer, from: number): number {
  for (let offset = ts.indexOf(SYNC_BYTE, from); offset >= 0; offset = ts.indexOf(SYNC_BYTE, offset + 1)) {
    if (offset + PACKET_SIZE > ts.length) return -1;
    if (offset + PACKET_SIZE === ts.length || ts[offset + PACKET_SIZE] === SYNC_BYTE) return offset;
  }
  return -1;
}

/** PAT → PMT of the first program → the PIDs to demux. */
function findElementaryStreams(packets: readonly TsPacket[]): { videoPid: number; videoCodec: VideoCodec; audioPid?: number } {
  const pat = readPsiSection(packets, PAT_PID, 0x00);
  if (!pat) throw new UnsupportedMediaError('not an MPEG-TS stream with a program (no PAT found)');
  let pmtPid: number | undefined;
  for (let i = 8; i + 4 <= pat.length - 4; i += 4) {
    const programNumber = pat.readUInt16BE(i);
    if (programNumber !== 0) {
      pmtPid = pat.readUInt16BE(i + 2) & 0x1fff;
      break;
    }
  }
  const pmt = pmtPid === undefined ? undefined : readPsiSection(packets, pmtPid, 0x02);
  if (!pmt) throw new UnsupportedMediaError('MPEG-TS stream without a program map table (PMT)');
  const programInfoLength = pmt.readUInt16BE(10) & 0x0fff;
  const streams: { type: number; pid: number }[] = [];
  for (let i = 12 + programInfoLength; i + 5 <= pmt.length - 4; ) {
    streams.push({ type: pmt[i], pid: pmt.readUInt16BE(i + 1) & 0x1fff });
    i += 5 + (pmt.readUInt16BE(i + 3) & 0x0fff);
  }
  const video = streams.find((s) => VIDEO_CODEC_BY_STREAM_TYPE[s.type] !== undefined);
  if (!video) {
    const otherVideo = streams.find((s) => VIDEO_STREAM_TYPES.has(s.type));
    if (otherVideo) throw new UnsupportedMediaError(`unsupported video codec ${describeStreamType(otherVideo.type)}: only H.264 and H.265 can be remuxed`);
    const found = streams.map((s) => describeStreamType(s.type)).join(', ') || 'no streams';
    throw new UnsupportedMediaError(`no video stream in the MPEG-TS program (found: ${found})`);
  }
  // Audio other than AAC ADTS (MP3, AC-3, LATM…) is left out: the clip is still worth having without it.
  const audio = streams.find((s) => s.type === AAC_ADTS_STREAM_TYPE);
  return { videoPid: video.pid, videoCodec: VIDEO_CODEC_BY_STREAM_TYPE[video.type], audioPid: audio?.pid };
}

/** The first complete PSI section with `tableId` on `pid` (sections may span packets), from its table_id to its CRC. */
function readPsiSection(packets: readonly TsPacket[], pid: number, tableId: number): Buffer | undefined {
  let parts: Buffer[] | undefined;
  for (const packet of packets) {
    if (packet.pid !== pid) continue;
    if (packet.unitStart) {
      const pointerField = packet.payload[0];
      parts = [packet.payload.subarray(1 + pointerField)];
    } else if (parts) {
      parts.push(packet.payload);
    } else {
      continue;
    }
    const section = Buffer.concat(parts);
    if (section.length < 3) continue;
    const sectionLength = 3 + (section.readUInt16BE(1) & 0x0fff);
    if (section.length < sectionLength) continue;
    if (section[0] === tableId && sectionLength >= 12) return section.subarray(0, sectionLength);
    parts = undefined;
  }
  return undefined;
}

/** A PES packet's timestamps and payload, or undefined when the bytes are not a PES packet. */
function parsePes(pes: Buffer, clock: { reference: number | undefined }): PesPacket | undefined {
  if (pes.length < 9 || pes[0] !== 0 || pes[1] !== 0 || pes[2] !== 1) return undefined;
  const declaredLength = pes.readUInt16BE(4);
  const flags = pes[7];
  const headerEnd = 9 + pes[8];
  if (headerEnd > pes.length) return undefined;
  const unwrap = (raw: number) => {
    // Picks the value nearest the last timestamp seen, so a 33-bit wrap inside the segment stays monotonic.
    const value = clock.reference === undefined ? raw : raw + Math.round((clock.reference - raw) / TIMESTAMP_WRAP) * TIMESTAMP_WRAP;
    clock.reference = value;
    return value;
  };
  const pts = flags & 0x80 && headerEnd >= 14 ? unwrap(readTimestamp(pes, 9)) : undefined;
  const dts = flags & 0x40 && headerEnd >= 19 ? unwrap(readTimestamp(pes, 14)) : pts;
  const end = declaredLength === 0 ? pes.length : Math.min(pes.length, 6 + declaredLength);
  return { pts, dts, payload: pes.subarray(headerEnd, end) };
}

/** The 33-bit PTS/DTS spread over 5 bytes with marker bits (arithmetic, since it exceeds 32-bit integers). */
function readTimestamp(bytes: Buffer, offset: number): number {
  return (
    ((bytes[offset] >> 1) & 0x07) * 2 ** 30 +
    ((bytes[offset + 1] << 7) | (bytes[offset + 2] >> 1)) * 2 ** 15 +
    ((bytes[offset + 3] << 7) | (bytes[offset + 4] >> 1))
  );
}

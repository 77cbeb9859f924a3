/**
 * AAC in MPEG-TS comes as ADTS frames (a 7- or 9-byte header before each raw AAC frame); MP4 stores the raw
 * frames and describes the stream once with an AudioSpecificConfig. A frame may straddle PES packets, so the
 * segment's audio payloads are read as one byte stream.
 */
import type { PesPacket } from './mpeg-ts-demux';
import { UnsupportedMediaError } from './unsupported-media-error';

export const AAC_SAMPLES_PER_FRAME = 1024;
const SAMPLE_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

export interface AacFormat {
  readonly sampleRate: number;
  readonly channelCount: number;
  /** AudioSpecificConfig (ISO 14496-3 1.6.2.1) for the esds box. */
  readonly audioSpecificConfig: Buffer;
}

export interface AacFrame {
  /** 90 kHz presentation time (PES time for the first frame of a packet, then + one frame each). */
  readonly pts: number;
  readonly data: Buffer;
}

/** The raw AAC frames of one segment and their format (taken from the first frame). */
export function readAdtsFrames(packets: readonly PesPacket[]): { frames: AacFrame[]; format: AacFormat } | undefined {
  const timed = packets.filter((p) => p.payload.length > 0);
  if (timed.length === 0) return undefined;
  const stream = Buffer.concat(timed.map((p) => p.payload));
  // Where each PES packet starts in `stream`, with its PTS, to time the frames that begin there.
  const packetStarts: { offset: number; pts: number | undefined }[] = [];
  let offset = 0;
  for (const packet of timed) {
    packetStarts.push({ offset, pts: packet.pts });
    offset += packet.payload.length;
  }
  const frames: AacFrame[] = [];
  let format: AacFormat | undefined;
  let nextPacket = 0;
  let previousPts: number | undefined;
  for (let position = 0; position + 7 <= stream.length; ) {
    if (stream[position] !== 0xff || (stream[position + 1] & 0xf6) !== 0xf0) {
      position++; // resynchronise on the 12-bit syncword (layer bits 00)
      continue;
    }
    const header = stream.subarray(position, position + 7);
    const frameLength = ((header[3] & 0x03) << 11) | (header[4] << 3) | (header[5] >> 5);
    const headerLength = header[1] & 0x01 ? 7 : 9;
    if (frameLength <= headerLength || position + frameLength > stream.length) break;
    if ((header[6] & 0x03) !== 0) throw new UnsupportedMediaError('AAC ADTS frames holding several raw data blocks');
    format ??= readFormat(header);
    const frameDuration = (AAC_SAMPLES_PER_FRAME * 90000) / format.sampleRate;
    while (nextPacket < packetStarts.length && packetStarts[nextPacket].offset <= position) {
      const start = packetStarts[nextPacket++];
      // A packet's PTS is the time of the first frame that starts in it (ISO 13818-1 2.4.3.7): this one.
      if (start.pts !== undefined) previousPts = start.pts - frameDuration;
    }
    if (previousPts !== undefined) {
      const pts = previousPts + frameDuration;
      frames.push({ pts, data: stream.subarray(position + headerLength, position + frameLength) });
      previousPts = pts;
    }
    position += frameLength;
  }
  return format ? { frames, format } : undefined;
}

function readFormat(header: Buffer): AacFormat {
  const audioObjectType = ((header[2] >> 6) & 0x03) + 1;
  const samplingFrequencyIndex = (header[2] >> 2) & 0x0f;
  const channelConfiguration = ((header[2] & 0x01) << 2) | (header[3] >> 6);
  const sampleRate = SAMPLE_RATES[samplingFrequencyIndex];
  if (sampleRate === undefined) throw new UnsupportedMediaError(`AAC with a reserved sampling frequency index ${samplingFrequencyIndex}`);
  if (channelConfiguration === 0) throw new UnsupportedMediaError('AAC with its channel layout in the bitstream (channel configuration 0)');
  // 5 bits object type, 4 bits frequency index, 4 bits channels, then GASpecificConfig flags all zero.
  const audioSpecificConfig = Buffer.from([
    (audioObjectType << 3) | (samplingFrequencyIndex >> 1),
    ((samplingFrequencyIndex & 0x01) << 7) | (channelConfiguration << 3),
  ]);
  return { sampleRate, channelCount: channelConfiguration === 7 ? 8 : channelConfiguration, audioSpecificConfig };
}

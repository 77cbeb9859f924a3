/**
 * MP4 sample entries: avc1 + avcC (ISO 14496-15 5.3.3), hvc1 + hvcC (8.3.3) and mp4a + esds (ISO 14496-14).
 * The parameter sets live here, not in the samples (hence avc1/hvc1 rather than avc3/hev1).
 */
import type { AacFormat } from './adts';
import { box, fullBox, uint16, uint32, uint8, zeros } from './box-writer';
import { parseH264Sps, parseH265Sps } from './sps-parser';
import { UnsupportedMediaError } from './unsupported-media-error';

export interface VideoSampleEntry {
  readonly entry: Buffer;
  readonly width: number;
  readonly height: number;
}

const lengthPrefixed16 = (nalUnits: readonly Buffer[]) => nalUnits.flatMap((nal) => [uint16(nal.length), nal]);

export function avcSampleEntry(sps: readonly Buffer[], pps: readonly Buffer[]): VideoSampleEntry {
  if (sps.length === 0 || pps.length === 0) throw new UnsupportedMediaError('H.264 stream without SPS/PPS before its first key frame');
  const info = parseH264Sps(sps[0]);
  const highProfileExtension = [100, 110, 122, 144].includes(info.profileIdc)
    ? uint8(0xfc | info.chromaFormatIdc, 0xf8 | info.bitDepthLumaMinus8, 0xf8 | info.bitDepthChromaMinus8, 0)
    : undefined;
  const avcC = box(
    'avcC',
    // version 1; profile, compatibility and level copied from the SPS; 4-byte NAL lengths (0xff).
    uint8(1, sps[0][1], sps[0][2], sps[0][3], 0xff, 0xe0 | sps.length),
    ...lengthPrefixed16(sps),
    uint8(pps.length),
    ...lengthPrefixed16(pps),
    highProfileExtension,
  );
  return { entry: visualSampleEntry('avc1', info.width, info.height, avcC), width: info.width, height: info.height };
}

export function hevcSampleEntry(vps: readonly Buffer[], sps: readonly Buffer[], pps: readonly Buffer[]): VideoSampleEntry {
  if (vps.length === 0 || sps.length === 0 || pps.length === 0) throw new UnsupportedMediaError('H.265 stream without VPS/SPS/PPS before its first key frame');
  const info = parseH265Sps(sps[0]);
  const parameterSetArray = (nalType: number, nalUnits: readonly Buffer[]) =>
    Buffer.concat([uint8(0x80 | nalType), uint16(nalUnits.length), ...lengthPrefixed16(nalUnits)]); // array_completeness = 1
  const hvcC = box(
    'hvcC',
    uint8(1),
    info.profileTierLevel,
    uint16(0xf000), // min_spatial_segmentation_idc unknown (0)
    uint8(0xfc, 0xfc | info.chromaFormatIdc, 0xf8 | info.bitDepthLumaMinus8, 0xf8 | info.bitDepthChromaMinus8), // parallelismType 0
    uint16(0), // avgFrameRate unknown
    uint8((info.maxSubLayers << 3) | (info.temporalIdNesting ? 0x04 : 0) | 0x03), // 4-byte NAL lengths
    uint8(3),
    parameterSetArray(32, vps),
    parameterSetArray(33, sps),
    parameterSetArray(34, pps),
  );
  return { entry: visualSampleEntry('hvc1', info.width, info.height, hvcC), width: info.width, height: info.height };
}

function visualSampleEntry(type: 'avc1' | 'hvc1', width: number, height: number, config: Buffer): Buffer {
  return box(
    type,
    zeros(6), uint16(1), // reserved, data_reference_index
    zeros(16), // pre_defined, reserved
    uint16(width, height),
    uint32(0x00480000, 0x00480000, 0), // 72 dpi, reserved
    uint16(1), // frame_count
    zeros(32), // compressorname
    uint16(0x0018, 0xffff), // depth, pre_defined = -1
    config,
  );
}

export function aacSampleEntry(format: AacFormat): Buffer {
  const descriptor = (tag: number, ...content: Buffer[]) => {
    const body = Buffer.concat(content);
    return Buffer.concat([uint8(tag, body.length), body]); // every descriptor here is < 128 bytes
  };
  const decoderConfig = descriptor(
    0x04,
    uint8(0x40, 0x15), // object type: MPEG-4 audio; stream type: audio (5 << 2 | reserved 1)
    uint8(0, 0, 0), uint32(0, 0), // buffer size, max and average bit rate unknown
    descriptor(0x05, format.audioSpecificConfig),
  );
  const esds = fullBox('esds', 0, 0, descriptor(0x03, uint16(0), uint8(0), decoderConfig, descriptor(0x06, uint8(0x02))));
  return box(
    'mp4a',
    zeros(6), uint16(1), // reserved, data_reference_index
    zeros(8),
    uint16(format.channelCount, 16, 0, 0), // channels, sample size, pre_defined, reserved
    uint32(Math.min(format.sampleRate, 0xffff) * 0x10000), // 16.16; the real rate is in the AudioSpecificConfig
    esds,
  );
}

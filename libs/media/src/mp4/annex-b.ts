/**
 * H.264/H.265 elementary streams as carried in MPEG-TS (Annex B: NAL units after 00 00 01 start codes) →
 * access units (one per PES packet, as cameras and ffmpeg write them) with the NAL units an MP4 sample keeps,
 * the key-frame flag, and the parameter sets (VPS/SPS/PPS) that go into the sample entry instead.
 */
import type { DemuxedStream, VideoCodec } from './mpeg-ts-demux';

const START_CODE = Buffer.from([0, 0, 1]);

export interface AccessUnit {
  /** 90 kHz, unwrapped within the segment. */
  readonly dts: number;
  readonly pts: number;
  /** NAL units without start codes, AUD/parameter sets/filler removed. */
  readonly nalUnits: Buffer[];
  keyframe: boolean;
  /** HEVC RASL picture: undecodable when its CRA starts the clip or follows a cut. */
  skippableLeading: boolean;
}

export interface ParameterSets {
  readonly vps: Buffer[];
  readonly sps: Buffer[];
  readonly pps: Buffer[];
}

type NalRole = 'slice' | 'keyframe-slice' | 'leading-skippable' | 'vps' | 'sps' | 'pps' | 'drop';

/** Splits an Annex-B byte stream into NAL units (3- and 4-byte start codes; trailing zero bytes removed). */
export function splitAnnexB(stream: Buffer): Buffer[] {
  const nalUnits: Buffer[] = [];
  let start = stream.indexOf(START_CODE);
  while (start >= 0) {
    const payloadStart = start + 3;
    const next = stream.indexOf(START_CODE, payloadStart);
    let end = next < 0 ? stream.length : next;
    while (end > payloadStart && stream[end - 1] === 0) end--;
    if (end > payloadStart) nalUnits.push(stream.subarray(payloadStart, end));
    start = next;
  }
  return nalUnits;
}

function h264Role(nal: Buffer): NalRole {
  switch (nal[0] & 0x1f) {
    case 5: return 'keyframe-slice'; // IDR
    case 7: return 'sps';
    case 8: return 'pps';
    case 9: case 12: return 'drop'; // access unit delimiter, filler
    default: return 'slice'; // slices, SEI, end of sequence…
  }
}

function h265Role(nal: Buffer): NalRole {
  const type = (nal[0] >> 1) & 0x3f;
  if (type >= 16 && type <= 21) return 'keyframe-slice'; // IRAP: BLA, IDR, CRA
  if (type === 8 || type === 9) return 'leading-skippable'; // RASL
  switch (type) {
    case 32: return 'vps';
    case 33: return 'sps';
    case 34: return 'pps';
    case 35: case 38: return 'drop'; // access unit delimiter, filler
    default: return 'slice';
  }
}

/** The access units of one segment's video PES packets, in decode order, and the parameter sets seen. */
export function readAccessUnits(stream: DemuxedStream<VideoCodec>): { units: AccessUnit[]; parameterSets: ParameterSets } {
  const roleOf = stream.codec === 'h264' ? h264Role : h265Role;
  const parameterSets: ParameterSets = { vps: [], sps: [], pps: [] };
  const units: AccessUnit[] = [];
  let orphanNalUnits: Buffer[] = [];
  for (const pes of stream.packets) {
    const nalUnits: Buffer[] = [];
    let keyframe = false;
    let skippableLeading = false;
    for (const nal of splitAnnexB(pes.payload)) {
      const role = roleOf(nal);
      if (role === 'vps' || role === 'sps' || role === 'pps') rememberParameterSet(parameterSets[role], nal);
      else if (role !== 'drop') nalUnits.push(nal);
      keyframe ||= role === 'keyframe-slice';
      skippableLeading ||= role === 'leading-skippable';
    }
    const previous = units.at(-1);
    // A PES without timestamp, or with the previous one's DTS, continues the same access unit (split slices).
    if (pes.dts === undefined || pes.pts === undefined || (previous && previous.dts === pes.dts)) {
      if (previous) {
        previous.nalUnits.push(...nalUnits);
        previous.keyframe ||= keyframe;
        previous.skippableLeading ||= skippableLeading;
      } else {
        orphanNalUnits.push(...nalUnits);
      }
      continue;
    }
    if (nalUnits.length === 0 && orphanNalUnits.length === 0) continue;
    units.push({ dts: pes.dts, pts: pes.pts, nalUnits: [...orphanNalUnits, ...nalUnits], keyframe, skippableLeading });
    orphanNalUnits = [];
  }
  return { units: units.filter((unit) => unit.nalUnits.length > 0), parameterSets };
}

/** Keeps each distinct parameter set once (cameras repeat them before every key frame). */
function rememberParameterSet(list: Buffer[], nal: Buffer): void {
  if (list.length < 16 && !list.some((known) => known.equals(nal))) list.push(nal);
}

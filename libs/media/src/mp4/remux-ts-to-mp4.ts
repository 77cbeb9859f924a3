/**
 * Camera MPEG-TS segments (H.264/H.265, optional AAC) → one progressive MP4, without re-encoding and without
 * ffmpeg: demux each segment, keep its frames from the first key frame, lay the segments end to end (see
 * clip-timeline.ts) and write the MP4 with the index first.
 */
import { type AacFormat, readAdtsFrames } from './adts';
import { type AccessUnit, readAccessUnits } from './annex-b';
import { AudioTimeline, VideoTimeline, interleaveChunks } from './clip-timeline';
import { type VideoSampleEntry, aacSampleEntry, avcSampleEntry, hevcSampleEntry } from './codec-config';
import { muxMp4 } from './mp4-mux';
import { type VideoCodec, demuxTransportStream } from './mpeg-ts-demux';
import { UnsupportedMediaError } from './unsupported-media-error';

export { UnsupportedMediaError } from './unsupported-media-error';

/**
 * Remuxes `segments` (in time order) into one MP4 (moov before mdat). Throws UnsupportedMediaError when a
 * segment is not MPEG-TS or has no H.264/H.265 video, when the codec changes mid-clip, or when no segment has a key frame.
 */
export function remuxTsToMp4(segments: readonly Buffer[]): Buffer {
  if (segments.length === 0) throw new UnsupportedMediaError('no segments to remux');
  const video = new VideoTimeline();
  let videoEntry: VideoSampleEntry | undefined;
  let videoCodec: VideoCodec | undefined;
  let audio: { timeline: AudioTimeline; format: AacFormat } | undefined;

  segments.forEach((segment, index) => {
    const demuxed = withSegmentContext(index, () => demuxTransportStream(segment));
    if (videoCodec !== undefined && demuxed.video.codec !== videoCodec) {
      throw new UnsupportedMediaError(`segment ${index + 1}: video codec changes within the clip (${videoCodec} → ${demuxed.video.codec})`);
    }
    const { units: accessUnits, parameterSets } = readAccessUnits(demuxed.video);
    // A segment continuing the previous one is kept whole; otherwise it must start at a key frame, and one
    // without any cannot be decoded: it is left out (the clip closes the gap).
    const decodable = accessUnits.length > 0 && video.continuesLastSegment(accessUnits[0].dts) ? accessUnits : fromFirstKeyFrame(accessUnits);
    if (decodable.length === 0) return;
    videoCodec = demuxed.video.codec;
    const entry = withSegmentContext(index, () =>
      videoCodec === 'h264' ? avcSampleEntry(parameterSets.sps, parameterSets.pps) : hevcSampleEntry(parameterSets.vps, parameterSets.sps, parameterSets.pps),
    );
    // The first segment's parameter sets go into the one sample entry. A camera reconfigured mid-clip (another
    // size…) gets its new ones in band, before each key frame: Chrome ignores a second sample entry.
    videoEntry ??= entry;
    const inBand = entry.entry.equals(videoEntry.entry) ? [] : [...parameterSets.vps, ...parameterSets.sps, ...parameterSets.pps];
    const units = inBand.length === 0 ? decodable : decodable.map((unit) => (unit.keyframe ? { ...unit, nalUnits: [...inBand, ...unit.nalUnits] } : unit));
    const placement = video.append({ units, sampleEntryIndex: 0 });

    const aac = demuxed.audio && withSegmentContext(index, () => readAdtsFrames(demuxed.audio?.packets ?? []));
    if (!aac) return;
    audio ??= { timeline: new AudioTimeline(aac.format.sampleRate), format: aac.format };
    // One audio track has one timescale and configuration: audio in another format is left out, the video kept.
    if (!aac.format.audioSpecificConfig.equals(audio.format.audioSpecificConfig)) return;
    audio.timeline.append(aac.frames, placement);
  });

  if (!videoEntry) throw new UnsupportedMediaError(`no key frame in the video of the ${segments.length} segment(s): nothing can be decoded`);
  const videoTrack = video.track(videoEntry);
  const audioTrack = audio && audio.timeline.samples.length > 0 ? audio.timeline.track(aacSampleEntry(audio.format)) : undefined;
  const tracks = audioTrack ? [videoTrack, audioTrack] : [videoTrack];
  const chunks = interleaveChunks([
    { track: videoTrack, segmentStarts: video.segmentStarts, startTime: 0 },
    ...(audio && audioTrack ? [{ track: audioTrack, segmentStarts: audio.timeline.segmentStarts, startTime: audioTrack.presentationDelay }] : []),
  ]);
  return muxMp4(tracks, chunks);
}

/**
 * For a segment after a cut: drops what precedes the first key frame, and for HEVC the RASL pictures of that
 * first CRA (they reference pictures before the cut and cannot be decoded).
 */
function fromFirstKeyFrame(units: readonly AccessUnit[]): AccessUnit[] {
  const first = units.findIndex((unit) => unit.keyframe);
  if (first < 0) return [];
  const kept = [units[first]];
  let leadingOfFirstKeyFrame = true;
  for (const unit of units.slice(first + 1)) {
    if (unit.keyframe) leadingOfFirstKeyFrame = false;
    if (!(leadingOfFirstKeyFrame && unit.skippableLeading)) kept.push(unit);
  }
  return kept;
}

function withSegmentContext<T>(index: number, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof UnsupportedMediaError) throw new UnsupportedMediaError(`segment ${index + 1}: ${error.message}`);
    throw error;
  }
}

/**
 * A progressive MP4 with `moov` before `mdat` ("faststart"): a browser reads the index first and plays while
 * the rest downloads. The whole file is written into one buffer allocated once at its final size.
 */
import { UNITY_MATRIX, box, fourCc, fullBox, int32, uint16, uint32, zeros } from './box-writer';
import { NAL_LENGTH_PREFIX_SIZE, type Mp4Chunk, type Mp4Track, type PlacedChunk, mediaDuration, presentationEnd } from './mp4-track';
import { sampleTableBox } from './sample-tables';

const MOVIE_TIMESCALE = 1000;
const MAX_UINT32 = 0xffffffff;

export function muxMp4(tracks: readonly Mp4Track[], chunks: readonly Mp4Chunk[]): Buffer {
  const ftyp = fileTypeBox(tracks);
  const chunkSizes = chunks.map((chunk) => {
    const samples = tracks[chunk.trackIndex].samples;
    let size = 0;
    for (let i = chunk.firstSample; i < chunk.firstSample + chunk.sampleCount; i++) size += samples[i].size;
    return size;
  });
  const mdatPayloadSize = chunkSizes.reduce((sum, size) => sum + size, 0);
  const mdatHeaderSize = mdatPayloadSize + 8 > MAX_UINT32 ? 16 : 8;
  // Box sizes do not depend on offset values: a first moov measures where mdat starts, the second is the real one.
  const place = (payloadStart: number): PlacedChunk[] => {
    let offset = payloadStart;
    return chunks.map((chunk, i) => ({ ...chunk, fileOffset: (offset += chunkSizes[i]) - chunkSizes[i] }));
  };
  const draft = movieBox(tracks, place(0), false);
  const largeOffsets = ftyp.length + draft.length + mdatHeaderSize + mdatPayloadSize > MAX_UINT32;
  const moovSize = largeOffsets ? movieBox(tracks, place(0), true).length : draft.length;
  const payloadStart = ftyp.length + moovSize + mdatHeaderSize;
  const moov = movieBox(tracks, place(payloadStart), largeOffsets);

  const file = Buffer.allocUnsafe(payloadStart + mdatPayloadSize);
  let offset = ftyp.copy(file, 0);
  offset += moov.copy(file, offset);
  if (mdatHeaderSize === 16) {
    file.writeUInt32BE(1, offset); // size 1: the 64-bit size follows the type
    file.write('mdat', offset + 4, 'latin1');
    file.writeBigUInt64BE(BigInt(mdatPayloadSize + 16), offset + 8);
  } else {
    file.writeUInt32BE(mdatPayloadSize + 8, offset);
    file.write('mdat', offset + 4, 'latin1');
  }
  offset += mdatHeaderSize;
  for (const chunk of chunks) {
    const track = tracks[chunk.trackIndex];
    for (let i = chunk.firstSample; i < chunk.firstSample + chunk.sampleCount; i++) {
      for (const part of track.samples[i].parts) {
        if (track.nalLengthPrefixed) {
          file.writeUInt32BE(part.length, offset);
          offset += NAL_LENGTH_PREFIX_SIZE;
        }
        offset += part.copy(file, offset);
      }
    }
  }
  return file;
}

function fileTypeBox(tracks: readonly Mp4Track[]): Buffer {
  const codecBrands = tracks.flatMap((t) => t.sampleEntries.map((entry) => entry.toString('latin1', 4, 8))).filter((b) => b === 'avc1' || b === 'hvc1');
  const brands = ['isom', 'iso2', ...new Set(codecBrands), 'mp41'];
  return box('ftyp', fourCc('isom'), uint32(512), ...brands.map(fourCc));
}

const toMovieTime = (value: number, timescale: number) => Math.round((value * MOVIE_TIMESCALE) / timescale);

/** The track's edit list: an empty edit for a late start, then the media from its first shown time. */
function edits(track: Mp4Track): { movieDuration: number; box: Buffer } {
  const entries: [number, number][] = [];
  if (track.presentationDelay > 0) entries.push([toMovieTime(track.presentationDelay, track.timescale), -1]);
  entries.push([toMovieTime(presentationEnd(track) - track.mediaStartTime, track.timescale), track.mediaStartTime]);
  const elst = fullBox('elst', 0, 0, uint32(entries.length), ...entries.flatMap(([duration, mediaTime]) => [uint32(duration), int32(mediaTime), uint32(0x00010000)]));
  return { movieDuration: entries.reduce((sum, [duration]) => sum + duration, 0), box: box('edts', elst) };
}

function movieBox(tracks: readonly Mp4Track[], chunks: readonly PlacedChunk[], largeOffsets: boolean): Buffer {
  const trackBoxes = tracks.map((track, index) => {
    const { movieDuration, box: edts } = edits(track);
    return { movieDuration, trak: trackBox(track, index + 1, movieDuration, edts, chunks.filter((c) => c.trackIndex === index), largeOffsets) };
  });
  const movieDuration = Math.max(0, ...trackBoxes.map((t) => t.movieDuration));
  const mvhd = fullBox(
    'mvhd', 0, 0,
    uint32(0, 0, MOVIE_TIMESCALE, movieDuration), // creation and modification time unknown
    uint32(0x00010000), uint16(0x0100), zeros(10), // rate 1.0, volume 1.0, reserved
    UNITY_MATRIX, zeros(24), // pre_defined
    uint32(tracks.length + 1), // next_track_ID
  );
  return box('moov', mvhd, ...trackBoxes.map((t) => t.trak));
}

function trackBox(track: Mp4Track, trackId: number, movieDuration: number, edts: Buffer, chunks: readonly PlacedChunk[], largeOffsets: boolean): Buffer {
  const isVideo = track.handler === 'vide';
  const tkhd = fullBox(
    'tkhd', 0, 0x000003, // enabled, in movie
    uint32(0, 0, trackId, 0, movieDuration), zeros(8),
    uint16(0, 0, isVideo ? 0 : 0x0100, 0), // layer, alternate group, volume, reserved
    UNITY_MATRIX,
    uint32(track.width * 0x10000, track.height * 0x10000),
  );
  const mdhd = fullBox('mdhd', 0, 0, uint32(0, 0, track.timescale, mediaDuration(track)), uint16(0x55c4, 0)); // language "und"
  const hdlr = fullBox('hdlr', 0, 0, uint32(0), fourCc(track.handler), zeros(12), Buffer.from(isVideo ? 'VideoHandler\0' : 'SoundHandler\0', 'latin1'));
  const mediaHeader = isVideo ? fullBox('vmhd', 0, 1, uint16(0, 0, 0, 0)) : fullBox('smhd', 0, 0, uint16(0, 0));
  const dinf = box('dinf', fullBox('dref', 0, 0, uint32(1), fullBox('url ', 0, 1))); // flag 1: data in this file
  const minf = box('minf', mediaHeader, dinf, sampleTableBox(track, chunks, largeOffsets));
  return box('trak', tkhd, edts, box('mdia', mdhd, hdlr, minf));
}

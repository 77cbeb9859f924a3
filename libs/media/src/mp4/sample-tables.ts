/**
 * The sample table (`stbl`) of one track: where each sample is (stsc + stsz + stco/co64), when it is decoded
 * (stts) and shown (ctts), which samples are key frames (stss), and which sample entry decodes it (stsc).
 */
import { TableWriter, box, fullBox, uint32 } from './box-writer';
import type { Mp4Sample, Mp4Track, PlacedChunk } from './mp4-track';

export function sampleTableBox(track: Mp4Track, chunks: readonly PlacedChunk[], largeOffsets: boolean): Buffer {
  const samples = track.samples;
  return box(
    'stbl',
    fullBox('stsd', 0, 0, uint32(track.sampleEntries.length), ...track.sampleEntries),
    runLengthBox('stts', samples, (s) => s.duration),
    samples.some((s) => s.compositionOffset !== 0) ? runLengthBox('ctts', samples, (s) => s.compositionOffset) : undefined,
    samples.every((s) => s.isSync) ? undefined : syncSampleBox(samples),
    sampleToChunkBox(samples, chunks),
    sampleSizeBox(samples),
    chunkOffsetBox(chunks, largeOffsets),
  );
}

/** stts / ctts: (sample count, value) runs. */
function runLengthBox(type: 'stts' | 'ctts', samples: readonly Mp4Sample[], valueOf: (sample: Mp4Sample) => number): Buffer {
  const table = new TableWriter();
  let runValue = 0;
  let runLength = 0;
  for (const sample of samples) {
    const value = valueOf(sample);
    if (runLength > 0 && value !== runValue) {
      table.entry(runLength, runValue);
      runLength = 0;
    }
    runValue = value;
    runLength++;
  }
  if (runLength > 0) table.entry(runLength, runValue);
  return fullBox(type, 0, 0, uint32(table.entryCount), table.toBuffer());
}

/** stss: 1-based numbers of the key-frame samples. */
function syncSampleBox(samples: readonly Mp4Sample[]): Buffer {
  const table = new TableWriter();
  samples.forEach((sample, index) => {
    if (sample.isSync) table.entry(index + 1);
  });
  return fullBox('stss', 0, 0, uint32(table.entryCount), table.toBuffer());
}

/** stsc: (first chunk, samples per chunk, sample entry) written only where either changes. */
function sampleToChunkBox(samples: readonly Mp4Sample[], chunks: readonly PlacedChunk[]): Buffer {
  const table = new TableWriter();
  let previous: { count: number; entry: number } | undefined;
  chunks.forEach((chunk, index) => {
    const entry = samples[chunk.firstSample].sampleEntryIndex + 1;
    if (previous?.count === chunk.sampleCount && previous.entry === entry) return;
    table.entry(index + 1, chunk.sampleCount, entry);
    previous = { count: chunk.sampleCount, entry };
  });
  return fullBox('stsc', 0, 0, uint32(table.entryCount), table.toBuffer());
}

function sampleSizeBox(samples: readonly Mp4Sample[]): Buffer {
  const table = new TableWriter();
  for (const sample of samples) table.entry(sample.size);
  return fullBox('stsz', 0, 0, uint32(0, samples.length), table.toBuffer());
}

/** stco (32-bit offsets) unless the file passes 4 GiB, then co64. */
function chunkOffsetBox(chunks: readonly PlacedChunk[], largeOffsets: boolean): Buffer {
  const table = new TableWriter();
  for (const chunk of chunks) {
    if (largeOffsets) table.entry64(chunk.fileOffset);
    else table.entry(chunk.fileOffset);
  }
  return fullBox(largeOffsets ? 'co64' : 'stco', 0, 0, uint32(table.entryCount), table.toBuffer());
}

/**
 * `count` MPEG-TS null packets (PID 0x1FFF): a valid transport stream for the recording index, which checks
 * the 188-byte packets and their 0x47 sync bytes (playback specs encode real video with ffmpeg instead).
 */
export function tsNullPackets(count = 4): Buffer {
  const b = Buffer.alloc(188 * count, 0xff);
  for (let i = 0; i < count; i++) b.set([0x47, 0x1f, 0xff, 0x10], i * 188);
  return b;
}

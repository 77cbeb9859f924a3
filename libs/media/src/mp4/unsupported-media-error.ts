/** The input cannot be remuxed as is (no video, a codec other than H.264/H.265/AAC, no key frame, not MPEG-TS…). */
export class UnsupportedMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedMediaError';
  }
}

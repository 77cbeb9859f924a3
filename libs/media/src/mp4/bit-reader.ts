/**
 * Bit-level reading of H.264/H.265 parameter sets: the RBSP (emulation-prevention bytes removed) read MSB first,
 * with the Exp-Golomb codes the SPS uses.
 */
import { UnsupportedMediaError } from './unsupported-media-error';

/** Removes the 0x03 byte the encoder inserts after every 00 00 so the payload never mimics a start code. */
export function toRbsp(nal: Buffer): Buffer {
  const out = Buffer.allocUnsafe(nal.length);
  let length = 0;
  let zeros = 0;
  for (const byte of nal) {
    if (zeros >= 2 && byte === 0x03) {
      zeros = 0;
      continue;
    }
    zeros = byte === 0 ? zeros + 1 : 0;
    out[length++] = byte;
  }
  return out.subarray(0, length);
}

export class BitReader {
  private bitOffset = 0;

  constructor(private readonly bytes: Buffer) {}

  get byteOffset(): number {
    return this.bitOffset >> 3;
  }

  bit(): number {
    const byteIndex = this.bitOffset >> 3;
    if (byteIndex >= this.bytes.length) throw new UnsupportedMediaError('truncated parameter set (SPS)');
    const value = (this.bytes[byteIndex] >> (7 - (this.bitOffset & 7))) & 1;
    this.bitOffset++;
    return value;
  }

  /** Unsigned `count`-bit value (count ≤ 32). */
  bits(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) value = value * 2 + this.bit();
    return value;
  }

  skip(count: number): void {
    this.bitOffset += count;
  }

  /** ue(v): unsigned Exp-Golomb. */
  ue(): number {
    let leadingZeros = 0;
    while (this.bit() === 0) {
      if (++leadingZeros > 31) throw new UnsupportedMediaError('malformed Exp-Golomb code in a parameter set');
    }
    return 2 ** leadingZeros - 1 + this.bits(leadingZeros);
  }

  /** se(v): signed Exp-Golomb. */
  se(): number {
    const code = this.ue();
    return code % 2 === 1 ? (code + 1) / 2 : -code / 2;
  }
}

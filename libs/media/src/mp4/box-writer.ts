/**
 * ISO BMFF box building blocks: a box is a 32-bit size, a four-character type and its content. Boxes in `moov`
 * are small (kilobytes), so each is assembled with one concat of its parts; `mdat` is written separately.
 */

export function box(type: string, ...content: readonly (Buffer | undefined)[]): Buffer {
  const parts = content.filter((part): part is Buffer => part !== undefined);
  const size = 8 + parts.reduce((sum, part) => sum + part.length, 0);
  const header = Buffer.allocUnsafe(8);
  header.writeUInt32BE(size, 0);
  header.write(type, 4, 4, 'latin1');
  return Buffer.concat([header, ...parts], size);
}

/** A box whose content starts with an 8-bit version and 24-bit flags. */
export function fullBox(type: string, version: number, flags: number, ...content: readonly (Buffer | undefined)[]): Buffer {
  return box(type, uint32((version << 24) | flags), ...content);
}

export function uint8(...values: number[]): Buffer {
  return Buffer.from(values);
}

export function uint16(...values: number[]): Buffer {
  const out = Buffer.allocUnsafe(2 * values.length);
  values.forEach((value, i) => out.writeUInt16BE(value & 0xffff, 2 * i));
  return out;
}

export function uint32(...values: number[]): Buffer {
  const out = Buffer.allocUnsafe(4 * values.length);
  values.forEach((value, i) => out.writeUInt32BE(value >>> 0, 4 * i));
  return out;
}

export function int32(value: number): Buffer {
  const out = Buffer.allocUnsafe(4);
  out.writeInt32BE(value, 0);
  return out;
}

export function uint64(value: number): Buffer {
  const out = Buffer.allocUnsafe(8);
  out.writeBigUInt64BE(BigInt(value), 0);
  return out;
}

export function zeros(length: number): Buffer {
  return Buffer.alloc(length);
}

export function fourCc(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

/** The identity transformation matrix of mvhd/tkhd (16.16 and 2.30 fixed point). */
export const UNITY_MATRIX = uint32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

/**
 * Grows a table of fixed-width entries without re-allocating per entry (sample tables hold one entry per frame:
 * ~15,000 for ten minutes of 25 fps video).
 */
export class TableWriter {
  private bytes = Buffer.allocUnsafe(1024);
  private length = 0;
  entryCount = 0;

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + extra));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  /** One entry made of 32-bit fields (unsigned, or signed when negative). */
  entry(...fields: number[]): void {
    this.reserve(4 * fields.length);
    for (const field of fields) {
      if (field < 0) this.bytes.writeInt32BE(field, this.length);
      else this.bytes.writeUInt32BE(field, this.length);
      this.length += 4;
    }
    this.entryCount++;
  }

  /** One 64-bit entry (co64). */
  entry64(value: number): void {
    this.reserve(8);
    this.bytes.writeBigUInt64BE(BigInt(value), this.length);
    this.length += 8;
    this.entryCount++;
  }

  toBuffer(): Buffer {
    return this.bytes.subarray(0, this.length);
  }
}

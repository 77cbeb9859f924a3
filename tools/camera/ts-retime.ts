/**
 * Retimes an MPEG-TS segment so that a camera uploading the same clip over and over still produces one
 * continuous stream: every PES PTS/DTS and adaptation-field PCR/OPCR moves by an offset (in 90 kHz ticks,
 * wrapping at 33 bits as the clocks do), and each PID's continuity counter carries on from the previous segment
 * (a player or the platform's recording index would otherwise see a discontinuity at every segment boundary).
 */

export const TS_PACKET_BYTES = 188;
export const TS_SYNC_BYTE = 0x47;
/** The MPEG system clock (PTS, DTS, PCR base) ticks at 90 kHz. */
export const TS_CLOCK_HZ = 90_000;
const NULL_PID = 0x1fff;
const WRAP_33_BITS = 2 ** 33;

/** Last continuity counter written per PID: what the next segment continues from. */
export type ContinuityState = ReadonlyMap<number, number>;

export interface RetimeOptions {
  /** Added to every PTS, DTS and PCR, in 90 kHz ticks (may be negative; wraps at 2^33). */
  offsetTicks: number;
  /** The previous segment's `continuity`; absent for the first segment of a stream (counters kept as they are). */
  continuity?: ContinuityState;
}

export interface RetimedSegment {
  bytes: Buffer;
  continuity: ContinuityState;
}

/** Per-packet timing as found in a segment (what the spec checks the retimed output with). */
export interface PacketTiming {
  pid: number;
  continuityCounter: number;
  hasPayload: boolean;
  pcr?: number;
  pts?: number;
  dts?: number;
}

/** A copy of `segment` with its clocks shifted and its continuity counters continuing; the input is not changed. */
export function retimeSegment(segment: Buffer, options: RetimeOptions): RetimedSegment {
  assertTransportStream(segment);
  const bytes = Buffer.from(segment);
  const continuity = new Map(options.continuity ?? []);
  for (let at = 0; at < bytes.length; at += TS_PACKET_BYTES) {
    const packet = bytes.subarray(at, at + TS_PACKET_BYTES);
    const header = readHeader(packet);
    if (header.pid === NULL_PID) continue; // Null packets carry no clock and their counter is undefined.
    for (const field of clockFields(packet, header)) field.write(wrap33(field.read() + options.offsetTicks));
    const previous = continuity.get(header.pid);
    // The counter advances only on packets with a payload (ISO/IEC 13818-1 2.4.3.3).
    const counter = previous === undefined ? header.continuityCounter : header.hasPayload ? (previous + 1) & 0x0f : previous;
    packet[3] = (packet[3] & 0xf0) | counter;
    continuity.set(header.pid, counter);
  }
  return { bytes, continuity };
}

/** The PID, counter and clocks of every packet of `segment`. */
export function readPacketTimings(segment: Buffer): PacketTiming[] {
  assertTransportStream(segment);
  const timings: PacketTiming[] = [];
  for (let at = 0; at < segment.length; at += TS_PACKET_BYTES) {
    const packet = segment.subarray(at, at + TS_PACKET_BYTES);
    const header = readHeader(packet);
    const timing: PacketTiming = { pid: header.pid, continuityCounter: header.continuityCounter, hasPayload: header.hasPayload };
    for (const field of clockFields(packet, header)) if (field.name !== 'opcr') timing[field.name] = field.read();
    timings.push(timing);
  }
  return timings;
}

/** Whether `bytes` is whole 188-byte packets each starting with the 0x47 sync byte. */
export function isTransportStream(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.length % TS_PACKET_BYTES !== 0) return false;
  for (let at = 0; at < bytes.length; at += TS_PACKET_BYTES) if (bytes[at] !== TS_SYNC_BYTE) return false;
  return true;
}

export function wrap33(ticks: number): number {
  return ((ticks % WRAP_33_BITS) + WRAP_33_BITS) % WRAP_33_BITS;
}

function assertTransportStream(bytes: Buffer): void {
  if (!isTransportStream(bytes)) throw new Error('not an MPEG-TS segment (188-byte packets starting with 0x47)');
}

interface PacketHeader {
  pid: number;
  payloadUnitStart: boolean;
  hasAdaptationField: boolean;
  hasPayload: boolean;
  continuityCounter: number;
}

function readHeader(packet: Buffer): PacketHeader {
  const control = (packet[3] >> 4) & 0x03;
  return {
    pid: ((packet[1] & 0x1f) << 8) | packet[2],
    payloadUnitStart: (packet[1] & 0x40) !== 0,
    hasAdaptationField: (control & 0x02) !== 0,
    hasPayload: (control & 0x01) !== 0,
    continuityCounter: packet[3] & 0x0f,
  };
}

interface ClockField {
  name: 'pcr' | 'opcr' | 'pts' | 'dts';
  read(): number;
  write(ticks: number): void;
}

/** The clock fields a packet carries: PCR/OPCR in its adaptation field, PTS/DTS in a PES header it starts. */
function clockFields(packet: Buffer, header: PacketHeader): ClockField[] {
  const fields: ClockField[] = [];
  let payloadAt = 4;
  if (header.hasAdaptationField) {
    const length = packet[4];
    payloadAt = 5 + length;
    const flags = length > 0 ? packet[5] : 0;
    let at = 6;
    if (flags & 0x10) {
      fields.push(programClockField('pcr', packet, at));
      at += 6;
    }
    if (flags & 0x08) fields.push(programClockField('opcr', packet, at));
  }
  if (header.payloadUnitStart && header.hasPayload && payloadAt + 9 <= TS_PACKET_BYTES) fields.push(...pesClockFields(packet, payloadAt));
  return fields;
}

/** PCR/OPCR: a 33-bit base (90 kHz), 6 reserved bits and a 9-bit 27 MHz extension; only the base moves. */
function programClockField(name: 'pcr' | 'opcr', packet: Buffer, at: number): ClockField {
  return {
    name,
    read: () => packet[at] * 2 ** 25 + ((packet[at + 1] << 17) | (packet[at + 2] << 9) | (packet[at + 3] << 1) | (packet[at + 4] >> 7)),
    write: (base) => {
      const low25 = base % 2 ** 25;
      packet[at] = Math.floor(base / 2 ** 25) & 0xff;
      packet[at + 1] = (low25 >> 17) & 0xff;
      packet[at + 2] = (low25 >> 9) & 0xff;
      packet[at + 3] = (low25 >> 1) & 0xff;
      packet[at + 4] = ((low25 & 1) << 7) | (packet[at + 4] & 0x7f);
    },
  };
}

/** Stream ids whose PES packets have no optional header (ISO/IEC 13818-1 table 2-22): nothing to retime. */
const PES_WITHOUT_HEADER = new Set([0xbc, 0xbe, 0xbf, 0xf0, 0xf1, 0xf2, 0xf8, 0xff]);

function pesClockFields(packet: Buffer, at: number): ClockField[] {
  const isPesStart = packet[at] === 0 && packet[at + 1] === 0 && packet[at + 2] === 1;
  // PSI sections (PAT, PMT) start with a pointer field and a table id, never with the 00 00 01 start code.
  if (!isPesStart || PES_WITHOUT_HEADER.has(packet[at + 3]) || (packet[at + 6] & 0xc0) !== 0x80) return [];
  const ptsDtsFlags = packet[at + 7] >> 6;
  const fields: ClockField[] = [];
  if (ptsDtsFlags & 0x02) fields.push(pesTimestampField('pts', packet, at + 9));
  if (ptsDtsFlags === 0x03) fields.push(pesTimestampField('dts', packet, at + 14));
  return fields;
}

/** PTS/DTS: 33 bits over 5 bytes with a 4-bit prefix and marker bits, which are kept. */
function pesTimestampField(name: 'pts' | 'dts', packet: Buffer, at: number): ClockField {
  return {
    name,
    read: () => ((packet[at] >> 1) & 0x07) * 2 ** 30 + ((packet[at + 1] << 22) | ((packet[at + 2] >> 1) << 15) | (packet[at + 3] << 7) | (packet[at + 4] >> 1)),
    write: (ticks) => {
      const low30 = ticks % 2 ** 30;
      packet[at] = (packet[at] & 0xf1) | ((Math.floor(ticks / 2 ** 30) & 0x07) << 1);
      packet[at + 1] = (low30 >> 22) & 0xff;
      packet[at + 2] = (((low30 >> 15) & 0x7f) << 1) | 1;
      packet[at + 3] = (low30 >> 7) & 0xff;
      packet[at + 4] = ((low30 & 0x7f) << 1) | 1;
    },
  };
}

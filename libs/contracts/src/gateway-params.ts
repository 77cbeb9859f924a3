/**
 * Parameter types of the gateway and stream operations. Each builder returns one zod schema that turns the
 * wire value (a string, or absent) into the typed value a use case receives, plus the facts the public API
 * document is generated from (type, required, lengths, allowed values, format). The edge and the owning
 * service parse with the same schema, so what is documented, what the edge refuses and what a use case can
 * receive are one definition (docs/decisions.md S5, S6, S9).
 *
 * A refusal is a zod issue carrying the platform error code and a check phase. Phases make the order of
 * refusals independent of the order zod reports them in: every parameter's presence and plain syntax first
 * (`presence`), then what needs parsing (`format`: MACs, times), then business ranges (`range`), each in the
 * catalogue's parameter order.
 */
import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { normalizeMac } from './mac';
import { hasControlCharacter } from './text';

export type ParamPhase = 'presence' | 'format' | 'range';
export const PARAM_PHASES: readonly ParamPhase[] = ['presence', 'format', 'range'];

/** What a refused parameter carries in its zod issue (`issue.params`). */
export interface ParamIssue {
  readonly phase: ParamPhase;
  /** Undefined for "present but empty": the operation decides the code (FC_PARAMETER_EMPTY on firmware.latest). */
  readonly errorCode?: ErrorCode;
}

/** The facts about a parameter that its documentation needs. */
export interface ParamFacts {
  readonly type: 'string' | 'integer';
  readonly required: boolean;
  /** Required, but an empty value is accepted as given (apps in the field send it empty). */
  readonly emptyAccepted: boolean;
  /** In characters (Unicode code points; for integers, of their decimal text). */
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly allowed?: readonly number[];
  readonly minimum?: number;
  readonly maximum?: number;
  /** Free text that may hold line breaks and tabs (every other control character is refused). */
  readonly multiline?: boolean;
  readonly format?: 'mac' | 'unix-time' | 'record-time' | 'long';
  readonly description: string;
}

type Wire = string | undefined;

export interface Param<T> {
  readonly facts: ParamFacts;
  readonly schema: z.ZodType<T, Wire>;
}

/** A required parameter, with `.optional()` and `.emptyAccepted()` variants. */
export interface RequiredParam<T> extends Param<T> {
  /** Absent or empty → undefined. */
  optional(): Param<T | undefined>;
  /** Still required, but `name=` (empty) is accepted and received as the empty value. */
  emptyAccepted(): Param<T | ''>;
}

type Ctx = z.core.$RefinementCtx<Wire>;

function refuse(ctx: Ctx, issue: ParamIssue, message: string): typeof z.NEVER {
  ctx.addIssue({ code: 'custom', message, params: issue });
  return z.NEVER;
}

const invalid = (phase: ParamPhase): ParamIssue => ({ phase, errorCode: ErrorCode.FC_INVALID_PARAMETER });
const INTEGER = /^-?\d+$/;

function codePoints(value: string): number {
  return value.length <= 1 ? value.length : Array.from(value).length;
}

/** Checks every parameter shares: control characters, lengths. The message names no parameter: the mapper adds it. */
function checkText(value: string, facts: ParamFacts, ctx: Ctx): boolean {
  const scanned = facts.multiline ? value.replace(/[\t\n\r]/g, ' ') : value;
  if (hasControlCharacter(scanned)) return !refuse(ctx, invalid('presence'), 'must not contain control characters');
  if (facts.maxLength !== undefined && value.length > facts.maxLength && codePoints(value) > facts.maxLength) {
    return !refuse(ctx, invalid('presence'), `exceeds ${facts.maxLength} characters`);
  }
  if (facts.minLength !== undefined && codePoints(value) < facts.minLength) {
    return !refuse(ctx, invalid('presence'), `must have at least ${facts.minLength} characters`);
  }
  return true;
}

/**
 * Builds a parameter from its facts and a conversion of the present, non-empty text (which may refuse).
 * Integers are read after trimming blanks, as clients pad them; strings are kept exactly as sent.
 */
function param<T>(facts: Omit<ParamFacts, 'required' | 'emptyAccepted'>, convert: (value: string, ctx: Ctx) => T | typeof z.NEVER): RequiredParam<T> {
  const build = <R>(required: boolean, emptyAccepted: boolean, onMissing: (raw: Wire, ctx: Ctx) => R): Param<T | R> => {
    const all: ParamFacts = { ...facts, required, emptyAccepted };
    const schema = z.string().optional().transform((raw, ctx): T | R => {
      if (raw === undefined || raw === '') return onMissing(raw, ctx);
      const value = all.type === 'integer' ? raw.trim() : raw;
      if (!checkText(value, all, ctx)) return z.NEVER;
      return convert(value, ctx);
    });
    return { facts: all, schema };
  };
  const required = build(true, false, (raw, ctx) =>
    raw === '' ? refuse(ctx, { phase: 'presence' }, 'is empty') : refuse(ctx, invalid('presence'), 'is required'),
  ) as Param<T>;
  return {
    ...required,
    optional: () => build(false, false, () => undefined),
    emptyAccepted: () => build(true, true, (raw, ctx) => (raw === '' ? ('' as const) : refuse(ctx, invalid('presence'), 'is required'))),
  };
}

export interface TextOptions {
  minLength?: number;
  multiline?: boolean;
  description: string;
}

/** Text kept exactly as sent, at most `maxLength` characters, no control characters. */
export function text(maxLength: number, options: TextOptions): RequiredParam<string> {
  return param({ type: 'string', maxLength, minLength: options.minLength, multiline: options.multiline, description: options.description }, (value) => value);
}

/**
 * A device MAC in any accepted spelling (12 hex digits, plain or separated by ':' or '-', any case),
 * received in the canonical form (`normalizeMac`).
 */
export function mac(description: string, maxLength = 20): RequiredParam<string> {
  return param({ type: 'string', maxLength, format: 'mac', description }, (value, ctx) => {
    return normalizeMac(value) ?? refuse(ctx, invalid('format'), 'is not a MAC address (12 hex digits, optionally separated by ":" or "-")');
  });
}

/** A MAC in the spelling sent (what a signature covers) and its canonical form. */
export interface MacAsSent {
  readonly sent: string;
  readonly canonical: string;
}

/** Like `mac`, but the use case also receives the spelling as sent (delOemDeviceForce signs it). */
export function macAsSent(description: string, maxLength = 20): RequiredParam<MacAsSent> {
  return param({ type: 'string', maxLength, format: 'mac', description }, (value, ctx) => {
    const canonical = normalizeMac(value);
    return canonical ? { sent: value, canonical } : refuse(ctx, invalid('format'), 'is not a MAC address (12 hex digits, optionally separated by ":" or "-")');
  });
}

export interface IntOptions {
  allowed?: readonly number[];
  maxLength?: number;
  /** Inclusive range checked after the syntax, refused with `rangeCode` (business meaning, e.g. 010026). */
  range?: { minimum: number; maximum: number; code: ErrorCode; message: string };
  description: string;
}

/** A decimal integer (blanks around it ignored), optionally from a closed set or within a range. */
export function int(options: IntOptions): RequiredParam<number> {
  const { allowed, range } = options;
  return param({ type: 'integer', maxLength: options.maxLength, allowed, minimum: range?.minimum, maximum: range?.maximum, description: options.description }, (value, ctx) => {
    const n = INTEGER.test(value) ? Number(value) : NaN;
    if (Number.isNaN(n)) return refuse(ctx, invalid('presence'), 'must be an integer');
    if (!Number.isSafeInteger(n)) return refuse(ctx, range ? { phase: 'range', errorCode: range.code } : invalid('presence'), range ? range.message : 'is out of range');
    if (allowed && !allowed.includes(n)) return refuse(ctx, invalid('presence'), `must be one of ${allowed.join(', ')}`);
    if (range && (n < range.minimum || n > range.maximum)) return refuse(ctx, { phase: 'range', errorCode: range.code }, range.message);
    return n;
  });
}

const MAX_LONG = 9223372036854775807n;

/** A signed 64-bit integer (spec: long), received as its decimal text (JSON numbers cannot hold every long). */
export function long(maxLength: number, description: string): RequiredParam<string> {
  return param({ type: 'integer', maxLength, format: 'long', description }, (value, ctx) => {
    if (!INTEGER.test(value)) return refuse(ctx, invalid('presence'), 'must be an integer');
    if (BigInt(value) > MAX_LONG || BigInt(value) < -MAX_LONG - 1n) return refuse(ctx, invalid('presence'), 'is out of range');
    return value;
  });
}

/** Unix time as sent (sessionToken is computed over this text) and its value in epoch milliseconds. */
export interface UnixTime {
  readonly raw: string;
  readonly ms: number;
  readonly unit: 's' | 'ms';
}

/**
 * Unix time as decimal digits: 13 digits or more are milliseconds, fewer are seconds (decisions D13, CS2).
 * Whether it is fresh enough is the owning service's rule (it needs the server clock).
 */
export function unixTime(maxLength: number, description: string): RequiredParam<UnixTime> {
  return param({ type: 'string', maxLength, format: 'unix-time', description }, (value, ctx) => {
    if (!/^\d{1,20}$/.test(value)) return refuse(ctx, invalid('format'), 'must be unix time in seconds or milliseconds');
    const unit = value.length >= 13 ? 'ms' : 's';
    const n = Number(value);
    return { raw: value, ms: unit === 'ms' ? n : n * 1000, unit } satisfies UnixTime;
  });
}

const ISO_BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/;

/**
 * Epoch seconds from a record time (spec 4.5 leaves the format open, decisions CS5): decimal epoch seconds
 * (1–11 digits, as recordList returns them) or basic ISO `YYYYMMDDTHHMMSS` read as UTC (as dateList returns
 * days). Undefined when it is neither, or not a real date and time.
 */
export function parseRecordTime(raw: string): number | undefined {
  const value = raw.trim();
  if (/^\d{1,11}$/.test(value)) return Number(value);
  const m = ISO_BASIC.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  // Date.UTC silently rolls impossible dates over (20260230, 25:00:00…): refuse them instead.
  const same =
    back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day && back.getUTCHours() === hour && back.getUTCMinutes() === minute && back.getUTCSeconds() === second;
  return same && ms >= 0 ? ms / 1000 : undefined;
}

/** A record time (parseRecordTime), received as epoch seconds. */
export function recordTime(maxLength: number, description: string): RequiredParam<number> {
  return param({ type: 'string', maxLength, format: 'record-time', description }, (value, ctx) => {
    return parseRecordTime(value) ?? refuse(ctx, invalid('format'), 'must be epoch seconds or YYYYMMDDTHHMMSS (UTC)');
  });
}

/** JSON over the wire: both adapters encode the same way so behaviour (dates, undefined, classes) matches. */
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export function encodeJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value ?? null));
}

export function decodeJson(bytes: Uint8Array): unknown {
  return JSON.parse(decoder.decode(bytes));
}

/** What a value looks like after a trip through JSON (what the other side of a real transport receives). */
export function jsonRoundTrip<T = unknown>(value: unknown): T {
  return JSON.parse(JSON.stringify(value ?? null)) as T;
}

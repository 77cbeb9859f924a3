/** A `Retry-After` header (seconds or an HTTP date) in milliseconds from now, or undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, nowMs: number = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

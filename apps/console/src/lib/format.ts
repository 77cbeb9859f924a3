/** Times as operators read them: ISO-like, UTC, to the second ("2026-11-24 09:30:12 UTC"). */
export function utcTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) return String(value);
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Seconds as the largest whole unit that fits: 7200 → "2 h", 2592000 → "30 d", 90 → "90 s". */
export function lifetime(seconds: number): string {
  if (seconds % 86400 === 0) return `${seconds / 86400} d`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

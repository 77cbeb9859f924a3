/**
 * A day of recordings as a timeline: each clip placed on the UTC day (what record.query and the
 * recording routes use) as a share of its width. Clips that cross midnight are cut at the day's edges.
 */
export interface Clip {
  /** Epoch seconds. */
  readonly start: number;
  readonly end: number;
}

export interface PlacedClip<C extends Clip> {
  readonly clip: C;
  /** Percent of the day from its start. */
  readonly left: number;
  readonly width: number;
}

const DAY = 24 * 3600;

/** Epoch seconds of 00:00 UTC of `YYYY-MM-DD`, or undefined for anything else. */
export function dayStart(day: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? undefined : ms / 1000;
}

export function placeClips<C extends Clip>(day: string, clips: readonly C[]): PlacedClip<C>[] {
  const from = dayStart(day);
  if (from === undefined) return [];
  const to = from + DAY;
  return clips
    .filter((c) => c.end > from && c.start < to && c.end > c.start)
    .map((clip) => {
      const start = Math.max(clip.start, from);
      const end = Math.min(clip.end, to);
      // At least a sliver, so a two-second clip can still be seen and clicked.
      return { clip, left: ((start - from) / DAY) * 100, width: Math.max(((end - start) / DAY) * 100, 0.25) };
    });
}

/**
 * The clip to play for a moment of the day (an alarm's time, epoch seconds): the one recording it, else the one
 * nearest to it within `slackSeconds` (a camera starts recording a moment after it raises the alarm), else none.
 */
export function clipAround<C extends Clip>(clips: readonly C[], at: number, slackSeconds = 60): C | undefined {
  const gap = (c: C) => (at < c.start ? c.start - at : at > c.end ? at - c.end : 0);
  let best: C | undefined;
  for (const c of clips) if (gap(c) <= slackSeconds && (best === undefined || gap(c) < gap(best))) best = c;
  return best;
}

/** `14:05:09` UTC of epoch seconds. */
export const clockTime = (epochSeconds: number): string => new Date(epochSeconds * 1000).toISOString().slice(11, 19);

/** `1 h 02 min 05 s`, `45 s`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h) return `${h} h ${String(m).padStart(2, '0')} min ${String(rest).padStart(2, '0')} s`;
  if (m) return `${m} min ${String(rest).padStart(2, '0')} s`;
  return `${rest} s`;
}

/**
 * Which of record.play's two URLs the page can load: an https console may not fetch http (mixed content),
 * so it takes secureUrl; an http console takes recordUrl, which needs no certificate on the store host.
 */
export function playableUrl(urls: { recordUrl: string; secureUrl: string }, pageProtocol: string): string {
  return pageProtocol === 'https:' ? urls.secureUrl : urls.recordUrl;
}

/**
 * Node.js release facts the image must respect: when each LTS line stops receiving security fixes (from the
 * Node.js project's published release schedule), and whether a version is inside a package.json `engines` range.
 */

/** LTS major → last day of support (end of life). Add a line when a new LTS line is adopted. */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  20: '2026-04-30',
  22: '2027-04-30',
  24: '2028-04-30',
};

type Version = [number, number, number];

/** A version as written in a range: 1 to 3 numbers; `x`, `X` or `*` in a position ends it (`22.x` is `22`). */
const parsePartial = (text: string, range: string): number[] => {
  const parts: number[] = [];
  for (const part of text.replace(/^v/, '').split('.')) {
    if (/^[xX*]$/.test(part)) break;
    if (!/^\d+$/.test(part)) throw new Error(`cannot read "${text}" in engines range "${range}"`);
    parts.push(Number(part));
  }
  if (parts.length > 3) throw new Error(`cannot read "${text}" in engines range "${range}"`);
  return parts;
};

const compareTo = (v: Version, bound: readonly number[]): number => {
  for (let i = 0; i < bound.length; i++) if (v[i] !== bound[i]) return v[i] - bound[i];
  return 0;
};

/** One comparator (`>=20.19`, `^22`, `20`, `*`) against a full version. */
function comparatorHolds(v: Version, op: string, bound: readonly number[]): boolean {
  const c = compareTo(v, bound); // compared on the positions the bound gives
  switch (op) {
    case '>=':
      return c >= 0;
    case '>':
      return c > 0;
    case '<=':
      return c <= 0;
    case '<':
      return c < 0;
    case '^': // the left-most non-zero position given stays as it is
      return c >= 0 && compareTo(v, bound.slice(0, Math.min(bound.length, bound.findIndex((n) => n !== 0) + 1 || bound.length))) === 0;
    case '~':
      return c >= 0 && compareTo(v, bound.slice(0, Math.max(1, Math.min(2, bound.length)))) === 0;
    default:
      return c === 0; // a bare or `=` version: every version it is a prefix of
  }
}

/**
 * Is `version` (x.y.z) inside `range`, as npm reads a package's `engines.node`? `||` of space-separated
 * comparators (`>=`, `>`, `<=`, `<`, `=`, `^`, `~`, a bare version, `*`), versions possibly partial or with
 * `x`/`*` positions; a space after the operator is allowed. Anything else throws rather than guess.
 */
export function satisfiesRange(version: string, range: string): boolean {
  const full = parsePartial(version, range);
  if (full.length !== 3) throw new Error(`"${version}" is not a full version`);
  const v = full as Version;
  return range.split('||').some((set) => {
    const comparators = set.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split(/\s+/).filter(Boolean);
    return comparators.every((comparator) => {
      const m = /^(>=|<=|>|<|=|\^|~)?(.+)$/.exec(comparator)!;
      return comparatorHolds(v, m[1] ?? '=', parsePartial(m[2], range));
    });
  });
}

/**
 * Text no service can store (docs/decisions.md SDC1, SDC2): NUL (U+0000), which PostgreSQL's text and jsonb
 * cannot hold, and a lone surrogate (half of a UTF-16 pair, only reachable through a JSON `\ud800` escape),
 * which is not Unicode and which PostgreSQL's jsonb refuses. Either one reaching the database made it throw,
 * and the caller got 000099 (or the audit log failed to record the call). They are refused where they enter,
 * naming the field.
 */

const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a text, or undefined. */
export type TextRule = (text: string) => string | undefined;

export const noNul: TextRule = (text) => (text.includes(NUL) ? 'must not contain NUL (U+0000)' : undefined);

export const noLoneSurrogate: TextRule = (text) => {
  const found = LONE_SURROGATE.exec(text);
  return found ? `must not contain a lone surrogate (U+${found[0].charCodeAt(0).toString(16).toUpperCase()})` : undefined;
};

export const storableText: TextRule = (text) => noNul(text) ?? noLoneSurrogate(text);

/** The first field (in document order) of a parsed JSON value, or its key, that breaks `rule`. */
export interface TextFlaw {
  /** `name`, `desc.zh`, `plans[0]`; `root` for the value itself. */
  readonly field: string;
  readonly problem: string;
}

/** Longest field path echoed in a refusal. */
const MAX_FIELD = 100;

/**
 * Walks strings and keys at any depth without recursion (a 64 KiB body can nest 30,000 arrays deep). The path
 * names the field as the caller wrote it, its unstorable characters shown as U+FFFD.
 */
export function findTextFlaw(value: unknown, rule: TextRule, root: string): TextFlaw | undefined {
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      const problem = rule(current);
      if (problem) return { field: shown(path), problem };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const children: [unknown, string][] = Array.isArray(current)
      ? current.map((item, i) => [item, longer(path, `[${i}]`)])
      : Object.entries(current).map(([key, item]) => [item, path === root ? key : longer(path, `.${key}`)]);
    if (!Array.isArray(current)) {
      for (const key of Object.keys(current)) {
        const problem = rule(key);
        if (problem) return { field: shown(path === root ? key : longer(path, `.${key}`)), problem: `name ${problem}` };
      }
    }
    // Reversed, so that the first child is looked at first.
    for (let i = children.length - 1; i >= 0; i--) pending.push(children[i]);
  }
  return undefined;
}

/** A path grows no further than is shown. */
function longer(path: string, step: string): string {
  return path.length > MAX_FIELD ? path : `${path}${step}`;
}

function shown(path: string): string {
  const printable = path.replace(/\u0000/g, '\ufffd').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');
  return printable.length > MAX_FIELD ? `${printable.slice(0, MAX_FIELD)}…` : printable;
}

/**
 * What must never reach a terminal or a log collector raw from a logged string. JSON escapes C0
 * (U+0000–U+001F) but not DEL (U+007F), the C1 controls (U+0080–U+009F: U+009B is a CSI, which starts a
 * terminal escape sequence on its own), lone surrogates (pino writes short strings without JSON.stringify)
 * nor the Unicode line separators and bidirectional overrides that make a line read differently than it is.
 */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

const escape = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * One finished JSON log line (ending in a line feed) with every unsafe character written as a JSON
 * `\uXXXX` escape: the line stays valid JSON with the same values, and only its final line feed ends it.
 */
export function escapeControlCharacters(line: string): string {
  const body = line.endsWith('\n') ? line.slice(0, -1) : line;
  if (!UNSAFE.test(body)) return line;
  return body.replace(UNSAFE_ALL, escape) + (body.length < line.length ? '\n' : '');
}

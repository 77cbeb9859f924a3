import { CONTROL_CHARACTERS, hasControlCharacter } from './text';

describe('hasControlCharacter', () => {
  it.each([
    ['NUL', '\u0000'],
    ['TAB', '\t'],
    ['LF', '\n'],
    ['CR', '\r'],
    ['ESC', '\u001b'],
    ['US (last C0)', '\u001f'],
    ['DEL', '\u007f'],
    ['first C1', '\u0080'],
    ['NEL', '\u0085'],
    ['last C1', '\u009f'],
  ])('finds %s anywhere in the text', (_name, ch) => {
    expect(hasControlCharacter(ch)).toBe(true);
    expect(hasControlCharacter(`ab${ch}cd`)).toBe(true);
    expect(hasControlCharacter(`abcd${ch}`)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['ASCII', 'Ada Lovelace <ada@example.com> +49 (0)30 1234-5678 ~'],
    ['space, the first printable character', ' '],
    ['NBSP, the first character after C1', '\u00a0'],
    ['letters beyond Latin-1', 'Zoë 王小明 Ωμέγα'],
    ['an emoji (surrogate pair)', 'camera 📷'],
    ['a base62 token', 'aZ09'.repeat(8)],
  ])('accepts %s', (_name, text) => {
    expect(hasControlCharacter(text)).toBe(false);
  });

  it('is not stateful (no global flag: repeated tests give the same answer)', () => {
    expect(CONTROL_CHARACTERS.global).toBe(false);
    expect([1, 2, 3].map(() => hasControlCharacter('a\u0000'))).toEqual([true, true, true]);
  });
});

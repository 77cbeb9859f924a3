import { escapeLikeWildcards } from './like-pattern';

describe('escapeLikeWildcards', () => {
  it('escapes %, _ and the backslash, and leaves everything else as it is', () => {
    expect(escapeLikeWildcards('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(escapeLikeWildcards('Acme Cams 3')).toBe('Acme Cams 3');
  });
});

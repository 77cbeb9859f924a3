import { OpenedSecrets } from './opened-secrets';

describe('OpenedSecrets', () => {
  it('answers a ciphertext only under the context it was opened under', () => {
    const opened = new OpenedSecrets(10);
    opened.remember('v2.k.iv.tag.data', 'owner-a', 'secret-a');
    expect(opened.get('v2.k.iv.tag.data', 'owner-a')).toBe('secret-a');
    expect(opened.get('v2.k.iv.tag.data', 'owner-b')).toBeUndefined();
    expect(opened.get('v2.k.iv.tag.other', 'owner-a')).toBeUndefined();
  });

  it('keeps at most its capacity, forgetting the oldest generation first, and keeps again what is still asked for', () => {
    const opened = new OpenedSecrets(4);
    for (const n of [1, 2]) opened.remember(`c${n}`, 'x', `p${n}`);
    // c1 and c2 fill the young generation: c3 starts a new one, c1 and c2 are now the old one.
    opened.remember('c3', 'x', 'p3');
    expect(opened.get('c1', 'x')).toBe('p1'); // found in the old generation: kept again in the young one
    opened.remember('c4', 'x', 'p4'); // the young generation (c3, c1) is full: c2 is forgotten
    expect(opened.size).toBeLessThanOrEqual(4);
    expect(opened.get('c2', 'x')).toBeUndefined();
    expect(opened.get('c1', 'x')).toBe('p1');
    expect(opened.get('c3', 'x')).toBe('p3');
    expect(opened.get('c4', 'x')).toBe('p4');
    for (let n = 5; n < 1000; n++) opened.remember(`c${n}`, 'x', `p${n}`);
    expect(opened.size).toBeLessThanOrEqual(4);
  });

  it('refuses a capacity that cannot hold two generations', () => {
    expect(() => new OpenedSecrets(1)).toThrow(/at least 2/);
    expect(() => new OpenedSecrets(2.5)).toThrow(/at least 2/);
  });
});

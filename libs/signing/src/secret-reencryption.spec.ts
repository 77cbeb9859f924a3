import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';
import { SECRET_KEY_PREFIX_LENGTH, type StaleSecretRows, reencryptStaleSecrets, secretKeyPrefixOf } from './secret-reencryption';

interface Row {
  id: number;
  owner: string;
  ciphertext: string;
}

/** An in-memory table with the same contract as the services' repositories. */
function table(box: SecretBox, rows: Row[], onReplace?: (row: Row) => void): StaleSecretRows<Row> & { rows: Row[] } {
  return {
    rows,
    stale: async (after, limit) => rows.filter((r) => r.id > (after?.id ?? 0) && box.isStale(r.ciphertext)).slice(0, limit).map((r) => ({ ...r })),
    reencrypt: (row) => ({ ...row, ciphertext: box.reencrypt(row.ciphertext, row.owner) }),
    replace: async (read, reencrypted) => {
      onReplace?.(read);
      const stored = rows.find((r) => r.id === read.id);
      if (!stored || stored.ciphertext !== read.ciphertext) return false;
      stored.ciphertext = reencrypted.ciphertext;
      return true;
    },
  };
}

describe('reencryptStaleSecrets', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const strayKey = randomBytes(32);
  const before = new SecretBox(oldKey);
  const rotated = new SecretBox(newKey, [oldKey]);

  it('moves every row under an old key to the current key, in batches, and leaves current rows alone', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, owner: `o${i}`, ciphertext: (i === 3 ? rotated : before).encrypt(`secret-${i}`, `o${i}`) }));
    const untouched = rows[3].ciphertext;
    const t = table(rotated, rows);
    expect(await reencryptStaleSecrets(t, { batchSize: 2 })).toEqual({ reencrypted: 6, unreadable: 0, changedMeanwhile: 0 });
    expect(rows[3].ciphertext).toBe(untouched);
    const onlyNew = new SecretBox(newKey);
    rows.forEach((r, i) => expect(onlyNew.decrypt(r.ciphertext, r.owner)).toBe(`secret-${i}`));
  });

  it('counts rows under a key it was not given and keeps going past them', async () => {
    const rows = [
      { id: 1, owner: 'a', ciphertext: new SecretBox(strayKey).encrypt('x', 'a') },
      { id: 2, owner: 'b', ciphertext: before.encrypt('y', 'b') },
    ];
    const stray = rows[0].ciphertext;
    expect(await reencryptStaleSecrets(table(rotated, rows), { batchSize: 1 })).toEqual({ reencrypted: 1, unreadable: 1, changedMeanwhile: 0 });
    expect(rows[0].ciphertext).toBe(stray);
  });

  it('leaves a row that changed between read and write (another replica, a rotation) as the other writer left it', async () => {
    const rows = [{ id: 1, owner: 'a', ciphertext: before.encrypt('x', 'a') }];
    const t = table(rotated, rows, () => (rows[0].ciphertext = rotated.encrypt('rotated-meanwhile', 'a')));
    expect(await reencryptStaleSecrets(t)).toEqual({ reencrypted: 0, unreadable: 0, changedMeanwhile: 1 });
    expect(rotated.decrypt(rows[0].ciphertext, 'a')).toBe('rotated-meanwhile');
  });

  it('stops between batches when asked', async () => {
    const rows = Array.from({ length: 4 }, (_, i) => ({ id: i + 1, owner: 'o', ciphertext: before.encrypt('s', 'o') }));
    let batches = 0;
    const t = table(rotated, rows);
    const stale = t.stale;
    t.stale = (after, limit) => (batches++, stale(after, limit));
    await reencryptStaleSecrets(t, { batchSize: 1, stopped: () => batches >= 2 });
    expect(batches).toBe(2);
    expect(rows.filter((r) => rotated.isStale(r.ciphertext))).toHaveLength(2);
  });
});

describe('secret key prefixes (SK5)', () => {
  it('are what SecretBox names its current key with, the first 12 characters of its ciphertexts', () => {
    const box = new SecretBox(randomBytes(32));
    expect(box.currentPrefix).toHaveLength(SECRET_KEY_PREFIX_LENGTH);
    expect(secretKeyPrefixOf(box.encrypt('secret', 'owner'))).toBe(box.currentPrefix);
    expect(secretKeyPrefixOf('plain')).toBe('plain');
  });
});

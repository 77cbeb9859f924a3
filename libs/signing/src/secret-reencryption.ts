/**
 * After SECRETS_KEY is rotated (the old key moved to SECRETS_KEY_PREVIOUS), every service that stores
 * SecretBox ciphertexts walks its rows once at start and re-encrypts those still under an old key
 * (docs/decisions.md SK2). Replicas may walk at the same time: each write is a compare-and-set on the
 * ciphertext it read, so a row changed meanwhile (by a rotation, an update, another replica) is left alone.
 */
/**
 * Characters of a stored ciphertext that name its key: `v2.` + the 8-character key id + `.` — SecretBox's
 * `currentPrefix`. A `v1.…` ciphertext or a plain value differs from every current prefix in them. Services index
 * `left(<ciphertext>, 12)` to find the rows not under the current key (SK5).
 */
export const SECRET_KEY_PREFIX_LENGTH = 12;

/** The first SECRET_KEY_PREFIX_LENGTH characters of a stored ciphertext, as SQL's `left(…, 12)` reads them. */
export function secretKeyPrefixOf(ciphertext: string): string {
  return Array.from(ciphertext).slice(0, SECRET_KEY_PREFIX_LENGTH).join('');
}

export interface StaleSecretRows<Row extends { id: number }> {
  /**
   * Up to `limit` rows holding a ciphertext the box calls stale, in the order the table's index keeps them,
   * after `after` (the last row of the previous batch as it was read; undefined: from the start). Services
   * walk an index on the ciphertext's key prefix (SK5), so "none left" is an index probe, not a table scan.
   */
  stale(after: Row | undefined, limit: number): Promise<Row[]>;
  /** The row's ciphertexts under the current key (throws when a ciphertext is under a key the box lacks). */
  reencrypt(row: Row): Row;
  /** Writes the re-encrypted row only where it still holds what `stale` read; false when it changed meanwhile. */
  replace(read: Row, reencrypted: Row): Promise<boolean>;
}

export interface ReencryptionOutcome {
  reencrypted: number;
  /** Rows under a key neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS holds: they stay as they are. */
  unreadable: number;
  /** Rows another writer changed between the read and the write. */
  changedMeanwhile: number;
}

export async function reencryptStaleSecrets<Row extends { id: number }>(
  rows: StaleSecretRows<Row>,
  opts: { batchSize?: number; stopped?: () => boolean } = {},
): Promise<ReencryptionOutcome> {
  const batchSize = opts.batchSize ?? 200;
  const outcome: ReencryptionOutcome = { reencrypted: 0, unreadable: 0, changedMeanwhile: 0 };
  let after: Row | undefined;
  while (!opts.stopped?.()) {
    const batch = await rows.stale(after, batchSize);
    for (const row of batch) {
      let reencrypted: Row;
      try {
        reencrypted = rows.reencrypt(row);
      } catch {
        outcome.unreadable++;
        continue;
      }
      if (await rows.replace(row, reencrypted)) outcome.reencrypted++;
      else outcome.changedMeanwhile++;
    }
    if (batch.length < batchSize) break;
    after = batch[batch.length - 1];
  }
  return outcome;
}

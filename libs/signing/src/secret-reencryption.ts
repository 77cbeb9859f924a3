/**
 * After SECRETS_KEY is rotated (the old key moved to SECRETS_KEY_PREVIOUS), every service that stores
 * SecretBox ciphertexts walks its rows once at start and re-encrypts those still under an old key
 * (docs/decisions.md SK2). Replicas may walk at the same time: each write is a compare-and-set on the
 * ciphertext it read, so a row changed meanwhile (by a rotation, an update, another replica) is left alone.
 */
export interface StaleSecretRows<Row extends { id: number }> {
  /** Up to `limit` rows with id > `afterId`, ascending, holding a ciphertext the box calls stale. */
  stale(afterId: number, limit: number): Promise<Row[]>;
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
  let afterId = 0;
  while (!opts.stopped?.()) {
    const batch = await rows.stale(afterId, batchSize);
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
    afterId = batch[batch.length - 1].id;
  }
  return outcome;
}

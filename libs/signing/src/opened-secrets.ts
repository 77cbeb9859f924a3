/**
 * The plaintexts one SecretBox has already opened, by ciphertext (docs/decisions.md SK6). AES-GCM decryption is
 * a function of the key, the ciphertext (IV, tag and data) and the additional data: as long as the box's keys
 * do not change — they are fixed when it is made — a ciphertext opened once under a context opens to the same
 * plaintext every time, so a listing that returns the same rows call after call need not decrypt them again.
 *
 * Only what the box opened successfully is kept, with the context it was opened under: the same ciphertext
 * asked under another context is not found here and fails in the box as before. Each box has its own (the box
 * makes it; it cannot be shared), so a box never answers from what a box with other keys opened.
 *
 * Bounded in entries, in two generations: new entries go to the young one; when it is full it becomes the
 * old one and the previous old one is dropped; an entry found in the old generation is kept again in the young
 * one. O(1) per look-up and no reordering on a hit, at the price of forgetting up to half the entries at once.
 */
interface Opened {
  context: string;
  plaintext: string;
}

export class OpenedSecrets {
  private young = new Map<string, Opened>();
  private old = new Map<string, Opened>();
  private readonly generation: number;

  /** `capacity`: the most entries kept at once (both generations). */
  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 2) throw new Error('OpenedSecrets needs a capacity of at least 2 entries');
    this.generation = Math.floor(capacity / 2);
  }

  /** The plaintext `ciphertext` opened to under `context`, or undefined when it was not opened under it (or is forgotten). */
  get(ciphertext: string, context: string): string | undefined {
    let opened = this.young.get(ciphertext);
    if (opened === undefined) {
      opened = this.old.get(ciphertext);
      if (opened === undefined) return undefined;
      this.keep(ciphertext, opened);
    }
    return opened.context === context ? opened.plaintext : undefined;
  }

  /** Keeps what the box just opened. */
  remember(ciphertext: string, context: string, plaintext: string): void {
    this.keep(ciphertext, { context, plaintext });
  }

  /** Entries kept now (both generations; an entry found in the old generation counts twice until it is dropped). */
  get size(): number {
    return this.young.size + this.old.size;
  }

  private keep(ciphertext: string, opened: Opened): void {
    if (this.young.size >= this.generation) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(ciphertext, opened);
  }
}

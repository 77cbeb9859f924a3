/**
 * Where one durable consumer stands in the embedded log: everything up to `floor` is finished, `done` holds
 * finished sequences above it, `pending` the delivery count and next attempt time of messages that failed.
 * With a data folder it is saved (atomically) after every change, so a restart resumes exactly there.
 */
import { join } from 'node:path';
import { readTextIfExists, replaceFile } from './files';
import { SerialQueue } from './serial';

interface PendingDelivery {
  deliveries: number;
  /** Epoch ms before which the message is not delivered again. */
  retryAt: number;
}

interface CursorState {
  floor: number;
  done: number[];
  pending: Record<string, PendingDelivery>;
}

export class DurableCursor {
  private floor = 0;
  private readonly done = new Set<number>();
  private readonly pending = new Map<number, PendingDelivery>();
  private readonly writes = new SerialQueue();

  private constructor(private readonly file: string | undefined) {}

  static async open(dataDir: string | undefined, durable: string): Promise<DurableCursor> {
    const cursor = new DurableCursor(dataDir ? join(dataDir, 'consumers', `${durable}.json`) : undefined);
    const text = cursor.file ? await readTextIfExists(cursor.file) : undefined;
    if (text !== undefined) {
      const state = JSON.parse(text) as CursorState;
      cursor.floor = state.floor;
      for (const seq of state.done) cursor.done.add(seq);
      for (const [seq, p] of Object.entries(state.pending)) cursor.pending.set(Number(seq), p);
    }
    return cursor;
  }

  get position(): number {
    return this.floor;
  }

  isDone(seq: number): boolean {
    return seq <= this.floor || this.done.has(seq);
  }

  deliveries(seq: number): number {
    return this.pending.get(seq)?.deliveries ?? 0;
  }

  retryAt(seq: number): number {
    return this.pending.get(seq)?.retryAt ?? 0;
  }

  /** Counts a delivery before the handler runs (a crash mid-handler still counts, as in JetStream). */
  async startDelivery(seq: number): Promise<number> {
    const deliveries = this.deliveries(seq) + 1;
    this.pending.set(seq, { deliveries, retryAt: 0 });
    await this.save();
    return deliveries;
  }

  async retryLater(seq: number, retryAt: number): Promise<void> {
    this.pending.set(seq, { deliveries: this.deliveries(seq), retryAt });
    await this.save();
  }

  /** Acked, terminated, or not for this consumer. `firstSeq` lets the floor jump over pruned entries. */
  async finish(seqs: number[], firstSeq: number): Promise<void> {
    if (seqs.length === 0) return;
    for (const seq of seqs) {
      this.done.add(seq);
      this.pending.delete(seq);
    }
    if (this.floor < firstSeq - 1) this.floor = firstSeq - 1;
    while (this.done.has(this.floor + 1)) this.done.delete(++this.floor);
    for (const seq of this.done) if (seq <= this.floor) this.done.delete(seq);
    await this.save();
  }

  flush(): Promise<void> {
    return this.writes.idle();
  }

  private save(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    const state: CursorState = { floor: this.floor, done: [...this.done], pending: Object.fromEntries(this.pending) };
    return this.writes.run(() => replaceFile(file, JSON.stringify(state)));
  }
}

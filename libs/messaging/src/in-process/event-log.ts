/**
 * The embedded event stream: an ordered log of envelopes with sequence numbers, deduplicated by envelope id,
 * kept EVENT_RETENTION_MS. With a file it is an append-only JSON-lines log (one entry per line; a `base` line
 * keeps the sequence counter when old entries were pruned); without one it lives in memory only.
 */
import { join } from 'node:path';
import type { BusLogger } from '../api';
import { EVENT_RETENTION_MS } from '../defaults';
import { appendToFile, readTextIfExists, replaceFile } from './files';
import { SerialQueue } from './serial';

export interface LogEntry {
  seq: number;
  subject: string;
  /** The envelope as JSON (every delivery hands out a fresh copy). */
  body: unknown;
  storedAt: number;
}

type Listener = (entry: LogEntry) => void;

export class EventLog {
  private readonly entries: LogEntry[] = [];
  private readonly seqById = new Map<string, number>();
  private readonly idBySeq = new Map<number, string>();
  private readonly listeners = new Set<Listener>();
  private readonly writes = new SerialQueue();
  private lastSeq = 0;

  private constructor(
    private readonly file: string | undefined,
    private readonly retentionMs: number,
  ) {}

  static async open(dataDir: string | undefined, logger: BusLogger, retentionMs = EVENT_RETENTION_MS): Promise<EventLog> {
    const log = new EventLog(dataDir ? join(dataDir, 'events.log') : undefined, retentionMs);
    if (log.file) await log.load(log.file, logger);
    return log;
  }

  /** Appends unless an entry with the same id is stored; resolves once the entry is on disk. */
  append(id: string, subject: string, body: unknown): Promise<LogEntry | undefined> {
    return this.writes.run(async () => {
      if (this.seqById.has(id)) return undefined;
      const entry: LogEntry = { seq: this.lastSeq + 1, subject, body, storedAt: Date.now() };
      if (this.file) await appendToFile(this.file, JSON.stringify(entry) + '\n');
      this.lastSeq = entry.seq;
      this.add(id, entry);
      this.pruneExpired();
      for (const l of this.listeners) l(entry);
      return entry;
    });
  }

  /** Entries with a sequence above `seq`, in order. */
  *after(seq: number): Iterable<LogEntry> {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.entries[mid].seq <= seq) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.entries.length; i++) yield this.entries[i];
  }

  /** Sequence of the oldest retained entry (lastSeq + 1 when empty). */
  get firstSeq(): number {
    return this.entries[0]?.seq ?? this.lastSeq + 1;
  }

  onAppend(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.writes.idle();
  }

  private add(id: string, entry: LogEntry): void {
    this.entries.push(entry);
    this.seqById.set(id, entry.seq);
    this.idBySeq.set(entry.seq, id);
  }

  private pruneExpired(): number {
    const cutoff = Date.now() - this.retentionMs;
    let pruned = 0;
    while (this.entries.length > 0 && this.entries[0].storedAt < cutoff) {
      const old = this.entries.shift() as LogEntry;
      const id = this.idBySeq.get(old.seq);
      this.idBySeq.delete(old.seq);
      if (id !== undefined) this.seqById.delete(id);
      pruned++;
    }
    return pruned;
  }

  private async load(file: string, logger: BusLogger): Promise<void> {
    const text = await readTextIfExists(file);
    if (text === undefined) return;
    let damaged = 0;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        const rec = JSON.parse(line) as Partial<LogEntry> & { base?: number };
        if (typeof rec.base === 'number') {
          this.lastSeq = Math.max(this.lastSeq, rec.base);
          continue;
        }
        const id = (rec.body as { id?: unknown } | undefined)?.id;
        if (typeof rec.seq !== 'number' || typeof rec.subject !== 'string' || typeof rec.storedAt !== 'number' || typeof id !== 'string') throw new Error('not a log entry');
        this.add(id, { seq: rec.seq, subject: rec.subject, body: rec.body, storedAt: rec.storedAt });
        this.lastSeq = Math.max(this.lastSeq, rec.seq);
      } catch {
        // A torn last line after a crash (the publish was never acknowledged) or a damaged line: skipped.
        damaged++;
      }
    }
    if (damaged > 0) logger.warn(`event log ${file}: skipped ${damaged} unreadable line(s)`);
    if (this.pruneExpired() > 0 || damaged > 0) await this.compact(file);
  }

  /** Rewrites the log with only the retained entries, keeping the sequence counter in a `base` line. */
  private async compact(file: string): Promise<void> {
    const lines = [JSON.stringify({ base: this.lastSeq }), ...this.entries.map((e) => JSON.stringify(e))];
    await replaceFile(file, lines.join('\n') + '\n');
  }
}

/**
 * One in-process bus: the RPC registry, the event log and the durable cursors. Buses created with the same
 * busId (or the same dataDir) in one process share a hub — that is how apps/platform runs every service
 * in one process — and the hub closes when the last of them closes.
 */
import { resolve } from 'node:path';
import type { BusLogger } from '../api';
import { DurableCursor } from './durable-cursor';
import { EventLog } from './event-log';
import { InProcessRpcRegistry } from './rpc';

export class InProcessHub {
  readonly rpc = new InProcessRpcRegistry();
  private readonly cursors = new Map<string, Promise<DurableCursor>>();
  private readonly activeDurables = new Set<string>();

  private constructor(
    readonly log: EventLog,
    readonly dataDir: string | undefined,
  ) {}

  static async open(dataDir: string | undefined, logger: BusLogger): Promise<InProcessHub> {
    return new InProcessHub(await EventLog.open(dataDir, logger), dataDir);
  }

  /** The durable's cursor, kept for the hub's lifetime so a restarted consumer resumes where it stopped. */
  async claimDurable(durable: string): Promise<{ cursor: DurableCursor; release: () => void }> {
    if (this.activeDurables.has(durable)) throw new Error(`durable consumer ${durable} is already running on this bus`);
    this.activeDurables.add(durable);
    try {
      let cursor = this.cursors.get(durable);
      if (!cursor) {
        cursor = DurableCursor.open(this.dataDir, durable);
        this.cursors.set(durable, cursor);
      }
      return { cursor: await cursor, release: () => this.activeDurables.delete(durable) };
    } catch (err) {
      this.activeDurables.delete(durable);
      this.cursors.delete(durable);
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.log.close();
    await Promise.all([...this.cursors.values()].map(async (c) => (await c).flush()));
  }
}

interface SharedHub {
  hub: Promise<InProcessHub>;
  dataDir: string | undefined;
  refs: number;
}

const shared = new Map<string, SharedHub>();

/** A hub for one bus: shared by busId (or by data folder), private otherwise. Call release() on close. */
export async function acquireHub(busId: string | undefined, dataDir: string | undefined, logger: BusLogger): Promise<{ hub: InProcessHub; release: () => Promise<void> }> {
  const dir = dataDir === undefined ? undefined : resolve(dataDir);
  const key = busId !== undefined ? `bus:${busId}` : dir !== undefined ? `dir:${dir}` : undefined;
  if (key === undefined) {
    const hub = await InProcessHub.open(undefined, logger);
    return { hub, release: () => hub.close() };
  }
  let entry = shared.get(key);
  if (entry && entry.dataDir !== dir) throw new Error(`in-process bus ${busId} is already open with data folder ${entry.dataDir ?? '(memory)'}`);
  if (!entry) {
    entry = { hub: InProcessHub.open(dir, logger), dataDir: dir, refs: 0 };
    shared.set(key, entry);
    entry.hub.catch(() => shared.delete(key));
  }
  entry.refs++;
  const current = entry;
  const hub = await current.hub;
  let released = false;
  return {
    hub,
    release: async () => {
      if (released) return;
      released = true;
      if (--current.refs > 0) return;
      shared.delete(key);
      await hub.close();
    },
  };
}

/**
 * The event stream: created when missing, updated when its mutable settings drifted from the code's
 * (subjects, retention, duplicate window, replica count). Storage type cannot change on a live stream; a
 * mismatch is reported, not "fixed" by deleting data. A NATS cluster changes a stream's replica count in
 * place (it copies the data to the new replicas or drops the extra ones); a single server refuses more
 * than one replica, and that error stops the start-up with the server's message.
 */
import { JetStreamApiCodes, JetStreamApiError, RetentionPolicy, StorageType, type JetStreamManager, type StreamInfo } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { BusLogger } from '../api';
import { DUPLICATE_WINDOW_MS, EVENT_RETENTION_MS } from '../defaults';

export interface StreamSettings {
  name: string;
  subjects: string[];
  /** JetStream num_replicas; default 1. */
  replicas?: number;
}

export function isNotFound(err: unknown): boolean {
  return err instanceof JetStreamApiError && (err.code === JetStreamApiCodes.StreamNotFound || err.code === JetStreamApiCodes.ConsumerNotFound);
}

export async function ensureStream(jsm: JetStreamManager, settings: StreamSettings, logger: BusLogger): Promise<StreamInfo> {
  const wanted = { subjects: settings.subjects, max_age: nanos(EVENT_RETENTION_MS), duplicate_window: nanos(DUPLICATE_WINDOW_MS), num_replicas: settings.replicas ?? 1 };
  let info: StreamInfo;
  try {
    info = await jsm.streams.info(settings.name);
  } catch (err) {
    if (!isNotFound(err)) throw err;
    try {
      return await jsm.streams.add({ name: settings.name, storage: StorageType.File, retention: RetentionPolicy.Limits, ...wanted });
    } catch (addErr) {
      // Another replica created it at the same moment: use theirs.
      info = await jsm.streams.info(settings.name).catch(() => {
        throw addErr;
      });
    }
  }
  const cfg = info.config;
  if (cfg.storage !== StorageType.File) logger.warn(`stream ${settings.name} uses ${cfg.storage} storage, expected file`);
  const drifted =
    cfg.max_age !== wanted.max_age ||
    cfg.duplicate_window !== wanted.duplicate_window ||
    cfg.num_replicas !== wanted.num_replicas ||
    [...cfg.subjects].sort().join(',') !== [...wanted.subjects].sort().join(',');
  if (!drifted) return info;
  logger.info(`updating stream ${settings.name} to the expected subjects/retention/replicas (${cfg.num_replicas} → ${wanted.num_replicas} replicas)`);
  return jsm.streams.update(settings.name, { ...cfg, ...wanted });
}

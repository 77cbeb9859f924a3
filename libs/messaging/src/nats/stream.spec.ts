import { JetStreamApiCodes, JetStreamApiError, StorageType, type JetStreamManager, type StreamConfig, type StreamInfo } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { DUPLICATE_WINDOW_MS, EVENT_RETENTION_MS } from '../defaults';
import { ensureStream } from './stream';

const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn() };
const SUBJECTS = ['dcp.*.*.*.v1'];

/** A JetStreamManager that knows at most one stream, recording what is added or updated. */
function fakeManager(existing?: Partial<StreamConfig>) {
  const calls: { op: 'add' | 'update'; config: Partial<StreamConfig> }[] = [];
  let config = existing;
  const info = () => ({ config }) as unknown as StreamInfo;
  const jsm = {
    streams: {
      info: jest.fn(async () => {
        if (!config) throw new JetStreamApiError({ code: 404, err_code: JetStreamApiCodes.StreamNotFound, description: 'stream not found' });
        return info();
      }),
      add: jest.fn(async (c: Partial<StreamConfig>) => {
        calls.push({ op: 'add', config: c });
        config = c;
        return info();
      }),
      update: jest.fn(async (_name: string, c: Partial<StreamConfig>) => {
        calls.push({ op: 'update', config: c });
        config = c;
        return info();
      }),
    },
  } as unknown as JetStreamManager;
  return { jsm, calls };
}

const current = (replicas: number): Partial<StreamConfig> => ({
  name: 'S',
  subjects: SUBJECTS,
  storage: StorageType.File,
  max_age: nanos(EVENT_RETENTION_MS),
  duplicate_window: nanos(DUPLICATE_WINDOW_MS),
  num_replicas: replicas,
});

describe('ensureStream replicas', () => {
  it('creates a missing stream with the configured number of replicas', async () => {
    const { jsm, calls } = fakeManager();
    await ensureStream(jsm, { name: 'S', subjects: SUBJECTS, replicas: 3 }, logger);
    expect(calls).toEqual([{ op: 'add', config: expect.objectContaining({ num_replicas: 3, storage: StorageType.File }) }]);
  });

  it('creates it with one replica when none is configured', async () => {
    const { jsm, calls } = fakeManager();
    await ensureStream(jsm, { name: 'S', subjects: SUBJECTS }, logger);
    expect(calls[0].config.num_replicas).toBe(1);
  });

  it('updates an existing stream whose replica count differs, keeping its other settings', async () => {
    const { jsm, calls } = fakeManager({ ...current(1), max_msgs: 42 } as Partial<StreamConfig>);
    await ensureStream(jsm, { name: 'S', subjects: SUBJECTS, replicas: 3 }, logger);
    expect(calls).toEqual([{ op: 'update', config: expect.objectContaining({ num_replicas: 3, max_msgs: 42 }) }]);
  });

  it('leaves a stream that already matches alone', async () => {
    const { jsm, calls } = fakeManager(current(3));
    await ensureStream(jsm, { name: 'S', subjects: SUBJECTS, replicas: 3 }, logger);
    expect(calls).toEqual([]);
  });
});

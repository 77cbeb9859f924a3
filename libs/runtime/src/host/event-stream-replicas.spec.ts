import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/config';
import { busConfigFor } from './create-runtime';

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'dcp-replicas-')) });
const distributed = { DATABASE_URL: 'postgresql://dcp:pw@localhost:5432/dcp', NATS_URL: 'nats://localhost:4222' };

describe('EVENT_STREAM_REPLICAS', () => {
  it('defaults to one copy (a single NATS server)', () => {
    expect(loadConfig(base()).eventStreamReplicas).toBe(1);
  });

  it('takes 1 to 5 copies, the range JetStream allows', () => {
    expect(loadConfig({ ...base(), EVENT_STREAM_REPLICAS: '3' }).eventStreamReplicas).toBe(3);
    expect(loadConfig({ ...base(), EVENT_STREAM_REPLICAS: '5' }).eventStreamReplicas).toBe(5);
  });

  it.each(['0', '6', '2.5', 'three', '-1'])('refuses %s naming the variable', (raw) => {
    expect(() => loadConfig({ ...base(), EVENT_STREAM_REPLICAS: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), EVENT_STREAM_REPLICAS: raw })).toThrow(/EVENT_STREAM_REPLICAS/);
  });

  it('reaches the NATS bus configuration', () => {
    const bus = busConfigFor(loadConfig({ ...base(), ...distributed, EVENT_STREAM_REPLICAS: '3' }));
    expect(bus).toMatchObject({ kind: 'nats', streamReplicas: 3 });
  });
});

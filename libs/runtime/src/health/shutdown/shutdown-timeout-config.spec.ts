import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../config/config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'dcp-config-'));

describe('SHUTDOWN_TIMEOUT_MS (HS3)', () => {
  it('defaults to 25 s, below Kubernetes default grace period of 30 s', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).shutdownTimeoutMs).toBe(25_000);
  });

  it('takes 1000–600000 ms and names the variable otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_TIMEOUT_MS: '8000' }).shutdownTimeoutMs).toBe(8_000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_TIMEOUT_MS: '999' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SHUTDOWN_TIMEOUT_MS: '600001' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });
});

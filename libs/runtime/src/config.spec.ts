import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'dcp-config-'));
const KEY_A = 'a'.repeat(64);
const KEY_B = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('runs embedded with development defaults when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.mode).toBe('embedded');
    expect(config.adminToken).toBe('dev-admin-token');
    expect(config.secretsKey).toHaveLength(32);
    expect(config.secretsKeyPrevious).toEqual([]);
  });

  it('requires ADMIN_TOKEN and SECRETS_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SECRETS_KEY: KEY_A })).toThrow(/ADMIN_TOKEN/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), ADMIN_TOKEN: 't' })).toThrow(/SECRETS_KEY is required/);
  });

  it('reads SECRETS_KEY_PREVIOUS as comma-separated keys in hex or base64, ignoring blanks', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SECRETS_KEY: KEY_A, SECRETS_KEY_PREVIOUS: ` ${KEY_B} ,, ${'b'.repeat(64)} ` });
    expect(config.secretsKeyPrevious.map((k) => k.toString('hex'))).toEqual([Buffer.alloc(32, 7).toString('hex'), 'b'.repeat(64)]);
  });

  it('names SECRETS_KEY_PREVIOUS when one of its keys is not 32 bytes', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SECRETS_KEY: KEY_A, SECRETS_KEY_PREVIOUS: `${KEY_B},abcd` })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SECRETS_KEY: KEY_A, SECRETS_KEY_PREVIOUS: 'abcd' })).toThrow(/SECRETS_KEY_PREVIOUS must be 32 bytes/);
  });
});

import { loadConfig } from '@dcp/runtime';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startupBanner } from './banner';

describe('the start-up banner (decisions LG6)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-banner-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const up = { publicUrl: 'http://127.0.0.1:3000', adminUrl: 'http://127.0.0.1:3001', publicAddress: '127.0.0.1:3000', adminAddress: '127.0.0.1:3001', seconds: 2.46 };

  it('in development shows the addresses and the admin token when it is the development default', () => {
    const banner = startupBanner(loadConfig({ DATA_DIR: dataDir } as NodeJS.ProcessEnv), up)!;
    expect(banner).toContain('Device Cloud Platform is ready (embedded: data in');
    expect(banner).toContain('2.5 s after launch');
    expect(banner).toContain('  public API  http://127.0.0.1:3000   (/sso/*, /gateway, /stream, /health/ready, /metrics)');
    expect(banner).toContain('  API docs    http://127.0.0.1:3000/docs');
    expect(banner).toContain('  admin API   http://127.0.0.1:3001/admin/v1');
    expect(banner).toContain('  console     http://127.0.0.1:3001/console/');
    expect(banner).toContain('  admin token dev-admin-token   (the development default: set ADMIN_TOKEN or ADMIN_TOKENS to choose)');
    expect(banner).toContain('  listening   127.0.0.1:3000 and 127.0.0.1:3001: this machine only (HOST, ADMIN_HOST)');
  });

  it('says which port other hosts reach, and never shows the development token there (SDA1, SDA2)', () => {
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_HOST: '0.0.0.0', ADMIN_TOKEN: 'my-own-admin-token' } as NodeJS.ProcessEnv);
    const banner = startupBanner(config, { ...up, adminAddress: '0.0.0.0:3001' })!;
    expect(banner).toContain('  listening   127.0.0.1:3000 and 0.0.0.0:3001: 0.0.0.0:3001 reachable from other hosts (HOST, ADMIN_HOST)');
    expect(banner).not.toContain('dev-admin-token');
    expect(startupBanner(config, { ...up, publicAddress: '[::]:3000', adminAddress: '[::1]:3001' })).toContain('  listening   [::]:3000 and [::1]:3001: [::]:3000 reachable from other hosts');
  });

  it('never prints a token the operator set, even the same string', () => {
    for (const token of ['my-own-admin-token', 'dev-admin-token']) {
      const banner = startupBanner(loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN: token } as NodeJS.ProcessEnv), up)!;
      expect(banner).not.toContain(token);
      expect(banner).toContain('  admin token the one in ADMIN_TOKEN (not shown)');
    }
  });

  it('names the tokens of ADMIN_TOKENS with their roles, never their tokens', () => {
    const env = { DATA_DIR: dataDir, ADMIN_TOKEN: 'my-own-admin-token', ADMIN_TOKENS: 'alice:full:alice-secret-token,ci-bot:read-only:bot-secret-token' };
    const banner = startupBanner(loadConfig(env as NodeJS.ProcessEnv), up)!;
    expect(banner).toContain('  admin tokens admin (full), alice (full), ci-bot (read-only)   (from ADMIN_TOKEN / ADMIN_TOKENS, not shown)');
    for (const token of ['my-own-admin-token', 'alice-secret-token', 'bot-secret-token']) expect(banner).not.toContain(token);
  });

  it('is not printed in production: every line is JSON', () => {
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', ADMIN_TOKEN: 'p'.repeat(32), SECRETS_KEY: '00'.repeat(32) } as NodeJS.ProcessEnv);
    expect(startupBanner(config, up)).toBeUndefined();
  });
});

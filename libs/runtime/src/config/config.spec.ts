import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, requireAdminTokens } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'dcp-config-'));
const KEY_A = 'a'.repeat(64);
const KEY_B = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('connects to NATS without authentication unless NATS_USER and NATS_PASSWORD are set, with its own reply inboxes then', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).nats).toEqual({ user: undefined, password: undefined, inboxPrefix: undefined, tlsCaFile: undefined });
    const env = { DATA_DIR: dataDir(), NATS_USER: 'sso-service', NATS_PASSWORD: 'pw', NATS_TLS_CA_FILE: '/etc/nats-ca/ca.crt' };
    expect(loadConfig(env).nats).toEqual({ user: 'sso-service', password: 'pw', inboxPrefix: '_INBOX.sso-service', tlsCaFile: '/etc/nats-ca/ca.crt' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), NATS_USER: 'sso-service' })).toThrow(/NATS_USER and NATS_PASSWORD go together/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), NATS_PASSWORD: 'pw' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), NATS_USER: 'a.b', NATS_PASSWORD: 'pw' })).toThrow(/NATS_USER must be/);
  });

  it('runs embedded with development defaults when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.mode).toBe('embedded');
    expect(config.adminTokens).toEqual([{ name: 'admin', role: 'full', token: 'dev-admin-token' }]);
    expect(config.adminTokenIsDevDefault).toBe(true);
    expect(config.auditRetentionDays).toBe(365);
    expect(config.secretsKey).toHaveLength(32);
    expect(config.secretsKeyPrevious).toEqual([]);
  });

  it('requires SECRETS_KEY in production, and ADMIN_TOKEN of a process serving the admin API (SDA2)', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SECRETS_KEY: KEY_A });
    expect(config.adminTokens).toEqual([]);
    expect(() => requireAdminTokens(config, { devDefaultAllowed: true })).toThrow(/ADMIN_TOKEN is required when NODE_ENV=production/);
    // Only a process that uses the key needs it (k8s gives it to those alone): reading it is what fails, and a
    // service whose module reads it at start stops there (bootstrapService: ConfigError, exit 2).
    const dir = dataDir();
    const keyless = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, ADMIN_TOKEN: 't'.repeat(32) });
    expect(() => keyless.secretsKey).toThrow(ConfigError);
    expect(() => keyless.secretsKey).toThrow(/SECRETS_KEY is required/);
    // and no development key was written in its place
    expect(existsSync(join(dir, 'secrets.key'))).toBe(false);
  });

  it('reads SECRETS_KEY_PREVIOUS as comma-separated keys in hex or base64, ignoring blanks', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SECRETS_KEY: KEY_A, SECRETS_KEY_PREVIOUS: ` ${KEY_B} ,, ${'b'.repeat(64)} ` });
    expect(config.secretsKeyPrevious.map((k) => k.toString('hex'))).toEqual([Buffer.alloc(32, 7).toString('hex'), 'b'.repeat(64)]);
  });

  it('names SECRETS_KEY_PREVIOUS when one of its keys is not 32 bytes', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SECRETS_KEY: KEY_A, SECRETS_KEY_PREVIOUS: `${KEY_B},abcd` })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SECRETS_KEY: KEY_A, SECRETS_KEY_PREVIOUS: 'abcd' })).toThrow(/SECRETS_KEY_PREVIOUS must be 32 bytes/);
  });

  describe('admin tokens (ADMIN_TOKEN, ADMIN_TOKENS)', () => {
    const ALICE = 'alice-token-0123456789abcdefghijkl';
    const BOT = 'ci-bot-token-0123456789abcdefghijk';
    const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env });
    const prod = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SECRETS_KEY: KEY_A, ...env });

    it('keeps ADMIN_TOKEN as one token named admin with full access', () => {
      const config = load({ ADMIN_TOKEN: 'chosen' });
      expect(config.adminTokens).toEqual([{ name: 'admin', role: 'full', token: 'chosen' }]);
      expect(config.adminTokenIsDevDefault).toBe(false);
    });

    it('parses name:role:token entries, white space around entries ignored, a token may hold colons', () => {
      const config = load({ ADMIN_TOKENS: ` alice:full:${ALICE} , ci-bot:read-only:${BOT}:x ` });
      expect(config.adminTokens).toEqual([
        { name: 'alice', role: 'full', token: ALICE },
        { name: 'ci-bot', role: 'read-only', token: `${BOT}:x` },
      ]);
      expect(config.adminTokenIsDevDefault).toBe(false);
    });

    it('takes ADMIN_TOKEN and ADMIN_TOKENS together, ADMIN_TOKEN first', () => {
      expect(load({ ADMIN_TOKEN: 'chosen', ADMIN_TOKENS: `ci-bot:read-only:${BOT}` }).adminTokens.map((t) => [t.name, t.role])).toEqual([
        ['admin', 'full'],
        ['ci-bot', 'read-only'],
      ]);
    });

    it('has no development default once ADMIN_TOKENS is set', () => {
      expect(load({ ADMIN_TOKENS: `ci-bot:read-only:${BOT}` }).adminTokens.map((t) => t.token)).toEqual([BOT]);
    });

    it('accepts ADMIN_TOKENS alone in production, and needs one of the two', () => {
      expect(prod({ ADMIN_TOKENS: `alice:full:${ALICE}` }).adminTokens.map((t) => t.name)).toEqual(['alice']);
      const required = (config: ReturnType<typeof prod>) => () => requireAdminTokens(config, { devDefaultAllowed: true });
      expect(required(prod({}))).toThrow('ADMIN_TOKEN is required when NODE_ENV=production, unless ADMIN_TOKENS names at least one token');
      expect(required(prod({ ADMIN_TOKENS: ' ' }))).toThrow(/ADMIN_TOKEN is required/);
    });

    it.each<[string, string, RegExp]>([
      ['an unknown role', `alice:admin:${ALICE}`, /^ADMIN_TOKENS entry 1: the role must be full or read-only \(entries are name:role:token\)$/],
      ['an empty name', `:full:${ALICE}`, /^ADMIN_TOKENS entry 1 has an empty name$/],
      ['a name with other characters', `al ice:full:${ALICE}`, /^ADMIN_TOKENS entry 1: the name must be 1–64 letters/],
      ['an empty token', 'alice:full:', /^ADMIN_TOKENS entry 1 has an empty token$/],
      ['a token with white space', `alice:full:${ALICE} x`, /^ADMIN_TOKENS entry 1: the token contains white space$/],
      ['an entry that is not name:role:token', `alice:full:${ALICE},${BOT}`, /^ADMIN_TOKENS entry 2 is not name:role:token$/],
      ['an empty entry (a trailing comma)', `alice:full:${ALICE},`, /^ADMIN_TOKENS entry 2 is empty/],
      ['a duplicate name', `alice:full:${ALICE},alice:read-only:${BOT}`, /^ADMIN_TOKENS entry 2: its name is already taken by ADMIN_TOKENS entry 1$/],
      ['a duplicate name in another letter case', `alice:full:${ALICE},Alice:read-only:${BOT}`, /^ADMIN_TOKENS entry 2: its name is already taken by ADMIN_TOKENS entry 1$/],
      ['a duplicate token', `alice:full:${ALICE},bob:read-only:${ALICE}`, /^ADMIN_TOKENS entry 2: the same token as ADMIN_TOKENS entry 1$/],
    ])('refuses %s, naming the entry (ConfigError)', (_case, value, message) => {
      const attempt = () => load({ ADMIN_TOKENS: value });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(message);
    });

    it('refuses a name or token ADMIN_TOKENS shares with ADMIN_TOKEN', () => {
      expect(() => load({ ADMIN_TOKEN: ALICE, ADMIN_TOKENS: `admin:read-only:${BOT}` })).toThrow('ADMIN_TOKENS entry 1: its name is already taken by ADMIN_TOKEN');
      expect(() => load({ ADMIN_TOKEN: ALICE, ADMIN_TOKENS: `alice:read-only:${ALICE}` })).toThrow('ADMIN_TOKENS entry 1: the same token as ADMIN_TOKEN');
    });

    it('refuses a token shorter than 32 characters, or the development default, in production only (SDA4)', () => {
      expect(() => prod({ ADMIN_TOKENS: `alice:full:${'x'.repeat(31)}` })).toThrow('ADMIN_TOKENS entry 1: the token must be at least 32 characters when NODE_ENV=production');
      expect(() => prod({ ADMIN_TOKENS: `alice:full:${ALICE},bob:full:dev-admin-token` })).toThrow('ADMIN_TOKENS entry 2: the development default token is refused when NODE_ENV=production');
      expect(() => prod({ ADMIN_TOKEN: 'x' })).toThrow('ADMIN_TOKEN: the token must be at least 32 characters when NODE_ENV=production');
      expect(() => prod({ ADMIN_TOKEN: 'dev-admin-token' })).toThrow('ADMIN_TOKEN: the development default token is refused when NODE_ENV=production');
      expect(() => prod({ ADMIN_TOKEN: 'x'.repeat(31) })).toThrow(ConfigError);
      expect(prod({ ADMIN_TOKENS: `alice:full:${'x'.repeat(32)}` }).adminTokens).toHaveLength(1);
      expect(prod({ ADMIN_TOKEN: 'y'.repeat(32) }).adminTokens).toEqual([{ name: 'admin', role: 'full', token: 'y'.repeat(32) }]);
      expect(load({ ADMIN_TOKENS: 'alice:full:short' }).adminTokens).toHaveLength(1);
      expect(load({ ADMIN_TOKEN: 'x' }).adminTokens).toHaveLength(1);
    });

    it('never puts a refused production token into a message', () => {
      const envs: Record<string, string>[] = [{ ADMIN_TOKEN: 'short-secret' }, { ADMIN_TOKENS: 'alice:full:short-secret' }];
      for (const env of envs) {
        expect(() => prod(env)).toThrow(ConfigError);
        try {
          prod(env);
        } catch (err) {
          expect((err as Error).message).not.toContain('short-secret');
        }
      }
    });

    it('never puts a token into a message', () => {
      const secret = 'do-not-print-me-0123456789';
      for (const value of [secret, `alice:root:${secret}`, `${secret}:alice:full`, `alice:${secret}:full`, `${secret}:full:alice,${secret}:full:bob`, `alice:full:${secret},bob:full:${secret}`, `x:full:${secret} y`]) {
        let message = '';
        try {
          load({ ADMIN_TOKENS: value });
        } catch (err) {
          message = (err as Error).message;
        }
        expect(message).not.toBe('');
        expect(message).not.toContain(secret);
        expect(message).not.toContain('do-not');
      }
    });
  });

  describe('where the ports listen and who may serve the development token (HOST, ADMIN_HOST; SDA1, SDA2)', () => {
    const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env });
    const distributed = { DATABASE_URL: 'postgresql://u@127.0.0.1:5432/dcp', NATS_URL: 'nats://127.0.0.1:4222' };

    it('listens on loopback unless told, and takes any IP address', () => {
      expect(load({})).toMatchObject({ host: '127.0.0.1', adminHost: '127.0.0.1' });
      expect(load({ HOST: '0.0.0.0', ADMIN_HOST: '::1' })).toMatchObject({ host: '0.0.0.0', adminHost: '::1' });
      expect(load({ HOST: '[::]', ADMIN_HOST: ' 10.1.2.3 ' })).toMatchObject({ host: '::', adminHost: '10.1.2.3' });
    });

    it.each(['localhost', 'example.com', '0.0.0.0:3000', '999.1.1.1'])('refuses HOST=%s: not an IP address', (value) => {
      expect(() => load({ HOST: value })).toThrow(/^HOST must be an IP address to listen on/);
      expect(() => load({ ADMIN_HOST: value })).toThrow(/^ADMIN_HOST must be an IP address to listen on/);
    });

    it('gives the development token only to the embedded platform with the admin port on loopback', () => {
      for (const adminHost of ['127.0.0.1', '127.0.0.2', '::1']) {
        const config = load({ ADMIN_HOST: adminHost });
        expect(config.adminTokens.map((t) => t.token)).toEqual(['dev-admin-token']);
        expect(config.adminTokenIsDevDefault).toBe(true);
        expect(() => requireAdminTokens(config, { devDefaultAllowed: true })).not.toThrow();
      }
    });

    it.each([
      ['distributed (gateway-edge or the platform on PostgreSQL + NATS)', distributed, true, /this process runs in distributed mode/],
      ['embedded with ADMIN_HOST=0.0.0.0', { ADMIN_HOST: '0.0.0.0' }, true, /ADMIN_HOST \(0\.0\.0\.0\) is not a loopback address/],
      ['embedded with ADMIN_HOST on another interface', { ADMIN_HOST: '192.168.1.20' }, true, /ADMIN_HOST \(192\.168\.1\.20\) is not a loopback address/],
      ['gateway-edge alone, even embedded on loopback', {}, false, /this process serves the admin API alone/],
    ])('refuses to serve the admin API without a token: %s', (_label, env, devDefaultAllowed, why) => {
      const config = load(env as Record<string, string>);
      const attempt = () => requireAdminTokens(config, { devDefaultAllowed });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/^ADMIN_TOKEN or ADMIN_TOKENS is required to serve the admin API/);
      expect(attempt).toThrow(why);
      expect(config.adminTokens.some((t) => t.token === 'dev-admin-token')).toBe(devDefaultAllowed ? false : true);
    });

    it('lets a process that serves no admin API (a standalone service) start without a token, in production too', () => {
      expect(load(distributed).adminTokens).toEqual([]);
      expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), SECRETS_KEY: KEY_A, ...distributed }).adminTokens).toEqual([]);
    });

    it('refuses the public development token set by hand wherever the default would not be given', () => {
      const cases: Array<[Record<string, string>, boolean]> = [
        [{ ...distributed, ADMIN_TOKEN: 'dev-admin-token' }, true],
        [{ ADMIN_HOST: '0.0.0.0', ADMIN_TOKEN: 'dev-admin-token' }, true],
        [{ ADMIN_TOKENS: 'ops:full:dev-admin-token' }, false],
      ];
      for (const [env, devDefaultAllowed] of cases) {
        const attempt = () => requireAdminTokens(load(env), { devDefaultAllowed });
        expect(attempt).toThrow(ConfigError);
        expect(attempt).toThrow(/is the public development token: it is accepted only by the embedded platform/);
      }
      // Where the default is given anyway, naming it changes nothing.
      expect(() => requireAdminTokens(load({ ADMIN_TOKEN: 'dev-admin-token' }), { devDefaultAllowed: true })).not.toThrow();
    });

    it('serves the admin API with a token the operator chose, anywhere', () => {
      const envs: Record<string, string>[] = [{ ...distributed, ADMIN_TOKEN: 'chosen' }, { ADMIN_HOST: '0.0.0.0', ADMIN_TOKENS: 'ops:full:chosen-token' }];
      for (const env of envs) {
        const config = load(env);
        expect(config.adminTokenIsDevDefault).toBe(false);
        expect(() => requireAdminTokens(config, { devDefaultAllowed: false })).not.toThrow();
      }
    });
  });

  describe('the admin port\'s Host names and guessing limit (ADMIN_ALLOWED_HOSTS, ADMIN_AUTH_*; SDA3, SDA5)', () => {
    const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env });

    it('reads ADMIN_ALLOWED_HOSTS as lower-cased names and *.domain patterns, blanks ignored', () => {
      expect(load({}).adminAllowedHosts).toEqual([]);
      expect(load({ ADMIN_ALLOWED_HOSTS: ' Gateway-Edge-Admin , *.Admin.Example.com.,, 10.0.0.7 ' }).adminAllowedHosts).toEqual(['gateway-edge-admin', '*.admin.example.com', '10.0.0.7']);
    });

    it.each(['*', 'admin.example.com:3001', 'http://admin.example.com', 'a b', '*.'])('refuses the ADMIN_ALLOWED_HOSTS entry %j, naming its position', (entry) => {
      expect(() => load({ ADMIN_ALLOWED_HOSTS: `ok.example,${entry}` })).toThrow(/^ADMIN_ALLOWED_HOSTS entry 2 must be a host name without port, or \*\.<domain>/);
    });

    it('limits 20 failed authentications per address and minute unless told', () => {
      expect(load({}).adminAuthLimits).toEqual({ failuresPerAddress: 20, windowMs: 60_000 });
      expect(load({ ADMIN_AUTH_FAILURES_PER_ADDRESS: '5', ADMIN_AUTH_FAILURE_WINDOW_MS: '300000' }).adminAuthLimits).toEqual({ failuresPerAddress: 5, windowMs: 300_000 });
      expect(() => load({ ADMIN_AUTH_FAILURES_PER_ADDRESS: '0' })).toThrow(/^ADMIN_AUTH_FAILURES_PER_ADDRESS must be an integer between 1 and/);
      expect(() => load({ ADMIN_AUTH_FAILURE_WINDOW_MS: '10' })).toThrow(/^ADMIN_AUTH_FAILURE_WINDOW_MS must be an integer between 1000 and/);
    });
  });

  it('reads AUDIT_RETENTION_DAYS (1 to 36500 days)', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS must be an integer between 1 and 36500/);
  });
});

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
    expect(config.adminTokens).toEqual([{ name: 'admin', role: 'full', token: 'dev-admin-token' }]);
    expect(config.adminTokenIsDevDefault).toBe(true);
    expect(config.auditRetentionDays).toBe(365);
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

  describe('admin tokens (ADMIN_TOKEN, ADMIN_TOKENS)', () => {
    const ALICE = 'alice-token-0123456789';
    const BOT = 'ci-bot-token-0123456789';
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
      expect(() => prod({})).toThrow('ADMIN_TOKEN is required when NODE_ENV=production, unless ADMIN_TOKENS names at least one token');
      expect(() => prod({ ADMIN_TOKENS: ' ' })).toThrow(/ADMIN_TOKEN is required/);
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

    it('refuses a token shorter than 16 characters in production only', () => {
      expect(() => prod({ ADMIN_TOKENS: 'alice:full:short-token' })).toThrow('ADMIN_TOKENS entry 1: the token must be at least 16 characters when NODE_ENV=production');
      expect(prod({ ADMIN_TOKENS: `alice:full:${'x'.repeat(16)}` }).adminTokens).toHaveLength(1);
      expect(load({ ADMIN_TOKENS: 'alice:full:short' }).adminTokens).toHaveLength(1);
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

  it('reads AUDIT_RETENTION_DAYS (1 to 36500 days)', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => loadConfig({ DATA_DIR: dataDir(), AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS must be an integer between 1 and 36500/);
  });
});

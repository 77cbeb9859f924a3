import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TRUST_PROXY, parseTrustProxy } from './abuse-limits-config';
import { ConfigError, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'dcp-limits-')), ...env });

describe('abuse-limit configuration (decisions AB)', () => {
  it('has defaults a real app never reaches, and a merchant timeout below the RPC timeout', () => {
    const config = load({});
    expect(config.rateLimits).toEqual({ perAddress: 6000, perClient: 60_000, windowMs: 60_000 });
    expect(config.merchantCalls).toEqual({ timeoutMs: 3000, maxConcurrent: 50, breakerFailures: 5, breakerResetMs: 30_000 });
    expect(config.merchantCalls.timeoutMs).toBeLessThan(config.rpcTimeoutMs);
    expect(config.httpTimeouts).toEqual({ requestMs: 30_000, headersMs: 10_000, keepAliveMs: 72_000, connectionMs: 60_000 });
    expect(config.trustProxy).toEqual(DEFAULT_TRUST_PROXY);
  });

  it('trusts no proxy unless TRUST_PROXY names one: not loopback, not the private networks (SDE2)', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  });

  it('reads every variable, 0 disabling a rate limit', () => {
    const config = load({
      RATE_LIMIT_PER_ADDRESS: '0',
      RATE_LIMIT_PER_CLIENT: '7',
      RATE_LIMIT_WINDOW_MS: '1000',
      MERCHANT_TIMEOUT_MS: '200',
      MERCHANT_MAX_CONCURRENT: '2',
      MERCHANT_BREAKER_FAILURES: '3',
      MERCHANT_BREAKER_RESET_MS: '500',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '3000',
      HTTP_CONNECTION_TIMEOUT_MS: '0',
      TRUST_PROXY: '10.0.0.0/8',
    });
    expect(config.rateLimits).toEqual({ perAddress: 0, perClient: 7, windowMs: 1000 });
    expect(config.merchantCalls).toEqual({ timeoutMs: 200, maxConcurrent: 2, breakerFailures: 3, breakerResetMs: 500 });
    expect(config.httpTimeouts).toEqual({ requestMs: 2000, headersMs: 1000, keepAliveMs: 3000, connectionMs: 0 });
    expect(config.trustProxy).toEqual(['10.0.0.0/8']);
  });

  it('refuses a merchant timeout that is not below the RPC timeout, naming both', () => {
    expect(() => load({ MERCHANT_TIMEOUT_MS: '5000' })).toThrow(new ConfigError('MERCHANT_TIMEOUT_MS (5000) must be below RPC_TIMEOUT_MS (5000)'));
    expect(() => load({ MERCHANT_TIMEOUT_MS: '2000', RPC_TIMEOUT_MS: '1000' })).toThrow(/MERCHANT_TIMEOUT_MS \(2000\) must be below RPC_TIMEOUT_MS \(1000\)/);
    expect(load({ MERCHANT_TIMEOUT_MS: '9000', RPC_TIMEOUT_MS: '10000' }).merchantCalls.timeoutMs).toBe(9000);
  });

  it('limits changing admin calls per token and per address, generously by default, 0 disabling one (SDB2)', () => {
    expect(load({}).adminChangeLimits).toEqual({ perToken: 300, perAddress: 600, windowMs: 60_000 });
    expect(load({ ADMIN_CHANGES_PER_TOKEN: '0', ADMIN_CHANGES_PER_ADDRESS: '5', ADMIN_CHANGES_WINDOW_MS: '1000' }).adminChangeLimits).toEqual({ perToken: 0, perAddress: 5, windowMs: 1000 });
    for (const [name, value] of [['ADMIN_CHANGES_PER_TOKEN', '-1'], ['ADMIN_CHANGES_PER_ADDRESS', 'lots'], ['ADMIN_CHANGES_WINDOW_MS', '0']]) {
      expect(() => load({ [name]: value })).toThrow(ConfigError);
      expect(() => load({ [name]: value })).toThrow(name);
    }
  });

  it('refuses a headers limit above the request limit', () => {
    expect(() => load({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '2000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS \(2000\) must not exceed HTTP_REQUEST_TIMEOUT_MS \(1000\)/);
    expect(load({ HTTP_REQUEST_TIMEOUT_MS: '0', HTTP_HEADERS_TIMEOUT_MS: '2000' }).httpTimeouts.headersMs).toBe(2000);
  });

  it.each([
    ['RATE_LIMIT_PER_ADDRESS', '-1'],
    ['RATE_LIMIT_PER_CLIENT', 'many'],
    ['RATE_LIMIT_WINDOW_MS', '0'],
    ['MERCHANT_TIMEOUT_MS', '1.5'],
    ['MERCHANT_MAX_CONCURRENT', '0'],
    ['MERCHANT_BREAKER_FAILURES', '0'],
    ['MERCHANT_BREAKER_RESET_MS', '10'],
    ['HTTP_REQUEST_TIMEOUT_MS', 'x'],
    ['HTTP_HEADERS_TIMEOUT_MS', '0'],
    ['HTTP_KEEP_ALIVE_TIMEOUT_MS', '0'],
    ['HTTP_CONNECTION_TIMEOUT_MS', '-5'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'loopback,proxy.example'],
  ])('names %s when it is %j', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(name);
  });
});

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['none', false],
    ['10.0.0.5, 10.1.0.0/16 ,,fd00::/8,loopback', ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'loopback']],
  ])('reads %j', (raw, value) => {
    expect(parseTrustProxy(raw)).toEqual({ value });
  });

  it('refuses trusting every peer, and hop counts (they trust whichever peer connects)', () => {
    expect(parseTrustProxy('true')).toEqual({ invalid: expect.stringMatching(/any client choose its address/) });
    expect(parseTrustProxy('2')).toEqual({ invalid: expect.stringMatching(/not a hop count/) });
  });
});

import { runWithCallContext } from '../call-context';
import { LogCapture } from './capture';
import { REDACTED } from './credentials';
import type { LogLevelName } from './levels';
import { configureLogging, contextLogger, createLogger } from './logger';

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

function capture(level: LogLevelName = 'trace') {
  const out = new LogCapture();
  return { out, log: createLogger({ level, service: 'spec-service', destination: out }) };
}

describe('the structured logger', () => {
  it('writes one JSON object per line: level name, ISO time, service, context, message', () => {
    const { out, log } = capture('info');
    log.child({ context: 'sso-merchants' }).info('merchant m1 registered');
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0].endsWith('\n')).toBe(true);
    expect(out.records()[0]).toMatchObject({ level: 'info', service: 'spec-service', context: 'sso-merchants', msg: 'merchant m1 registered', pid: process.pid });
    expect(new Date(String(out.records()[0].time)).toISOString()).toBe(out.records()[0].time);
  });

  it('honours its level: warn drops info and debug, silent drops everything', () => {
    const warn = capture('warn');
    warn.log.info('no');
    warn.log.debug('no');
    warn.log.warn('yes');
    warn.log.error('yes');
    expect(warn.out.records().map((r) => r.level)).toEqual(['warn', 'error']);
    const silent = capture('silent');
    silent.log.fatal('no');
    expect(silent.out.lines).toEqual([]);
  });

  describe('request id and trace id', () => {
    it('are on every line written while a call is served, and absent outside one', () => {
      const { out, log } = capture();
      runWithCallContext({ requestId: 'req-1', traceparent: TRACEPARENT }, () => log.child({ context: 'x' }).info('inside'));
      log.info('outside');
      const [inside, outside] = out.records();
      expect(inside).toMatchObject({ requestId: 'req-1', traceId: '0af7651916cd43dd8448eb211c80319c', msg: 'inside' });
      expect(outside).not.toHaveProperty('requestId');
      expect(outside).not.toHaveProperty('traceId');
    });

    it('follow the call across awaits', async () => {
      const { out, log } = capture();
      await runWithCallContext({ requestId: 'req-2' }, async () => {
        await new Promise((r) => setTimeout(r, 1));
        log.info('later');
      });
      expect(out.records()[0]).toMatchObject({ requestId: 'req-2', msg: 'later' });
    });

    it('are written once when the logger already carries the request id (Fastify request loggers)', () => {
      const { out, log } = capture();
      runWithCallContext({ requestId: 'req-3', traceparent: TRACEPARENT }, () => log.child({ requestId: 'req-3' }).info('bound'));
      expect(out.lines[0].match(/"requestId"/g)).toHaveLength(1);
      expect(out.records()[0]).toMatchObject({ requestId: 'req-3', traceId: '0af7651916cd43dd8448eb211c80319c' });
    });
  });

  describe('redaction', () => {
    const secrets = ['at-SECRET-1', 'rt-SECRET-2', 'cs-SECRET-3', 'dk-SECRET-4', 'pw-SECRET-5', 'sig-SECRET-6', 'st-SECRET-7', 'adm-SECRET-8', 'sign-SECRET-9'];
    const assertNoSecret = (out: LogCapture) => {
      for (const s of secrets) expect(out.text()).not.toContain(s);
    };

    it('masks credentials in a request URL (req serializer and url field)', () => {
      const { out, log } = capture();
      log.info({ req: { method: 'GET', url: '/gateway?service=s&accessToken=at-SECRET-1&openId=o' }, url: '/hls/M/index.m3u8?expires=1&sig=sig-SECRET-6' }, 'request');
      const [r] = out.records();
      expect(r.req).toMatchObject({ method: 'GET', url: `/gateway?service=s&accessToken=${REDACTED}&openId=o` });
      expect(r.url).toBe(`/hls/M/index.m3u8?expires=1&sig=${REDACTED}`);
      assertNoSecret(out);
    });

    it('masks credential fields of bodies and objects at any depth, keeping their names', () => {
      const { out, log } = capture();
      log.info({ body: { clientSecret: 'cs-SECRET-3', name: 'Acme' } }, 'created');
      log.info({ accessToken: 'at-SECRET-1', user: { refreshToken: 'rt-SECRET-2' }, a: { b: { delKey: 'dk-SECRET-4' } }, c: { d: { e: { f: { password: 'pw-SECRET-5' } } } } }, 'fields');
      log.warn({ detail: { reply: { data: { sessionToken: 'st-SECRET-7' } } } }, 'malformed reply');
      const [created, fields] = out.records();
      expect(created.body).toEqual({ clientSecret: REDACTED, name: 'Acme' });
      expect(fields).toMatchObject({ accessToken: REDACTED, user: { refreshToken: REDACTED }, a: { b: { delKey: REDACTED } } });
      assertNoSecret(out);
    });

    it('masks credential headers (authorization, cookie, sign)', () => {
      const { out, log } = capture();
      log.info({ headers: { authorization: 'Bearer adm-SECRET-8', sign: 'sign-SECRET-9', 'x-client-id': 'cid' } }, 'headers');
      expect(out.records()[0].headers).toEqual({ authorization: REDACTED, sign: REDACTED, 'x-client-id': 'cid' });
      assertNoSecret(out);
    });

    it('masks credentials in messages, error messages and stacks', () => {
      const { out, log } = capture();
      log.error(`request failed: GET /gateway?accessToken=at-SECRET-1 with authorization: Bearer adm-SECRET-8`);
      log.error('merchant said %s', '{"refreshToken":"rt-SECRET-2"}');
      const err = new Error('insert failed: {"password":"pw-SECRET-5"} sessionToken=st-SECRET-7');
      log.error({ err }, 'database error');
      log.error(new Error('clientSecret: cs-SECRET-3'));
      const records = out.records();
      expect(records[0].msg).toBe(`request failed: GET /gateway?accessToken=${REDACTED} with authorization: Bearer ${REDACTED}`);
      expect((records[2].err as { message: string; stack: string }).message).toBe(`insert failed: {"password":"${REDACTED}"} sessionToken=${REDACTED}`);
      expect((records[2].err as { stack: string }).stack).toContain(`sessionToken=${REDACTED}`);
      assertNoSecret(out);
    });
  });

  describe('control characters', () => {
    it('a NUL or a line feed in a logged value cannot forge a line', () => {
      const { out, log } = capture();
      const forged = 'IPC\u0000\n{"level":"info","msg":"forged"}';
      log.child({ context: 'firmware-latest' }).error({ machineTypeName: forged }, `firmware lookup of ${forged} failed`);
      expect(out.lines).toHaveLength(1);
      expect(out.lines[0].split('\n')).toEqual([expect.any(String), '']);
      const [r] = out.records();
      expect(r.machineTypeName).toBe(forged);
      expect(r.msg).toBe(`firmware lookup of ${forged} failed`);
    });

    it('DEL, C1 controls, lone surrogates and bidi overrides are written as JSON escapes (short and long strings)', () => {
      const { out, log } = capture();
      const nasty = 'a\u007fb\u009b31mc\u0085d\ud800e\udc00f\u202eg\u2028h';
      log.info({ field: nasty }, nasty);
      log.info({ long: nasty.repeat(20) });
      for (const line of out.lines) {
        expect(line.slice(0, -1)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/);
      }
      const [short, long] = out.records();
      expect(short.field).toBe(nasty);
      expect(short.msg).toBe(nasty);
      expect(long.long).toBe(nasty.repeat(20));
      expect(out.lines[0]).toContain('\\u009b');
    });

    it('keeps a valid surrogate pair (emoji) as it is', () => {
      const { out, log } = capture();
      log.info('camera 📷 online');
      expect(out.lines[0]).toContain('📷');
    });
  });

  it('contextLogger follows configureLogging', () => {
    const first = new LogCapture();
    const second = new LogCapture();
    configureLogging({ level: 'info', destination: first, service: 'one' });
    contextLogger('ctx').info('a');
    configureLogging({ level: 'info', destination: second, service: 'two' });
    contextLogger('ctx').info('b');
    expect(first.records()).toEqual([expect.objectContaining({ service: 'one', context: 'ctx', msg: 'a' })]);
    expect(second.records()).toEqual([expect.objectContaining({ service: 'two', context: 'ctx', msg: 'b' })]);
    configureLogging({ level: 'silent' });
  });
});

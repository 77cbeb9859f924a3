import { Logger } from '@nestjs/common';
import { runWithCallContext } from '../call-context';
import { LogCapture } from './capture';
import { configureLogging } from './logger';
import { nestLogger } from './nest-logger';

describe('Nest loggers', () => {
  let out: LogCapture;

  beforeEach(() => {
    out = new LogCapture();
    configureLogging({ level: 'trace', service: 'spec', destination: out });
    Logger.overrideLogger(nestLogger());
  });
  afterAll(() => {
    configureLogging({ level: 'silent' });
    Logger.overrideLogger(false);
  });

  it('write every `new Logger(context)` line as JSON with its context, no ANSI colours', () => {
    const logger = new Logger('sso-merchants');
    logger.log('merchant registered');
    logger.warn('careful');
    logger.debug('details');
    logger.verbose('more details');
    logger.fatal('the end');
    expect(out.records().map((r) => [r.level, r.context, r.msg])).toEqual([
      ['info', 'sso-merchants', 'merchant registered'],
      ['warn', 'sso-merchants', 'careful'],
      ['debug', 'sso-merchants', 'details'],
      ['trace', 'sso-merchants', 'more details'],
      ['fatal', 'sso-merchants', 'the end'],
    ]);
    expect(out.text()).not.toContain('\u001b');
  });

  it('keep the stack an error came with, and log Error objects as err', () => {
    const err = new Error('boom');
    new Logger('edge').error('request failed', err.stack);
    new Logger('edge').error(err);
    Logger.error('static call', 'SomeContext');
    const [withStack, asError, staticCall] = out.records();
    expect(withStack).toMatchObject({ level: 'error', context: 'edge', msg: 'request failed', stack: expect.stringContaining('Error: boom') });
    expect(asError).toMatchObject({ level: 'error', context: 'edge', msg: 'boom', err: { type: 'Error', message: 'boom' } });
    expect(staticCall).toMatchObject({ level: 'error', context: 'SomeContext', msg: 'static call' });
  });

  it('carry objects and extra arguments as fields, credentials masked', () => {
    new Logger('x').log({ clientSecret: 'cs-1', name: 'n' });
    new Logger('x').log('with extra', { accessToken: 'at-1' });
    const [obj, extra] = out.records();
    expect(obj).toMatchObject({ context: 'x', data: { clientSecret: '[REDACTED]', name: 'n' } });
    expect(extra).toMatchObject({ context: 'x', msg: 'with extra', args: [{ accessToken: '[REDACTED]' }] });
  });

  it("write Nest's start-up chatter at debug", () => {
    configureLogging({ level: 'info', destination: out });
    new Logger('RouterExplorer').log('Mapped {/gateway, GET} route');
    new Logger('InstanceLoader').log('EdgeModule dependencies initialized');
    new Logger('RouterExplorer').warn('still a warning');
    expect(out.records().map((r) => r.msg)).toEqual(['still a warning']);
  });

  it('carry the request id of the call being served', () => {
    runWithCallContext({ requestId: 'r-9' }, () => new Logger('permission-grants').log('grant 1 created'));
    expect(out.records()[0]).toMatchObject({ requestId: 'r-9', context: 'permission-grants' });
  });

  it('ignore setLogLevels: LOG_LEVEL decides', () => {
    Logger.overrideLogger(['error']);
    new Logger('x').log('still written');
    expect(out.records()[0]).toMatchObject({ msg: 'still written' });
  });
});

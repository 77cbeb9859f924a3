import { DEFAULT_LOG_LEVEL, InvalidLogLevelError, LOG_LEVELS, parseLogLevel } from './levels';

describe('LOG_LEVEL', () => {
  it.each(LOG_LEVELS)('accepts %s', (level) => {
    expect(parseLogLevel(level)).toBe(level);
  });

  it('reads any letter case', () => {
    expect(parseLogLevel('DEBUG')).toBe('debug');
    expect(parseLogLevel('Warn')).toBe('warn');
  });

  it('defaults to info when unset or empty', () => {
    expect(DEFAULT_LOG_LEVEL).toBe('info');
    expect(parseLogLevel(undefined)).toBe('info');
    expect(parseLogLevel('')).toBe('info');
  });

  it.each(['verbose', 'log', 'warning', ' info', '30', 'none'])('refuses %j with a message naming LOG_LEVEL and the levels', (value) => {
    expect(() => parseLogLevel(value)).toThrow(InvalidLogLevelError);
    expect(() => parseLogLevel(value)).toThrow(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${value}"`);
  });
});

import { ProblemError, formatProblem, isNotFound, isSignedOut, problemFromThrown, problemOf } from './problem';

describe('problemOf', () => {
  it('takes the platform code and text from the envelope', () => {
    expect(problemOf(404, { errorCode: 'AD0404', failureDetails: 'no merchant abc' })).toEqual({ code: 'AD0404', text: 'no merchant abc', status: 404 });
  });

  it('says when the platform gave a code without details', () => {
    expect(problemOf(409, { errorCode: 'AD0409', failureDetails: '' })).toEqual({ code: 'AD0409', text: 'no details given', status: 409 });
  });

  it('does not mistake a success envelope (errorCode "") or a foreign body for a platform error', () => {
    expect(problemOf(502, { errorCode: '' }).code).toBe('CONSOLE_UNEXPECTED');
    expect(problemOf(502, '<html>Bad gateway</html>')).toEqual({ code: 'CONSOLE_UNEXPECTED', text: 'the admin API answered HTTP 502 without an error code', status: 502 });
  });

  it('calls a missing answer a network problem', () => {
    expect(problemOf(undefined, undefined).code).toBe('CONSOLE_NETWORK');
  });
});

describe('problemFromThrown', () => {
  it('keeps the problem of a ProblemError', () => {
    expect(problemFromThrown(new ProblemError({ code: 'AD0403', text: 'read only', status: 403 }))).toEqual({ code: 'AD0403', text: 'read only', status: 403 });
  });

  it('reads a fetch TypeError as a network problem and anything else as unexpected', () => {
    expect(problemFromThrown(new TypeError('Failed to fetch')).code).toBe('CONSOLE_NETWORK');
    expect(problemFromThrown(new Error('boom'))).toEqual({ code: 'CONSOLE_UNEXPECTED', text: 'boom' });
  });
});

it('formats a problem with its code first and knows a 401 ends the session', () => {
  expect(formatProblem({ code: 'AD0401', text: 'missing or wrong admin token', status: 401 })).toBe('AD0401 · missing or wrong admin token');
  expect(isSignedOut({ code: 'AD0401', text: '', status: 401 })).toBe(true);
  expect(isSignedOut({ code: 'AD0403', text: '', status: 403 })).toBe(false);
});

it('tells a look-up that found nothing (AD0404) from a failure', () => {
  expect(isNotFound(new ProblemError({ code: 'AD0404', text: 'not found: no device', status: 404 }))).toBe(true);
  expect(isNotFound(new ProblemError({ code: '000099', text: 'timeout', status: 500 }))).toBe(false);
  expect(isNotFound(null)).toBe(false);
});

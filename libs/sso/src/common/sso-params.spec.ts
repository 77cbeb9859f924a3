import { ErrorCode } from '@dcp/contracts';
import { refusal } from '@dcp/testing';
import { enumParam, requiredParam } from './sso-params';

describe('requiredParam', () => {
  it('returns a present value within bounds', () => {
    expect(requiredParam({ token: 'abc' }, 'token', 8)).toBe('abc');
    expect(requiredParam({ token: 'x'.repeat(8) }, 'token', 8)).toBe('x'.repeat(8));
  });

  it.each([
    [{}, 'parameter uuid is required'],
    [{ uuid: '' }, 'parameter uuid is required'],
    [{ uuid: 'x'.repeat(9) }, 'parameter uuid is longer than 8 characters'],
  ])('refuses %j with SSO_PARAMETER_INVALID: %s', (params, details) => {
    expect(refusal(() => requiredParam(params, 'uuid', 8))).toMatchObject({ code: ErrorCode.SSO_PARAMETER_INVALID, failureDetails: details });
  });

  it.each([
    ['NUL', 'u\u0000'],
    ['a leading NUL', '\u0000u'],
    ['TAB', 'u\tv'],
    ['LF', 'u\n'],
    ['US', 'u\u001f'],
    ['DEL', 'u\u007f'],
    ['a C1 control (NEL)', 'u\u0085'],
    ['the last C1 control', 'u\u009f'],
  ])('refuses %s naming the parameter (it would reach PostgreSQL otherwise)', (_name, value) => {
    for (const name of ['token', 'refreshToken', 'uuid']) {
      expect(refusal(() => requiredParam({ [name]: value }, name, 128))).toMatchObject({
        code: ErrorCode.SSO_PARAMETER_INVALID,
        failureDetails: `parameter ${name} must not contain control characters`,
      });
    }
  });

  it('accepts printable text beyond ASCII (NBSP, letters, emoji)', () => {
    expect(requiredParam({ uuid: 'Zoë\u00a0王 📷' }, 'uuid', 128)).toBe('Zoë\u00a0王 📷');
  });
});

describe('enumParam', () => {
  const OPERATIONS = ['UPDATE', 'DELETE'] as const;

  it('returns an allowed value', () => {
    expect(enumParam({ operation: 'DELETE' }, 'operation', OPERATIONS)).toBe('DELETE');
  });

  it.each([
    [{}, 'parameter operation is required'],
    [{ operation: 'update' }, 'parameter operation must be one of UPDATE, DELETE'],
    [{ operation: 'UPDATE\u0000' }, 'parameter operation must not contain control characters'],
  ])('refuses %j: %s', (params, details) => {
    expect(refusal(() => enumParam(params, 'operation', OPERATIONS))).toMatchObject({ code: ErrorCode.SSO_PARAMETER_INVALID, failureDetails: details });
  });
});

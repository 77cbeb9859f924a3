import { isPartError, partProblem } from './parts';

it('tells a part its service could not answer from an answered part', () => {
  const failed = { error: { errorCode: '000099', failureDetails: 'permission service did not answer' } };
  expect(isPartError(failed)).toBe(true);
  expect(isPartError({ items: [], total: 0 })).toBe(false);
  expect(isPartError(null)).toBe(false);
  expect(partProblem(failed)).toEqual({ code: '000099', text: 'permission service did not answer' });
});

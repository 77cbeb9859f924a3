import { isUniqueViolation } from './errors';

const rawFailure = (cause: Record<string, unknown>) => ({ code: 'P2010', meta: { driverAdapterError: { name: 'DriverAdapterError', cause } } });

describe('isUniqueViolation', () => {
  it('knows a unique violation from the query builder (P2002) and from a raw statement (P2010 with the adapter\'s UniqueConstraintViolation)', () => {
    expect(isUniqueViolation({ code: 'P2002' })).toBe(true);
    expect(isUniqueViolation(rawFailure({ kind: 'UniqueConstraintViolation', originalCode: '23505' }))).toBe(true);
    expect(isUniqueViolation(rawFailure({ originalCode: '23505' }))).toBe(true);
  });

  it('is false for every other failure', () => {
    expect(isUniqueViolation(rawFailure({ kind: 'ForeignKeyConstraintViolation', originalCode: '23503' }))).toBe(false);
    expect(isUniqueViolation({ code: 'P2010' })).toBe(false);
    expect(isUniqueViolation({ code: 'P2025' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

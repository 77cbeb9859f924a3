import { isUniqueViolation } from './errors';

const rawFailure = (cause: Record<string, unknown>) => ({ code: 'P2010', meta: { driverAdapterError: { name: 'DriverAdapterError', cause } } });

describe('isUniqueViolation', () => {
  it('knows a unique violation from the query builder (P2002), from a raw statement (P2010 with the adapter\'s UniqueConstraintViolation) and from a hot statement (the pg driver\'s 23505)', () => {
    expect(isUniqueViolation({ code: 'P2002' })).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', severity: 'ERROR' }))).toBe(true);
    expect(isUniqueViolation(rawFailure({ kind: 'UniqueConstraintViolation', originalCode: '23505' }))).toBe(true);
    expect(isUniqueViolation(rawFailure({ originalCode: '23505' }))).toBe(true);
  });

  it('is false for every other failure', () => {
    expect(isUniqueViolation(rawFailure({ kind: 'ForeignKeyConstraintViolation', originalCode: '23503' }))).toBe(false);
    expect(isUniqueViolation({ code: 'P2010' })).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('foreign key'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation({ code: 'P2025' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

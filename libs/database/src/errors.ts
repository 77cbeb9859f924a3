/**
 * A unique constraint refused the write: Prisma's P2002 from its query builder, or, from a raw statement
 * ($queryRaw, $executeRaw), P2010 carrying the driver adapter's UniqueConstraintViolation (SQLSTATE 23505) —
 * the same through every driver adapter (pg, PGlite).
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, meta } = err as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } } };
  // P2002: Prisma's query; 23505: a hot statement on the pg driver (hot-statements.ts).
  if (code === 'P2002' || code === '23505') return true;
  const cause = meta?.driverAdapterError?.cause;
  return code === 'P2010' && (cause?.kind === 'UniqueConstraintViolation' || cause?.originalCode === '23505');
}

/** A unique constraint refused the write (Prisma P2002, the same through every driver adapter). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'P2002';
}

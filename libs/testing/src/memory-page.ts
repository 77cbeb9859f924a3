/**
 * The page an in-memory store answers for a PageWindow (libs/contracts/src/admin-paging.ts), as the services'
 * SQL does: rows in id order, those after the cursor's id (or from the offset), `take` of them; the total is the
 * matching rows, exact (an in-memory store has nothing to estimate).
 */
import type { ListTotal, PageWindow } from '@dcp/contracts';

export function memoryPage<Row>(matching: readonly Row[], window: PageWindow<[number]>, idOf: (row: Row) => number): { items: Row[] } & ListTotal {
  const after = window.after?.[0];
  const ordered = [...matching].sort((a, b) => idOf(a) - idOf(b)).filter((row) => after === undefined || idOf(row) > after);
  return { items: ordered.slice(window.offset, window.offset + window.take), total: matching.length, totalIsEstimate: false };
}

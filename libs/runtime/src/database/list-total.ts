/**
 * `total` of an operator's list (libs/contracts/src/admin-paging.ts, docs/decisions.md AL3): the rows the
 * list's FROM … WHERE matches, counted no further than EXACT_LIST_TOTAL_UP_TO + 1 rows in the list's own order
 * — the index its pages walk, walked that far at most, whatever the table holds (without the order the planner
 * may prefer a table scan it expects to stop early, which reads the whole table when the matching rows sit at
 * its end). Beyond it, the planner's estimate of the same FROM … WHERE (EXPLAIN reads statistics, not the
 * table), as the overview's counts do (health/service-status.ts).
 */
import { EXACT_LIST_TOTAL_UP_TO, type ListTotal } from '@dcp/contracts';
import { type Sql, sqltag as sql } from '@prisma/client/runtime/client';
import { planRows } from '../health/service-status';

/** What listTotal needs of a service's Prisma client. */
export interface ListTotalClient {
  $queryRaw<T = unknown>(query: Sql): PromiseLike<T>;
}

/** `from`: the list's `FROM … WHERE …` (parameters bound) and `order` its `ORDER BY …`, the very ones its pages read. */
export async function listTotal(client: ListTotalClient, from: Sql, order: Sql, exactUpTo = EXACT_LIST_TOTAL_UP_TO): Promise<ListTotal> {
  const [capped] = await client.$queryRaw<Array<{ n: number }>>(sql`SELECT count(*)::int AS n FROM (SELECT 1 ${from} ${order} LIMIT ${exactUpTo + 1}) AS capped`);
  const counted = Number(capped?.n ?? 0);
  if (counted <= exactUpTo) return { total: counted, totalIsEstimate: false };
  const plan = await client.$queryRaw<Array<Record<string, unknown>>>(sql`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`);
  // Statistics older than the rows just counted can estimate fewer: the count already proved more.
  return { total: Math.max(exactUpTo + 1, Math.round(planRows(plan))), totalIsEstimate: true };
}

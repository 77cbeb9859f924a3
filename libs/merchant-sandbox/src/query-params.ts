/** Fastify's parsed query string: a repeated name arrives as an array. */
export type ParsedQuery = Record<string, string | string[] | undefined>;

/** The first value of a query parameter (a repeated parameter counts by its first occurrence, as headers do). */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function singleValued(query: ParsedQuery): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, firstValue(value)]));
}

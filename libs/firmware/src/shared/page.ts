/** Page bounds of the list operations (the contract already checked the ranges). */
export function page(req: { limit?: number; offset?: number }): { limit: number; offset: number } {
  return { limit: req.limit ?? 100, offset: req.offset ?? 0 };
}

/** Milliseconds in a day (service periods are whole days). */
export const DAY_MS = 86_400_000;

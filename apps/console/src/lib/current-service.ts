/** The current service of a device in words (docs/decisions.md P19–P21: status 3 in service, flag 1 paid, 2 free). */
export interface CurrentServiceFacts {
  readonly name: string;
  readonly status: number;
  readonly flag: number;
  readonly validity: string;
}

export function currentServiceLabel(s: CurrentServiceFacts): string {
  if (s.status !== 3) return 'no cloud service';
  const kind = s.flag === 1 ? 'paid' : s.flag === 2 ? 'free' : `flag ${s.flag}`;
  return `${s.name} (${kind}${s.validity ? `, ${s.validity}` : ''})`;
}

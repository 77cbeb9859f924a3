import { Badge, Text } from '@mantine/core';
import { type CallHealth, callHealthBadge } from '../lib/merchant-health';

/** A merchant's calls of the last hour (the answering sso-service replica's view) and its breaker, as a badge. */
export function CallHealthBadge({ health }: { health: CallHealth | undefined }) {
  const badge = callHealthBadge(health);
  return (
    <Badge color={badge.color} variant="light" title={badge.detail} data-testid="call-health">
      {badge.label}
    </Badge>
  );
}

/** The same, spelled out (the merchant page): what failed last and when. */
export function CallHealthDetail({ health }: { health: CallHealth | undefined }) {
  const badge = callHealthBadge(health);
  return (
    <Text size="sm" data-testid="call-health-detail">
      {badge.detail}
      {health?.lastFailure ? ` Last failure ${health.lastFailureAt ? `at ${health.lastFailureAt.slice(0, 19).replace('T', ' ')} UTC` : ''}: ${health.lastFailure}.` : ''} (What one sso-service replica saw.)
    </Text>
  );
}

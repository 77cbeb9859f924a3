import { Badge } from '@mantine/core';
import { deliveryStateBadge } from '../lib/push';

/** A push delivery's state: sent green, pending neutral, invalid token and cancelled grey, dead red. */
export function DeliveryStateBadge({ state }: { state: string }) {
  const { color, label } = deliveryStateBadge(state);
  return (
    // Never cut to "D…" in a narrow table column.
    <Badge color={color} variant="light" data-testid="delivery-state" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}

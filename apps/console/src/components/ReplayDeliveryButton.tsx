import { unwrap } from '../api/client';
import { useApi } from '../api/session';
import { providerLabel } from '../lib/push';
import { ConfirmButton } from './ConfirmButton';

/** Tries a dead push delivery again (it becomes pending and is sent at once), after a confirmation; then `onReplayed`. */
export function ReplayDeliveryButton({ delivery, onReplayed }: { delivery: { deliveryId: string; provider: string }; onReplayed: () => Promise<unknown> }) {
  const api = useApi();
  return (
    <ConfirmButton
      size="xs"
      color="blue"
      title="Replay this delivery?"
      message={`push-service sends it to ${providerLabel(delivery.provider)} again now, attempts counted from 0. It is refused when the phone's endpoint was removed meanwhile.`}
      confirmLabel="Replay"
      onConfirm={async () => {
        await unwrap(api.POST('/admin/v1/push/deliveries/{deliveryId}/replay', { params: { path: { deliveryId: delivery.deliveryId } } }));
        await onReplayed();
      }}
    >
      Replay
    </ConfirmButton>
  );
}

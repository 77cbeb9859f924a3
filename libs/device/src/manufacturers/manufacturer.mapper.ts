import type { ManufacturerView, ManufacturerWithDelKey } from '@dcp/contracts';
import type { Manufacturer } from './manufacturer';

/** What operators see: never the delKey. */
export function toManufacturerView(m: Manufacturer): ManufacturerView {
  return {
    oemCode: m.oemCode,
    name: m.name,
    createdAt: m.createdAt.toISOString(),
    delKeyRotatedAt: m.delKeyRotatedAt ? m.delKeyRotatedAt.toISOString() : null,
  };
}

/** Create and rotate only: the new delKey, shown this once. */
export function withDelKey(view: ManufacturerView, delKey: string): ManufacturerWithDelKey {
  return { ...view, delKey };
}

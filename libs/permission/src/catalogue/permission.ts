/** A plan of the permission catalogue, as the rest of the service sees it (no Prisma types). */
export interface Permission {
  id: number;
  code: string;
  name: string;
  /** Spec 2.5: 1 paid, 2 free, 3 free. */
  type: number;
  durationDays: number;
  belongServer: string;
  channelCount: number;
  bpi: boolean;
  /** Rolling days of footage a cloud-recording plan keeps; null: not a cloud-recording plan (decisions CU6). */
  retentionDays: number | null;
  createdAt: Date;
}

export type NewPermission = Omit<Permission, 'id' | 'createdAt'>;

export const PAID_PERMISSION_TYPE = 1;

export function isPaid(permission: Pick<Permission, 'type'>): boolean {
  return permission.type === PAID_PERMISSION_TYPE;
}

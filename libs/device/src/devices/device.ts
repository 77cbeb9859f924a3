/** A device as the service's use cases see it (no Prisma types outside the repositories). */
export interface Device {
  id: number;
  /** Canonical: 12 upper-case hex digits (`AABBCCDDEEFF`, docs/decisions.md D1). */
  macAddr: string;
  userId: number;
  deviceName: string;
  productName: string;
  username: string;
  /** SecretBox ciphertext of the password as sent, bound to macAddr. */
  passwordCiphertext: string;
  hasusertag: number;
  supportStore: number;
  supportRichMedia: number;
  oemCode: string;
  createdAt: Date;
  updatedAt: Date;
}

export type NewDevice = Omit<Device, 'id' | 'createdAt' | 'updatedAt'>;

/** A device as a listing shows it (getOemDeviceByUser: the fields of spec 2.4 and the ciphertext). */
export type ListedDevice = Omit<Device, 'id' | 'createdAt' | 'updatedAt'>;

/** What updateOemDevice may change (never the MAC, the owner or the manufacturer). */
export type DeviceChanges = Partial<Pick<Device, 'deviceName' | 'productName' | 'username' | 'passwordCiphertext' | 'hasusertag' | 'supportStore' | 'supportRichMedia'>>;

/** Allowed values on add and modify (spec 2.4); query results may also show hasusertag 1. */
export const HASUSERTAG_INPUT = [0, 2] as const;
export const SUPPORT_FLAG = [0, 1] as const;

/** A manufacturer as the service's use cases see it (no Prisma types outside the repositories). */
export interface Manufacturer {
  id: number;
  oemCode: string;
  name: string;
  /** SecretBox ciphertext of the delKey, bound to oemCode. */
  delKeyCiphertext: string;
  delKeyRotatedAt: Date | null;
  createdAt: Date;
}

export type NewManufacturer = Pick<Manufacturer, 'oemCode' | 'name' | 'delKeyCiphertext'>;

/** delKey: 32 random base62 characters (≈ 190 bits). */
export const DEL_KEY_LENGTH = 32;

/** The merchant user object of spec 2.3, as the merchant endpoints return it under `user`. */
export interface MerchantUser {
  /** Immutable unique identifier. */
  uuid: string;
  /** The user's mailbox. */
  username: string;
  name: string;
  nickname: string;
  phone: string;
  country: string;
}

export interface NewMerchantUser {
  uuid?: string;
  username: string;
  name: string;
  nickname?: string;
  phone?: string;
  country?: string;
}

export type MerchantUserChanges = Partial<Omit<MerchantUser, 'uuid'>>;

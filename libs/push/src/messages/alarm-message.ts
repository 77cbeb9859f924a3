/** A message of the message center as push-service works with it (no Prisma type leaves the repository). */
export interface AlarmMessage {
  id: string;
  userId: number;
  macAddr: string;
  type: number;
  /** Epoch ms: the camera's time of the first and of the latest alarm. */
  firstAt: number;
  lastAt: number;
  count: number;
  read: boolean;
  hasPicture: boolean;
}

export interface MessageFilter {
  userId: number;
  macAddr?: string;
  type?: number;
  /** Epoch ms: the latest alarm at or after / before. */
  from?: number;
  before?: number;
}

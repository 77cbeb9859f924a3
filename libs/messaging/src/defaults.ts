/** Defaults shared by both adapters, so embedded and distributed runs behave alike. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_DELIVER = 5;
export const DEFAULT_ACK_WAIT_MS = 30_000;
/** How long events stay replayable for a new consumer (libs/messaging/README.md). */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** JetStream window in which a repeated Nats-Msg-Id is dropped. */
export const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

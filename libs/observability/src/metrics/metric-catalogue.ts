/**
 * Every metric the platform exports, in one place: name, help and label names (plus buckets for histograms).
 * Names start with `dcp_` and end in their unit (`_seconds`, `_bytes`) or `_total` for counters. Gauges are
 * sampled when /metrics is scraped, so nothing polls in the background. Label values come from bounded sets
 * (catalogue entries, subjects, service names, error codes); callers map anything else to a fixed value.
 */

/** Latency buckets (seconds) shared by HTTP, request-reply and merchant calls: 5 ms … 10 s. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Definition<T extends 'counter' | 'gauge' | 'histogram'> {
  readonly type: T;
  readonly help: string;
  readonly labelNames: readonly string[];
}

export type CounterDefinition = Definition<'counter'>;
/** Sampled at scrape time (several services of one process may each report their own label values). */
export type GaugeDefinition = Definition<'gauge'>;
export interface HistogramDefinition extends Definition<'histogram'> {
  readonly buckets: readonly number[];
}
export type MetricDefinition = CounterDefinition | GaugeDefinition | HistogramDefinition;

export const METRIC_CATALOGUE = {
  // Edge: public and admin HTTP
  dcp_http_request_duration_seconds: {
    type: 'histogram',
    help: 'HTTP requests answered by the edge and by the camera upload port of storage-service (surface camera), by surface, operation (catalogue entry or route; unknown otherwise), HTTP status and envelope error code',
    labelNames: ['surface', 'operation', 'status', 'code'],
    buckets: LATENCY_BUCKETS,
  },
  dcp_edge_access_token_cache_hits_total: { type: 'counter', help: 'Access-token verifications answered by the edge cache', labelNames: [] },
  dcp_edge_access_token_cache_misses_total: { type: 'counter', help: 'Access-token verifications the edge cache could not answer (verified by sso-service)', labelNames: [] },
  dcp_admin_auth_failures_total: {
    type: 'counter',
    help: 'Admin API requests from an address refused for their token: refused (a wrong or missing token, AD0401) or limited (the address made too many such requests, AD0429)',
    labelNames: ['outcome'],
  },

  // Request-reply between services
  dcp_rpc_client_duration_seconds: {
    type: 'histogram',
    help: 'Request-reply calls made by this process, by subject and outcome (ok or the error code value)',
    labelNames: ['subject', 'outcome'],
    buckets: LATENCY_BUCKETS,
  },
  dcp_rpc_server_duration_seconds: {
    type: 'histogram',
    help: 'Request-reply handlers run by this process, by subject and outcome (ok or the error code value)',
    labelNames: ['subject', 'outcome'],
    buckets: LATENCY_BUCKETS,
  },
  dcp_service_operations_total: { type: 'counter', help: 'Operations answered by a service, by operation and outcome (ok or the error code value)', labelNames: ['service', 'operation', 'outcome'] },

  // Events: outbox, consumers, dead letters
  dcp_outbox_pending: { type: 'gauge', help: 'Events enqueued in a service outbox and not yet published', labelNames: ['service'] },
  dcp_outbox_oldest_pending_age_seconds: { type: 'gauge', help: 'Age of the oldest event in a service outbox not yet published (0 when none is)', labelNames: ['service'] },
  dcp_events_consumed_total: { type: 'counter', help: 'Events handled by a service consumer, by outcome', labelNames: ['service', 'subject', 'outcome'] },
  dcp_event_redeliveries_total: { type: 'counter', help: 'Events delivered to a service consumer again (delivery count above 1)', labelNames: ['service', 'subject'] },
  dcp_dead_letters_total: { type: 'counter', help: 'Events a service consumer gave up on (dead-lettered)', labelNames: ['service', 'subject'] },
  dcp_dead_letters_open: { type: 'gauge', help: 'Events a consumer gave up on, not yet resolved by an operator', labelNames: ['service'] },
  dcp_consumer_pending: {
    type: 'gauge',
    help: 'Events of a service\'s durable consumer not yet delivered to it (JetStream num_pending; embedded: the log above its cursor)',
    labelNames: ['service'],
  },
  dcp_consumer_ack_pending: {
    type: 'gauge',
    help: 'Events delivered to a service\'s durable consumer and not yet acknowledged: being handled or waiting for a retry (JetStream num_ack_pending)',
    labelNames: ['service'],
  },
  dcp_consumer_oldest_pending_age_seconds: {
    type: 'gauge',
    help: 'Age of the oldest event a service\'s durable consumer has not acknowledged, delivered or not (0 when none)',
    labelNames: ['service'],
  },

  // The process's readiness and NATS connection
  dcp_readiness_check_up: {
    type: 'gauge',
    help: 'Each readiness check of this process (database:<service>, events, objects:storage, running, …) run on the scrape as /health/ready runs it: 1 passes, 0 fails or takes over 2 s',
    labelNames: ['check'],
  },
  dcp_nats_connected: { type: 'gauge', help: 'Whether this process\'s NATS connection is up (1) or down/reconnecting (0); absent in embedded mode', labelNames: [] },

  // sso-service
  dcp_sso_merchant_call_duration_seconds: {
    type: 'histogram',
    help: 'Calls to merchant endpoints, by merchant (clientId), endpoint and result (user, refused, unavailable)',
    labelNames: ['merchant', 'endpoint', 'result'],
    buckets: LATENCY_BUCKETS,
  },
  dcp_sso_merchant_breaker_open: {
    type: 'gauge',
    help: 'Merchants whose circuit breaker is open in this sso-service replica (calls paused after consecutive failures, logins answer OP0052), by merchant (clientId); only open ones are listed, each with 1',
    labelNames: ['merchant'],
  },
  dcp_sso_merchant_call_failures_total: { type: 'counter', help: 'Calls to merchant endpoints that got no usable answer, by merchant (clientId) and endpoint', labelNames: ['merchant', 'endpoint'] },
  dcp_sso_purged_rows_total: { type: 'counter', help: 'Expired rows removed by the purge', labelNames: ['kind'] },
  dcp_admin_audit_entries: { type: 'gauge', help: 'Entries in the admin audit log (sso.admin_audit_entry), measured by sso-service\'s periodic purge', labelNames: [] },
  dcp_admin_audit_table_bytes: {
    type: 'gauge',
    help: 'Size of the admin audit log table on disk, indexes and TOAST included (pg_total_relation_size), measured by sso-service\'s periodic purge',
    labelNames: [],
  },

  // permission-service
  dcp_permission_grants_changed_by_events_total: { type: 'counter', help: 'Grants revoked or released by consumed events', labelNames: ['event', 'effect'] },

  // storage-service
  dcp_storage_ingested_bytes_total: { type: 'counter', help: 'Bytes of segments stored', labelNames: [] },
  dcp_camera_uploads_total: { type: 'counter', help: 'Camera segment uploads accepted, by outcome (stored, duplicate)', labelNames: ['outcome'] },
  dcp_camera_uploads_refused_total: { type: 'counter', help: 'Camera segment uploads refused, by error code (CR0401, CR0429, …; 000099 for a failure of the platform)', labelNames: ['code'] },
  dcp_storage_purged_total: { type: 'counter', help: 'Segments purged by retention (expired-segments) and by purge jobs (purged-segments), and objects deleted from object storage (objects)', labelNames: ['kind'] },
  dcp_storage_object_deletions_pending: { type: 'gauge', help: 'Objects whose index rows are gone, due for deletion from object storage and not yet deleted, counted up to 10000 (a scrape reads no more)', labelNames: [] },
  dcp_storage_purge_jobs_pending: { type: 'gauge', help: 'Footage purges (device unbound, user deleted) not finished yet, counted up to 10000 (a scrape reads no more)', labelNames: [] },
  dcp_storage_session_cache_hits_total: { type: 'counter', help: 'Stream-call facts answered by the storage replica\'s cache, by fact (owner, subtoken)', labelNames: ['fact'] },
  dcp_storage_session_cache_misses_total: { type: 'counter', help: 'Stream-call facts the storage replica\'s cache could not answer (asked of device-service or sso-service), by fact (owner, subtoken)', labelNames: ['fact'] },
  // push-service
  dcp_push_alarms_total: { type: 'counter', help: 'Camera alarms push-service accepted, by outcome (stored: a new message; merged: into a message within the cooldown)', labelNames: ['outcome'] },
  dcp_push_alarms_refused_total: { type: 'counter', help: 'Camera alarms push-service refused, by error code', labelNames: ['code'] },
  dcp_push_purged_messages_total: { type: 'counter', help: 'Messages the message center\'s retention purged', labelNames: [] },
  dcp_push_deliveries_total: {
    type: 'counter',
    help: 'Attempts to push a new alarm message to an endpoint, by provider (fcm, apns, webhook) and outcome (sent, retried, invalid_token: the endpoint was removed, dead: a dead letter, cancelled: the endpoint was gone)',
    labelNames: ['provider', 'outcome'],
  },
  dcp_push_delivery_seconds: { type: 'histogram', help: 'From a camera\'s alarm accepted to its push accepted by the provider, by provider (retries included: up to 15 minutes)', labelNames: ['provider'], buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900] },
  dcp_push_deliveries_pending: { type: 'gauge', help: 'Deliveries waiting to be sent (due or retrying), by provider', labelNames: ['provider'] },
  dcp_push_deliveries_dead: { type: 'gauge', help: 'Deliveries that ended as dead letters in the last 24 hours, by provider', labelNames: ['provider'] },
  dcp_storage_camera_credential_hits_total: { type: 'counter', help: 'Camera requests whose streams and owner the storage replica already knew (decisions CU11)', labelNames: [] },
  dcp_storage_camera_credential_misses_total: { type: 'counter', help: 'Camera requests whose streams and owner the storage replica asked permission-service and device-service for', labelNames: [] },

  // firmware-service
  dcp_firmware_offers_total: { type: 'counter', help: 'firmware.latest answers by what they offered', labelNames: ['offer'] },
  dcp_firmware_progress_not_recorded_total: {
    type: 'counter',
    help: 'firmware.latest answers rollout progress did not record (the answer went out unchanged), by reason (not_bound, write_failed, queue_full, unverified)',
    labelNames: ['reason'],
  },
  dcp_firmware_progress_purged_rows_total: { type: 'counter', help: 'Rollout progress rows purged after the longest window', labelNames: [] },
} as const satisfies Record<`dcp_${string}`, MetricDefinition>;

export type MetricCatalogue = typeof METRIC_CATALOGUE;
export type MetricName = keyof MetricCatalogue;

type NamesOfType<T extends MetricDefinition['type']> = { [N in MetricName]: MetricCatalogue[N]['type'] extends T ? N : never }[MetricName];
export type CounterName = NamesOfType<'counter'>;
export type GaugeName = NamesOfType<'gauge'>;
export type HistogramName = NamesOfType<'histogram'>;

/** The label values of a metric: exactly its catalogue's label names. */
export type LabelsOf<N extends MetricName> = { [L in MetricCatalogue[N]['labelNames'][number]]: string };

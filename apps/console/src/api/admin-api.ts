// Generated from /admin/v1/openapi.json by tools/console/generate-api.mjs (npm run build): do not edit.
export type paths = {
    "/admin/v1/merchants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List merchants in registration order; q: text the name or clientId contains (any letter case), enabled: true or false */
        get: operations["getMerchants"];
        put?: never;
        /** Register a merchant; the response shows its clientSecret once */
        post: operations["postMerchants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/merchants/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a merchant (never its secret) */
        get: operations["getMerchantsClientId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a merchant: name, endpoint URLs, token lifetimes, refresh-token rotation, enabled */
        patch: operations["patchMerchantsClientId"];
        trace?: never;
    };
    "/admin/v1/merchants/{clientId}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the clientSecret; the old one keeps verifying for graceSeconds (default 24 h) */
        post: operations["postMerchantsClientIdSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/merchants/{clientId}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable a merchant: every SSO call and its users' gateway calls are refused */
        post: operations["postMerchantsClientIdDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/maintenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read the maintenance mode apps see in center.getServerInfo */
        get: operations["getMaintenance"];
        /** Set the maintenance mode: none, upgrade (000066) or address-change (000077 with server_url = serverUrl) */
        put: operations["putMaintenance"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/manufacturers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List manufacturers in registration order; q: text the oemCode or name contains (any letter case) */
        get: operations["getManufacturers"];
        put?: never;
        /** Register a device manufacturer; the response shows its delKey (force-unbind key) once */
        post: operations["postManufacturers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/manufacturers/{oemCode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a manufacturer (never its delKey) */
        get: operations["getManufacturersOemCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/manufacturers/{oemCode}/del-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the delKey; the old one stops verifying at once, the new one is shown once */
        post: operations["postManufacturersOemCodeDelkey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the permission catalogue in creation order; q: text the permissionCode or permissionName contains (any letter case), permissionType: 1, 2 or 3 */
        get: operations["getPermissions"];
        put?: never;
        /** Add a permission (plan) to the catalogue */
        post: operations["postPermissions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/permissions/{permissionCode}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set a plan's retentionDays (rolling days of cloud recordings kept; null: not a cloud-recording plan), the one field that may change */
        patch: operations["patchPermissionsPermissionCode"];
        trace?: never;
    };
    "/admin/v1/grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List grants in creation order — with state=active soonest-ending first, with state=over most recently ended first; openId, permissionCode (exact), ipcMac (any MAC spelling), state: waiting, active, over (period ended) or revoked */
        get: operations["getGrants"];
        put?: never;
        /** Grant a permission to a user (paid grants wait for activation, grantStatus 1) */
        post: operations["postGrants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/grants/{grantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a grant */
        get: operations["getGrantsGrantId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/devices/{devId}/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Store one MPEG-TS segment of a device's recording (the device must be bound); start in epoch seconds, duration in seconds, type an event type 0–65535 */
        post: operations["postDevicesDevIdSegments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/devices/{mac}/recordings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Without day: the UTC days with recordings of the device's owner (the days of record.date.query's hours), YYYY-MM-DD; with day=YYYY-MM-DD: that day's clips (as record.query: start, end, type) */
        get: operations["getDevicesMacRecordings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/devices/{mac}/playback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The signed HLS playlist URL of a window of the device's recordings, as record.play gives apps (start < end ≤ start + 21600 s, epoch seconds; valid 3600 s) */
        post: operations["postDevicesMacPlayback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/firmware": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List firmware releases, optionally of one model */
        get: operations["getFirmware"];
        put?: never;
        /** Add a firmware release to its model's upgrade chain (the model is created with its first release) */
        post: operations["postFirmware"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/firmware/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List models in creation order, with their smart-upgrade switch and release counts; q: text the machineTypeName contains (any letter case) */
        get: operations["getFirmwareModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/firmware/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a firmware release */
        get: operations["getFirmwareId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a release's active, remind, rolloutPercent or interim (versions and artifacts are immutable) */
        patch: operations["patchFirmwareId"];
        trace?: never;
    };
    "/admin/v1/firmware/models/{machineTypeName}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a model (its smart-upgrade switch) */
        get: operations["getFirmwareModelsMachineTypeName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Mark a model as (not) supporting smart upgrade (010121) */
        patch: operations["patchFirmwareModelsMachineTypeName"];
        trace?: never;
    };
    "/admin/v1/firmware/models/{machineTypeName}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rollout progress of a model: distinct devices that asked firmware.latest in the last 24 h and 7 d, by version they asked from, by answer and by release offered */
        get: operations["getFirmwareModelsMachineTypeNameProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters/device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events device-service gave up on after its maximum deliveries */
        get: operations["getDeadlettersDevice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters/device/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a dead letter of device-service handled; with {"replay": true} apply the event again first */
        post: operations["postDeadlettersDeviceIdResolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters/permission": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events permission-service gave up on after its maximum deliveries */
        get: operations["getDeadlettersPermission"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters/permission/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a dead letter of permission-service handled; with {"replay": true} apply the event again first */
        post: operations["postDeadlettersPermissionIdResolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events storage-service gave up on after its maximum deliveries */
        get: operations["getDeadlettersStorage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters/storage/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a dead letter of storage-service handled; with {"replay": true} apply the event again first */
        post: operations["postDeadlettersStorageIdResolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events push-service gave up on after its maximum deliveries */
        get: operations["getDeadlettersPush"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/dead-letters/push/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a dead letter of push-service handled; with {"replay": true} apply the event again first */
        post: operations["postDeadlettersPushIdResolve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/devices/{mac}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A device (MAC in any spelling) with its owner (sso-service), one page of the owner's grants on it and its current service (permission-service) and a summary of its recordings (storage-service); a part whose service failed is { error: { errorCode, failureDetails } } */
        get: operations["getDevicesMac"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users/{openId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user with their merchant, one page of their devices (device-service) and of their grants (permission-service); a part whose service failed is { error: { errorCode, failureDetails } }. Each list pages on by its own cursor: devicesCursor (the devices part's nextCursor) and grantsCursor (the grants part's); limit is both lists' page size */
        get: operations["getUsersOpenId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users with this merchant uuid (under every merchant, or one clientId's), oldest first */
        get: operations["getUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events waiting in each service's outbox (not yet published) and the age of the oldest; a service that failed is listed with { error } */
        get: operations["getOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/consumers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each service's durable event consumer: events not yet delivered (pending), delivered and not yet acknowledged (ackPending; redelivered: delivered more than once), the age of the oldest not acknowledged, and its open dead letters; a service that failed is listed with { error } */
        get: operations["getConsumers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The name and role of the calling token (full, or read-only: GET only), for a console to show or hide write actions */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first: every POST, PUT, PATCH and DELETE, refusals included (who, what, when, the answer's status and error code, the request id; never a response). Filters: actor (a token name), method, path (prefix, e.g. /merchants), tag, result (pending, ok, refused, failed), from and to (ISO times with offset; from inclusive, to exclusive) */
        get: operations["getAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/push/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delivery health of every merchant and provider over the last 24 hours: sent, pending, invalid tokens removed, dead letters, last error, breaker */
        get: operations["getPushHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/push/merchants/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A merchant's push providers (never their keys), message retention and delivery health */
        get: operations["getPushMerchantsClientId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set how many days a merchant's users' alarm messages are kept (null: PUSH_MESSAGE_RETENTION_DAYS) */
        patch: operations["patchPushMerchantsClientId"];
        trace?: never;
    };
    "/admin/v1/push/merchants/{clientId}/providers/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set a merchant's credentials of a provider, replacing any: fcm (a service account's projectId, clientEmail, privateKey), apns (teamId, keyId, the .p8 privateKey, bundleId, environment) or webhook (the url of the merchant's push server). Encrypted at rest, never shown again */
        put: operations["putPushMerchantsClientIdProvidersProvider"];
        post?: never;
        /** Remove a merchant's credentials of a provider (its deliveries then end as dead letters until set again) */
        delete: operations["deletePushMerchantsClientIdProvidersProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/push/merchants/{clientId}/replay-dead": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Try every dead delivery of a merchant again (after its credentials or push server were fixed) */
        post: operations["postPushMerchantsClientIdReplaydead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/push/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries, most recently changed first; clientId, state (pending, sent, invalid_token, cancelled, dead), messageId */
        get: operations["getPushDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/push/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Try a dead delivery again now, when its endpoint is still registered */
        post: operations["postPushDeliveriesDeliveryIdReplay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/push/devices/{macAddr}/alarms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A device's alarm messages, newest first, with their pictures and deliveries */
        get: operations["getPushDevicesMacAddrAlarms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The platform at a glance: each service's readiness, version and counts (exact below 100k rows, else estimated from PostgreSQL's statistics: `estimated`), merchants whose calls fail or whose breaker is open (the answering sso-service replica's last hour), and the public surface's requests, errors and latency over the last hour as the answering edge replica served them; a service that failed is listed with { error } */
        get: operations["getOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        Error: {
            errorCode: string;
            failureDetails: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getMerchants: {
        parameters: {
            query?: {
                q?: string;
                enabled?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page, at most 10000: for callers written before cursors (every skipped row is read); page on with cursor instead */
                offset?: string;
                /** @description The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            clientId: string;
                            name: string;
                            tokenValidationUrl: string;
                            userProfileUrl: string;
                            accessTokenTtlSeconds: number;
                            refreshTokenTtlSeconds: number;
                            refreshTokenRotation: boolean;
                            enabled: boolean;
                            previousSecretExpiresAt: string | null;
                            createdAt: string;
                            updatedAt: string;
                            callHealth?: {
                                /** @enum {string} */
                                status: "healthy" | "failing" | "broken";
                                /** @enum {string} */
                                breaker: "closed" | "open" | "half-open";
                                windowSeconds: number;
                                calls: number;
                                failures: number;
                                lastFailureAt: string | null;
                                lastFailure: string | null;
                            };
                        }[];
                        /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                        total: number;
                        /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                        totalIsEstimate: boolean;
                        /** @description pass as cursor to get the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMerchants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    tokenValidationUrl: string;
                    userProfileUrl: string;
                    accessTokenTtlSeconds?: number;
                    refreshTokenTtlSeconds?: number;
                    refreshTokenRotation?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        name: string;
                        tokenValidationUrl: string;
                        userProfileUrl: string;
                        accessTokenTtlSeconds: number;
                        refreshTokenTtlSeconds: number;
                        refreshTokenRotation: boolean;
                        enabled: boolean;
                        previousSecretExpiresAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        callHealth?: {
                            /** @enum {string} */
                            status: "healthy" | "failing" | "broken";
                            /** @enum {string} */
                            breaker: "closed" | "open" | "half-open";
                            windowSeconds: number;
                            calls: number;
                            failures: number;
                            lastFailureAt: string | null;
                            lastFailure: string | null;
                        };
                        clientSecret: string;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMerchantsClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        name: string;
                        tokenValidationUrl: string;
                        userProfileUrl: string;
                        accessTokenTtlSeconds: number;
                        refreshTokenTtlSeconds: number;
                        refreshTokenRotation: boolean;
                        enabled: boolean;
                        previousSecretExpiresAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        callHealth?: {
                            /** @enum {string} */
                            status: "healthy" | "failing" | "broken";
                            /** @enum {string} */
                            breaker: "closed" | "open" | "half-open";
                            windowSeconds: number;
                            calls: number;
                            failures: number;
                            lastFailureAt: string | null;
                            lastFailure: string | null;
                        };
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchMerchantsClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    tokenValidationUrl?: string;
                    userProfileUrl?: string;
                    accessTokenTtlSeconds?: number;
                    refreshTokenTtlSeconds?: number;
                    refreshTokenRotation?: boolean;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        name: string;
                        tokenValidationUrl: string;
                        userProfileUrl: string;
                        accessTokenTtlSeconds: number;
                        refreshTokenTtlSeconds: number;
                        refreshTokenRotation: boolean;
                        enabled: boolean;
                        previousSecretExpiresAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        callHealth?: {
                            /** @enum {string} */
                            status: "healthy" | "failing" | "broken";
                            /** @enum {string} */
                            breaker: "closed" | "open" | "half-open";
                            windowSeconds: number;
                            calls: number;
                            failures: number;
                            lastFailureAt: string | null;
                            lastFailure: string | null;
                        };
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMerchantsClientIdSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    graceSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        name: string;
                        tokenValidationUrl: string;
                        userProfileUrl: string;
                        accessTokenTtlSeconds: number;
                        refreshTokenTtlSeconds: number;
                        refreshTokenRotation: boolean;
                        enabled: boolean;
                        previousSecretExpiresAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        callHealth?: {
                            /** @enum {string} */
                            status: "healthy" | "failing" | "broken";
                            /** @enum {string} */
                            breaker: "closed" | "open" | "half-open";
                            windowSeconds: number;
                            calls: number;
                            failures: number;
                            lastFailureAt: string | null;
                            lastFailure: string | null;
                        };
                        clientSecret: string;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMerchantsClientIdDisable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        name: string;
                        tokenValidationUrl: string;
                        userProfileUrl: string;
                        accessTokenTtlSeconds: number;
                        refreshTokenTtlSeconds: number;
                        refreshTokenRotation: boolean;
                        enabled: boolean;
                        previousSecretExpiresAt: string | null;
                        createdAt: string;
                        updatedAt: string;
                        callHealth?: {
                            /** @enum {string} */
                            status: "healthy" | "failing" | "broken";
                            /** @enum {string} */
                            breaker: "closed" | "open" | "half-open";
                            windowSeconds: number;
                            calls: number;
                            failures: number;
                            lastFailureAt: string | null;
                            lastFailure: string | null;
                        };
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMaintenance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        mode: "none" | "upgrade" | "address-change";
                        serverUrl: string | null;
                        updatedAt: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putMaintenance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    mode: "none" | "upgrade" | "address-change";
                    serverUrl?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        mode: "none" | "upgrade" | "address-change";
                        serverUrl: string | null;
                        updatedAt: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getManufacturers: {
        parameters: {
            query?: {
                q?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page, at most 10000: for callers written before cursors (every skipped row is read); page on with cursor instead */
                offset?: string;
                /** @description The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            oemCode: string;
                            name: string;
                            createdAt: string;
                            delKeyRotatedAt: string | null;
                        }[];
                        /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                        total: number;
                        /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                        totalIsEstimate: boolean;
                        /** @description pass as cursor to get the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postManufacturers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    oemCode: string;
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oemCode: string;
                        name: string;
                        createdAt: string;
                        delKeyRotatedAt: string | null;
                        delKey: string;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getManufacturersOemCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                oemCode: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oemCode: string;
                        name: string;
                        createdAt: string;
                        delKeyRotatedAt: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postManufacturersOemCodeDelkey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                oemCode: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        oemCode: string;
                        name: string;
                        createdAt: string;
                        delKeyRotatedAt: string | null;
                        delKey: string;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPermissions: {
        parameters: {
            query?: {
                q?: string;
                permissionType?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page, at most 10000: for callers written before cursors (every skipped row is read); page on with cursor instead */
                offset?: string;
                /** @description The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            permissionCode: string;
                            permissionName: string;
                            permissionType: number;
                            durationDays: number;
                            belongServer: string;
                            channelCount: number;
                            bpi: boolean;
                            retentionDays: number | null;
                            createdAt: string;
                        }[];
                        /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                        total: number;
                        /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                        totalIsEstimate: boolean;
                        /** @description pass as cursor to get the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    permissionCode: string;
                    permissionName: string;
                    permissionType: 1 | 2 | 3;
                    durationDays: number;
                    belongServer?: string;
                    channelCount?: number;
                    bpi?: boolean;
                    retentionDays?: number | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        permissionCode: string;
                        permissionName: string;
                        permissionType: number;
                        durationDays: number;
                        belongServer: string;
                        channelCount: number;
                        bpi: boolean;
                        retentionDays: number | null;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchPermissionsPermissionCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                permissionCode: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    retentionDays: number | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        permissionCode: string;
                        permissionName: string;
                        permissionType: number;
                        durationDays: number;
                        belongServer: string;
                        channelCount: number;
                        bpi: boolean;
                        retentionDays: number | null;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGrants: {
        parameters: {
            query?: {
                openId?: string;
                permissionCode?: string;
                ipcMac?: string;
                state?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page, at most 10000: for callers written before cursors (every skipped row is read); page on with cursor instead */
                offset?: string;
                /** @description The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            grantId: number;
                            openId: string;
                            userId: number;
                            /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5); null while the grant is tied to no device */
                            ipcMac: string | null;
                            permissionCode: string;
                            permissionName: string;
                            permissionType: number;
                            grantStatus: number;
                            initTime: number;
                            startTime: number | null;
                            endTime: number | null;
                            revokedAt: string | null;
                            revokeReason: string | null;
                        }[];
                        /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                        total: number;
                        /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                        totalIsEstimate: boolean;
                        /** @description pass as cursor to get the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postGrants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    openId: string;
                    permissionCode: string;
                    /** @description device MAC in any accepted spelling (06626E63FBA5, 06:62:6e:63:fb:a5, 06-62-6E-63-FB-A5); stored and answered canonical */
                    ipcMac?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        grantId: number;
                        openId: string;
                        userId: number;
                        /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5); null while the grant is tied to no device */
                        ipcMac: string | null;
                        permissionCode: string;
                        permissionName: string;
                        permissionType: number;
                        grantStatus: number;
                        initTime: number;
                        startTime: number | null;
                        endTime: number | null;
                        revokedAt: string | null;
                        revokeReason: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGrantsGrantId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                grantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        grantId: number;
                        openId: string;
                        userId: number;
                        /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5); null while the grant is tied to no device */
                        ipcMac: string | null;
                        permissionCode: string;
                        permissionName: string;
                        permissionType: number;
                        grantStatus: number;
                        initTime: number;
                        startTime: number | null;
                        endTime: number | null;
                        revokedAt: string | null;
                        revokeReason: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDevicesDevIdSegments: {
        parameters: {
            query?: {
                start?: string;
                duration?: string;
                type?: string;
            };
            header?: never;
            path: {
                devId: string;
            };
            cookie?: never;
        };
        /** @description The segment's MPEG-TS bytes, at most 4194304 bytes */
        requestBody: {
            content: {
                "video/mp2t": string;
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        segmentId: string;
                        /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5) */
                        devId: string;
                        userId: number;
                        start: number;
                        duration: number;
                        type: number;
                        bytes: number;
                        createdAt: string;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDevicesMacRecordings: {
        parameters: {
            query?: {
                day?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page */
                offset?: string;
            };
            header?: never;
            path: {
                mac: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5) */
                        macAddr: string;
                        day: string;
                        clips: {
                            start: number;
                            end: number;
                            type: number;
                        }[];
                        total: number;
                    } | {
                        /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5) */
                        macAddr: string;
                        days: string[];
                        total: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDevicesMacPlayback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mac: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    start: number;
                    end: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5) */
                        macAddr: string;
                        start: number;
                        end: number;
                        expires: number;
                        recordUrl: string;
                        secureUrl: string;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFirmware: {
        parameters: {
            query?: {
                machineTypeName?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page, at most 10000: for callers written before cursors (every skipped row is read); page on with cursor instead */
                offset?: string;
                /** @description The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: number;
                            machineTypeName: string;
                            type: number;
                            version1: number;
                            version2: string;
                            version3: number;
                            version4: number;
                            patchVersion: number;
                            downloadUri: string;
                            md5: string;
                            desc: {
                                zh: string;
                                en: string;
                            };
                            interim: boolean;
                            active: boolean;
                            remind: number;
                            rolloutPercent: number;
                            createTime: number;
                            updateTime: number;
                        }[];
                        /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                        total: number;
                        /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                        totalIsEstimate: boolean;
                        /** @description pass as cursor to get the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postFirmware: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    machineTypeName: string;
                    version1: number;
                    version2: string;
                    version3: number;
                    version4: number;
                    patchVersion: number;
                    type: 1 | 2;
                    downloadUri: string;
                    md5: string;
                    desc: {
                        zh: string;
                        en: string;
                    };
                    interim?: boolean;
                    active?: boolean;
                    remind?: 0 | 1;
                    rolloutPercent?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        machineTypeName: string;
                        type: number;
                        version1: number;
                        version2: string;
                        version3: number;
                        version4: number;
                        patchVersion: number;
                        downloadUri: string;
                        md5: string;
                        desc: {
                            zh: string;
                            en: string;
                        };
                        interim: boolean;
                        active: boolean;
                        remind: number;
                        rolloutPercent: number;
                        createTime: number;
                        updateTime: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFirmwareModels: {
        parameters: {
            query?: {
                q?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page, at most 10000: for callers written before cursors (every skipped row is read); page on with cursor instead */
                offset?: string;
                /** @description The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            machineTypeName: string;
                            smartUpgrade: boolean;
                            createTime: number;
                            updateTime: number;
                            releaseCount: number;
                            activeReleaseCount: number;
                        }[];
                        /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                        total: number;
                        /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                        totalIsEstimate: boolean;
                        /** @description pass as cursor to get the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFirmwareId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        machineTypeName: string;
                        type: number;
                        version1: number;
                        version2: string;
                        version3: number;
                        version4: number;
                        patchVersion: number;
                        downloadUri: string;
                        md5: string;
                        desc: {
                            zh: string;
                            en: string;
                        };
                        interim: boolean;
                        active: boolean;
                        remind: number;
                        rolloutPercent: number;
                        createTime: number;
                        updateTime: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchFirmwareId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    remind?: 0 | 1;
                    rolloutPercent?: number;
                    interim?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        machineTypeName: string;
                        type: number;
                        version1: number;
                        version2: string;
                        version3: number;
                        version4: number;
                        patchVersion: number;
                        downloadUri: string;
                        md5: string;
                        desc: {
                            zh: string;
                            en: string;
                        };
                        interim: boolean;
                        active: boolean;
                        remind: number;
                        rolloutPercent: number;
                        createTime: number;
                        updateTime: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFirmwareModelsMachineTypeName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                machineTypeName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        machineTypeName: string;
                        smartUpgrade: boolean;
                        createTime: number;
                        updateTime: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchFirmwareModelsMachineTypeName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                machineTypeName: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    smartUpgrade: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        machineTypeName: string;
                        smartUpgrade: boolean;
                        createTime: number;
                        updateTime: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFirmwareModelsMachineTypeNameProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                machineTypeName: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        machineTypeName: string;
                        asOf: number;
                        devices: {
                            last24h: number;
                            last7d: number;
                        };
                        answers: {
                            offered: {
                                last24h: number;
                                last7d: number;
                            };
                            upToDate: {
                                last24h: number;
                                last7d: number;
                            };
                            notRolledOut: {
                                last24h: number;
                                last7d: number;
                            };
                            refused: {
                                last24h: number;
                                last7d: number;
                            };
                        };
                        fromVersions: {
                            type: number;
                            version: string;
                            devices: {
                                last24h: number;
                                last7d: number;
                            };
                        }[];
                        releases: {
                            id: number;
                            type: number;
                            key: string;
                            version2: string;
                            interim: boolean;
                            active: boolean;
                            rolloutPercent: number;
                            offered: {
                                last24h: number;
                                last7d: number;
                            };
                        }[];
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDeadlettersDevice: {
        parameters: {
            query?: {
                includeResolved?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page */
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            durable: string;
                            subject: string;
                            eventId: string | null;
                            payload: unknown;
                            deliveries: number;
                            error: string;
                            createdAt: string;
                            resolvedAt: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDeadlettersDeviceIdResolve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    replay?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        durable: string;
                        subject: string;
                        eventId: string | null;
                        payload: unknown;
                        deliveries: number;
                        error: string;
                        createdAt: string;
                        resolvedAt: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDeadlettersPermission: {
        parameters: {
            query?: {
                includeResolved?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page */
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            durable: string;
                            subject: string;
                            eventId: string | null;
                            payload: unknown;
                            deliveries: number;
                            error: string;
                            createdAt: string;
                            resolvedAt: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDeadlettersPermissionIdResolve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    replay?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        durable: string;
                        subject: string;
                        eventId: string | null;
                        payload: unknown;
                        deliveries: number;
                        error: string;
                        createdAt: string;
                        resolvedAt: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDeadlettersStorage: {
        parameters: {
            query?: {
                includeResolved?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page */
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            durable: string;
                            subject: string;
                            eventId: string | null;
                            payload: unknown;
                            deliveries: number;
                            error: string;
                            createdAt: string;
                            resolvedAt: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDeadlettersStorageIdResolve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    replay?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        durable: string;
                        subject: string;
                        eventId: string | null;
                        payload: unknown;
                        deliveries: number;
                        error: string;
                        createdAt: string;
                        resolvedAt: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDeadlettersPush: {
        parameters: {
            query?: {
                includeResolved?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page */
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            durable: string;
                            subject: string;
                            eventId: string | null;
                            payload: unknown;
                            deliveries: number;
                            error: string;
                            createdAt: string;
                            resolvedAt: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDeadlettersPushIdResolve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    replay?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        durable: string;
                        subject: string;
                        eventId: string | null;
                        payload: unknown;
                        deliveries: number;
                        error: string;
                        createdAt: string;
                        resolvedAt: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDevicesMac: {
        parameters: {
            query?: {
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page, at most 10000: for callers written before cursors (every skipped row is read); page on with cursor instead */
                offset?: string;
                /** @description The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                cursor?: string;
            };
            header?: never;
            path: {
                mac: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device: {
                            /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5) */
                            macAddr: string;
                            userId: number;
                            deviceName: string;
                            productName: string;
                            oemCode: string;
                            manufacturerName: string | null;
                            username: string;
                            hasusertag: number;
                            supportStore: number;
                            supportRichMedia: number;
                            boundAt: string;
                            updatedAt: string;
                        };
                        owner: {
                            userId: number;
                            openId: string;
                            uuid: string;
                            username: string;
                            name: string;
                            merchant: {
                                clientId: string;
                                name: string;
                            };
                            createdAt: string;
                            updatedAt: string;
                            lastSignInAt: string | null;
                        } | {
                            error: {
                                errorCode: string;
                                failureDetails: string;
                            };
                        };
                        grants: {
                            items: {
                                grantId: number;
                                openId: string;
                                userId: number;
                                /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5); null while the grant is tied to no device */
                                ipcMac: string | null;
                                permissionCode: string;
                                permissionName: string;
                                permissionType: number;
                                grantStatus: number;
                                initTime: number;
                                startTime: number | null;
                                endTime: number | null;
                                revokedAt: string | null;
                                revokeReason: string | null;
                            }[];
                            /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                            total: number;
                            /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                            totalIsEstimate: boolean;
                            /** @description pass as cursor to get the next page; null on the last page */
                            nextCursor: string | null;
                        } | {
                            error: {
                                errorCode: string;
                                failureDetails: string;
                            };
                        };
                        currentService: {
                            name: string;
                            description: string;
                            startTime: number | null;
                            endTime: number | null;
                            validity: string;
                            status: number;
                            flag: number;
                        } | {
                            error: {
                                errorCode: string;
                                failureDetails: string;
                            };
                        };
                        recordings: {
                            days: string[];
                            segments: number;
                            bytes: number;
                            firstStart: number | null;
                            lastEnd: number | null;
                            /** @description the cloud-recording plan the device's camera last uploaded under, for this owner; null when no camera of it has uploaded under a plan */
                            plan: {
                                /** @description rolling days of footage the plan keeps */
                                retentionDays: number;
                                /** @description epoch ms at which the plan ends */
                                planEndsAt: number;
                                /** @description epoch ms at which the grace period after the plan ends (planEndsAt + RECORDING_GRACE_DAYS days): the footage is purged then */
                                graceEndsAt: number;
                            } | null;
                            /** @description the device's camera uploads of the current UTC day, whoever owned it (zeros when none) */
                            uploadedToday: {
                                /** @description bytes uploaded by the camera today (UTC), as counted against CAMERA_QUOTA_BYTES_PER_DAY */
                                bytes: number;
                                /** @description segments uploaded by the camera today (UTC) */
                                segments: number;
                            };
                        } | {
                            error: {
                                errorCode: string;
                                failureDetails: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsersOpenId: {
        parameters: {
            query?: {
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page, at most 10000: for callers written before cursors (every skipped row is read); page on with cursor instead */
                offset?: string;
                /** @description The devices part's nextCursor: the next page of that list (the other list shows its first page unless its own cursor is given). The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                devicesCursor?: string;
                /** @description The grants part's nextCursor: the next page of that list (the other list shows its first page unless its own cursor is given). The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                grantsCursor?: string;
            };
            header?: never;
            path: {
                openId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            userId: number;
                            openId: string;
                            uuid: string;
                            username: string;
                            name: string;
                            merchant: {
                                clientId: string;
                                name: string;
                            };
                            createdAt: string;
                            updatedAt: string;
                            lastSignInAt: string | null;
                        };
                        devices: {
                            items: {
                                /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5) */
                                macAddr: string;
                                userId: number;
                                deviceName: string;
                                productName: string;
                                oemCode: string;
                                manufacturerName: string | null;
                                username: string;
                                hasusertag: number;
                                supportStore: number;
                                supportRichMedia: number;
                                boundAt: string;
                                updatedAt: string;
                            }[];
                            /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                            total: number;
                            /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                            totalIsEstimate: boolean;
                            /** @description pass as cursor to get the next page; null on the last page */
                            nextCursor: string | null;
                        } | {
                            error: {
                                errorCode: string;
                                failureDetails: string;
                            };
                        };
                        grants: {
                            items: {
                                grantId: number;
                                openId: string;
                                userId: number;
                                /** @description canonical MAC: 12 upper-case hex digits (06626E63FBA5); null while the grant is tied to no device */
                                ipcMac: string | null;
                                permissionCode: string;
                                permissionName: string;
                                permissionType: number;
                                grantStatus: number;
                                initTime: number;
                                startTime: number | null;
                                endTime: number | null;
                                revokedAt: string | null;
                                revokeReason: string | null;
                            }[];
                            /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                            total: number;
                            /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                            totalIsEstimate: boolean;
                            /** @description pass as cursor to get the next page; null on the last page */
                            nextCursor: string | null;
                        } | {
                            error: {
                                errorCode: string;
                                failureDetails: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsers: {
        parameters: {
            query?: {
                uuid?: string;
                clientId?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page, at most 10000: for callers written before cursors (every skipped row is read); page on with cursor instead */
                offset?: string;
                /** @description The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            userId: number;
                            openId: string;
                            uuid: string;
                            username: string;
                            name: string;
                            merchant: {
                                clientId: string;
                                name: string;
                            };
                            createdAt: string;
                            updatedAt: string;
                            lastSignInAt: string | null;
                        }[];
                        /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                        total: number;
                        /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                        totalIsEstimate: boolean;
                        /** @description pass as cursor to get the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOutbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        services: ({
                            pending: number;
                            oldestAgeSeconds: number;
                            /** @enum {string} */
                            service: "sso" | "device" | "permission" | "push";
                        } | {
                            error: {
                                errorCode: string;
                                failureDetails: string;
                            };
                            /** @enum {string} */
                            service: "sso" | "device" | "permission" | "push";
                        })[];
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConsumers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: ({
                            durable: string;
                            pending: number;
                            ackPending: number;
                            oldestPendingAgeSeconds: number;
                            redelivered: number;
                            deadLettersOpen: number;
                            /** @enum {string} */
                            service: "device" | "permission" | "storage" | "push";
                        } | {
                            error: {
                                errorCode: string;
                                failureDetails: string;
                            };
                            /** @enum {string} */
                            service: "device" | "permission" | "storage" | "push";
                        })[];
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        role: "full" | "read-only";
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAudit: {
        parameters: {
            query?: {
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page, at most 10000: for callers written before cursors (every skipped row is read); page on with cursor instead */
                offset?: string;
                /** @description The nextCursor of the page before, exactly as answered: the page after it. A cursor is good only for the list and the filters it was answered for; another, or an edited one, answers AD0400. Not with offset. */
                cursor?: string;
                actor?: string;
                method?: string;
                path?: string;
                tag?: string;
                result?: string;
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            at: string;
                            completedAt: string | null;
                            actor: {
                                name: string;
                                /** @enum {string} */
                                role: "full" | "read-only";
                            };
                            /** @enum {string} */
                            method: "POST" | "PUT" | "PATCH" | "DELETE";
                            route: string | null;
                            operationId: string | null;
                            tag: string | null;
                            path: string;
                            params: {
                                [key: string]: string;
                            };
                            query: {
                                [key: string]: unknown;
                            };
                            body: unknown | null;
                            bodyBytes: number | null;
                            bodySha256: string | null;
                            requestId: string | null;
                            clientRequestId: string | null;
                            /** @enum {string} */
                            result: "pending" | "ok" | "refused" | "failed";
                            status: number | null;
                            errorCode: string | null;
                        }[];
                        /** @description rows the filters match: exact up to 1000, beyond that an estimate (totalIsEstimate) */
                        total: number;
                        /** @description true when total is the database planner's estimate (more than 1000 rows match), not a count */
                        totalIsEstimate: boolean;
                        /** @description pass as cursor to get the next page; null on the last page */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPushHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            clientId: string;
                            /** @enum {string} */
                            provider: "fcm" | "apns" | "webhook";
                            sent: number;
                            pending: number;
                            invalidTokens: number;
                            dead: number;
                            breaker: string;
                            lastError: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPushMerchantsClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        providers: {
                            clientId: string;
                            /** @enum {string} */
                            provider: "fcm" | "apns" | "webhook";
                            summary: {
                                [key: string]: string;
                            };
                            updatedAt: string;
                        }[];
                        retentionDays: number | null;
                        defaultRetentionDays: number;
                        health: {
                            clientId: string;
                            /** @enum {string} */
                            provider: "fcm" | "apns" | "webhook";
                            sent: number;
                            pending: number;
                            invalidTokens: number;
                            dead: number;
                            breaker: string;
                            lastError: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchPushMerchantsClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    retentionDays: number | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        providers: {
                            clientId: string;
                            /** @enum {string} */
                            provider: "fcm" | "apns" | "webhook";
                            summary: {
                                [key: string]: string;
                            };
                            updatedAt: string;
                        }[];
                        retentionDays: number | null;
                        defaultRetentionDays: number;
                        health: {
                            clientId: string;
                            /** @enum {string} */
                            provider: "fcm" | "apns" | "webhook";
                            sent: number;
                            pending: number;
                            invalidTokens: number;
                            dead: number;
                            breaker: string;
                            lastError: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putPushMerchantsClientIdProvidersProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    projectId: string;
                    /** Format: email */
                    clientEmail: string;
                    /** @description PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"), the key file's private_key */
                    privateKey: string;
                } | {
                    teamId: string;
                    keyId: string;
                    /** @description the .p8 file's content (PKCS#8 PEM, EC P-256) */
                    privateKey: string;
                    bundleId: string;
                    /** @enum {string} */
                    environment: "production" | "sandbox";
                } | {
                    /** Format: uri */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clientId: string;
                        /** @enum {string} */
                        provider: "fcm" | "apns" | "webhook";
                        summary: {
                            [key: string]: string;
                        };
                        updatedAt: string;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePushMerchantsClientIdProvidersProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: boolean;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPushMerchantsClientIdReplaydead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                clientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        replayed: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPushDeliveries: {
        parameters: {
            query?: {
                clientId?: string;
                state?: string;
                messageId?: string;
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page */
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            deliveryId: string;
                            messageId: string;
                            clientId: string;
                            /** @enum {string} */
                            provider: "fcm" | "apns" | "webhook";
                            /** @enum {string} */
                            state: "pending" | "sent" | "invalid_token" | "cancelled" | "dead";
                            attempts: number;
                            tokenTail: string;
                            createdAt: string;
                            updatedAt: string;
                            sentAt: string | null;
                            nextAttemptAt: string | null;
                            lastError: string | null;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPushDeliveriesDeliveryIdReplay: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveryId: string;
                        messageId: string;
                        clientId: string;
                        /** @enum {string} */
                        provider: "fcm" | "apns" | "webhook";
                        /** @enum {string} */
                        state: "pending" | "sent" | "invalid_token" | "cancelled" | "dead";
                        attempts: number;
                        tokenTail: string;
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        nextAttemptAt: string | null;
                        lastError: string | null;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The admin token is read-only (AD0403) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Conflict with the current state (AD0409) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPushDevicesMacAddrAlarms: {
        parameters: {
            query?: {
                /** @description Rows in the page, 1 to 500 (default 100) */
                limit?: string;
                /** @description Rows skipped before the page */
                offset?: string;
            };
            header?: never;
            path: {
                macAddr: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            messageId: string;
                            userId: number;
                            macAddr: string;
                            type: number;
                            time: string;
                            lastTime: string;
                            count: number;
                            read: boolean;
                            pictureUrl: string;
                            deliveries: {
                                deliveryId: string;
                                messageId: string;
                                clientId: string;
                                /** @enum {string} */
                                provider: "fcm" | "apns" | "webhook";
                                /** @enum {string} */
                                state: "pending" | "sent" | "invalid_token" | "cancelled" | "dead";
                                attempts: number;
                                tokenTail: string;
                                createdAt: string;
                                updatedAt: string;
                                sentAt: string | null;
                                nextAttemptAt: string | null;
                                lastError: string | null;
                            }[];
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        at: string;
                        edge: {
                            version: string;
                            buildId: string | null;
                            uptimeSeconds: number;
                            publicTraffic: {
                                windowSeconds: number;
                                requests: number;
                                serverErrors: number;
                                clientErrors: number;
                                serverErrorRate: number;
                                p50Seconds: number | null;
                                p95Seconds: number | null;
                                p99Seconds: number | null;
                            };
                        };
                        services: ({
                            ready: boolean;
                            failing: {
                                check: string;
                                message: string;
                            }[];
                            version: string;
                            buildId: string | null;
                            uptimeSeconds: number;
                            counts: {
                                name: string;
                                value: number;
                                estimated: boolean;
                            }[];
                            /** @enum {string} */
                            service: "sso" | "device" | "permission" | "storage" | "firmware" | "push";
                        } | {
                            error: {
                                errorCode: string;
                                failureDetails: string;
                            };
                            /** @enum {string} */
                            service: "sso" | "device" | "permission" | "storage" | "firmware" | "push";
                        })[];
                        counts: {
                            name: string;
                            value: number;
                            estimated: boolean;
                            /** @enum {string} */
                            service: "sso" | "device" | "permission" | "storage" | "firmware" | "push";
                        }[];
                        merchantsInTrouble: {
                            items: {
                                clientId: string;
                                name: string;
                                callHealth: {
                                    /** @enum {string} */
                                    status: "healthy" | "failing" | "broken";
                                    /** @enum {string} */
                                    breaker: "closed" | "open" | "half-open";
                                    windowSeconds: number;
                                    calls: number;
                                    failures: number;
                                    lastFailureAt: string | null;
                                    lastFailure: string | null;
                                };
                            }[];
                        } | {
                            error: {
                                errorCode: string;
                                failureDetails: string;
                            };
                        };
                    };
                };
            };
            /** @description Invalid request (AD0400) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong admin token (AD0401) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (AD0404) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests, e.g. wrong admin tokens from this address; retry after the seconds in Retry-After (AD0429) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
/** Each admin route's summary by operationId (the audit log shows what a call did). */
export const ADMIN_OPERATION_SUMMARIES: Readonly<Record<string, string>> = {
    "postMerchants": "Register a merchant; the response shows its clientSecret once",
    "getMerchants": "List merchants in registration order; q: text the name or clientId contains (any letter case), enabled: true or false",
    "getMerchantsClientId": "Read a merchant (never its secret)",
    "patchMerchantsClientId": "Change a merchant: name, endpoint URLs, token lifetimes, refresh-token rotation, enabled",
    "postMerchantsClientIdSecret": "Rotate the clientSecret; the old one keeps verifying for graceSeconds (default 24 h)",
    "postMerchantsClientIdDisable": "Disable a merchant: every SSO call and its users' gateway calls are refused",
    "getMaintenance": "Read the maintenance mode apps see in center.getServerInfo",
    "putMaintenance": "Set the maintenance mode: none, upgrade (000066) or address-change (000077 with server_url = serverUrl)",
    "postManufacturers": "Register a device manufacturer; the response shows its delKey (force-unbind key) once",
    "getManufacturers": "List manufacturers in registration order; q: text the oemCode or name contains (any letter case)",
    "getManufacturersOemCode": "Read a manufacturer (never its delKey)",
    "postManufacturersOemCodeDelkey": "Rotate the delKey; the old one stops verifying at once, the new one is shown once",
    "postPermissions": "Add a permission (plan) to the catalogue",
    "getPermissions": "List the permission catalogue in creation order; q: text the permissionCode or permissionName contains (any letter case), permissionType: 1, 2 or 3",
    "patchPermissionsPermissionCode": "Set a plan's retentionDays (rolling days of cloud recordings kept; null: not a cloud-recording plan), the one field that may change",
    "postGrants": "Grant a permission to a user (paid grants wait for activation, grantStatus 1)",
    "getGrants": "List grants in creation order — with state=active soonest-ending first, with state=over most recently ended first; openId, permissionCode (exact), ipcMac (any MAC spelling), state: waiting, active, over (period ended) or revoked",
    "getGrantsGrantId": "Read a grant",
    "postDevicesDevIdSegments": "Store one MPEG-TS segment of a device's recording (the device must be bound); start in epoch seconds, duration in seconds, type an event type 0–65535",
    "getDevicesMacRecordings": "Without day: the UTC days with recordings of the device's owner (the days of record.date.query's hours), YYYY-MM-DD; with day=YYYY-MM-DD: that day's clips (as record.query: start, end, type)",
    "postDevicesMacPlayback": "The signed HLS playlist URL of a window of the device's recordings, as record.play gives apps (start < end ≤ start + 21600 s, epoch seconds; valid 3600 s)",
    "postFirmware": "Add a firmware release to its model's upgrade chain (the model is created with its first release)",
    "getFirmware": "List firmware releases, optionally of one model",
    "getFirmwareModels": "List models in creation order, with their smart-upgrade switch and release counts; q: text the machineTypeName contains (any letter case)",
    "getFirmwareId": "Read a firmware release",
    "patchFirmwareId": "Change a release's active, remind, rolloutPercent or interim (versions and artifacts are immutable)",
    "getFirmwareModelsMachineTypeName": "Read a model (its smart-upgrade switch)",
    "patchFirmwareModelsMachineTypeName": "Mark a model as (not) supporting smart upgrade (010121)",
    "getFirmwareModelsMachineTypeNameProgress": "Rollout progress of a model: distinct devices that asked firmware.latest in the last 24 h and 7 d, by version they asked from, by answer and by release offered",
    "getDeadlettersDevice": "Events device-service gave up on after its maximum deliveries",
    "postDeadlettersDeviceIdResolve": "Mark a dead letter of device-service handled; with {\"replay\": true} apply the event again first",
    "getDeadlettersPermission": "Events permission-service gave up on after its maximum deliveries",
    "postDeadlettersPermissionIdResolve": "Mark a dead letter of permission-service handled; with {\"replay\": true} apply the event again first",
    "getDeadlettersStorage": "Events storage-service gave up on after its maximum deliveries",
    "postDeadlettersStorageIdResolve": "Mark a dead letter of storage-service handled; with {\"replay\": true} apply the event again first",
    "getDeadlettersPush": "Events push-service gave up on after its maximum deliveries",
    "postDeadlettersPushIdResolve": "Mark a dead letter of push-service handled; with {\"replay\": true} apply the event again first",
    "getDevicesMac": "A device (MAC in any spelling) with its owner (sso-service), one page of the owner's grants on it and its current service (permission-service) and a summary of its recordings (storage-service); a part whose service failed is { error: { errorCode, failureDetails } }",
    "getUsersOpenId": "A user with their merchant, one page of their devices (device-service) and of their grants (permission-service); a part whose service failed is { error: { errorCode, failureDetails } }. Each list pages on by its own cursor: devicesCursor (the devices part's nextCursor) and grantsCursor (the grants part's); limit is both lists' page size",
    "getUsers": "Users with this merchant uuid (under every merchant, or one clientId's), oldest first",
    "getOutbox": "Events waiting in each service's outbox (not yet published) and the age of the oldest; a service that failed is listed with { error }",
    "getConsumers": "Each service's durable event consumer: events not yet delivered (pending), delivered and not yet acknowledged (ackPending; redelivered: delivered more than once), the age of the oldest not acknowledged, and its open dead letters; a service that failed is listed with { error }",
    "getSession": "The name and role of the calling token (full, or read-only: GET only), for a console to show or hide write actions",
    "getAudit": "The audit log, newest first: every POST, PUT, PATCH and DELETE, refusals included (who, what, when, the answer's status and error code, the request id; never a response). Filters: actor (a token name), method, path (prefix, e.g. /merchants), tag, result (pending, ok, refused, failed), from and to (ISO times with offset; from inclusive, to exclusive)",
    "getPushHealth": "Delivery health of every merchant and provider over the last 24 hours: sent, pending, invalid tokens removed, dead letters, last error, breaker",
    "getPushMerchantsClientId": "A merchant's push providers (never their keys), message retention and delivery health",
    "patchPushMerchantsClientId": "Set how many days a merchant's users' alarm messages are kept (null: PUSH_MESSAGE_RETENTION_DAYS)",
    "putPushMerchantsClientIdProvidersProvider": "Set a merchant's credentials of a provider, replacing any: fcm (a service account's projectId, clientEmail, privateKey), apns (teamId, keyId, the .p8 privateKey, bundleId, environment) or webhook (the url of the merchant's push server). Encrypted at rest, never shown again",
    "deletePushMerchantsClientIdProvidersProvider": "Remove a merchant's credentials of a provider (its deliveries then end as dead letters until set again)",
    "postPushMerchantsClientIdReplaydead": "Try every dead delivery of a merchant again (after its credentials or push server were fixed)",
    "getPushDeliveries": "Deliveries, most recently changed first; clientId, state (pending, sent, invalid_token, cancelled, dead), messageId",
    "postPushDeliveriesDeliveryIdReplay": "Try a dead delivery again now, when its endpoint is still registered",
    "getPushDevicesMacAddrAlarms": "A device's alarm messages, newest first, with their pictures and deliveries",
    "getOverview": "The platform at a glance: each service's readiness, version and counts (exact below 100k rows, else estimated from PostgreSQL's statistics: `estimated`), merchants whose calls fail or whose breaker is open (the answering sso-service replica's last hour), and the public surface's requests, errors and latency over the last hour as the answering edge replica served them; a service that failed is listed with { error }"
};

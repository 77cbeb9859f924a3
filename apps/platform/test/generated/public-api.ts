// Generated from GET /openapi.json by openapi-typescript (apps/platform/test/public-api-client.e2e.spec.ts): do not edit.
// UPDATE_PUBLIC_API_TYPES=1 npx jest -c apps/platform/jest.config.cjs public-api-client writes it anew.
export interface paths {
    "/sso/authorize_by_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign a merchant's user in with the merchant's token (spec 4.1, 3.1).
         * @description The platform asks the merchant's is_valid_token who the user is, creates or refreshes the user's account and issues an access token and a refresh token.
         *
         *     Signed by the merchant (spec 5.1): the four headers below. Parameters in a form body (a JSON object and the query string work too). Checks in order: headers, merchant, version, clock, signature, replay, parameters.
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `OP0041` | signature header missing |
         *     | `030010` | application key does not exist |
         *     | `OP0047` | merchant is disabled |
         *     | `OP0045` | unsupported x-version, expected 1.0 |
         *     | `OP0042` | x-client-time differs from server time by more than 15 seconds |
         *     | `OP0043` | signature does not match |
         *     | `OP0044` | signature already used |
         *     | `OP0046` | invalid request parameters |
         *     | `OP0051` | partner authorization denied |
         *     | `OP0052` | merchant endpoint unavailable |
         *     | `000099` | internal server error, try again later |
         */
        post: operations["ssoAuthorizeByToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sso/refresh_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade a refresh token for a new access token (spec 4.1, 3.2).
         * @description Without refresh-token rotation (a merchant setting) the same refresh token comes back; with it, a new one comes back and the presented one is spent (presenting it again revokes its family: OP0055).
         *
         *     Signed by the merchant (spec 5.1): the four headers below. Parameters in a form body (a JSON object and the query string work too). Checks in order: headers, merchant, version, clock, signature, replay, parameters.
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `OP0041` | signature header missing |
         *     | `030010` | application key does not exist |
         *     | `OP0047` | merchant is disabled |
         *     | `OP0045` | unsupported x-version, expected 1.0 |
         *     | `OP0042` | x-client-time differs from server time by more than 15 seconds |
         *     | `OP0043` | signature does not match |
         *     | `OP0044` | signature already used |
         *     | `OP0046` | invalid request parameters |
         *     | `030091` | tokenInfo not exists |
         *     | `030051` | refreshtoken expired |
         *     | `OP0055` | refresh token already used, sign in again |
         *     | `000099` | internal server error, try again later |
         */
        post: operations["ssoRefreshToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sso/user_callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The merchant reports that a user changed or was deleted (spec 4.1, 6.2).
         * @description The platform confirms with the merchant's get_user_profile before acting: UPDATE refreshes the user's profile; DELETE removes the account, its tokens and (through events) its devices and grants. Repeating a callback is harmless.
         *
         *     Signed by the merchant (spec 5.1): the four headers below. Parameters in a form body (a JSON object and the query string work too). Checks in order: headers, merchant, version, clock, signature, replay, parameters.
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `OP0041` | signature header missing |
         *     | `030010` | application key does not exist |
         *     | `OP0047` | merchant is disabled |
         *     | `OP0045` | unsupported x-version, expected 1.0 |
         *     | `OP0042` | x-client-time differs from server time by more than 15 seconds |
         *     | `OP0043` | signature does not match |
         *     | `OP0044` | signature already used |
         *     | `OP0046` | invalid request parameters |
         *     | `OP0054` | user profile not exists |
         *     | `OP0053` | merchant still returns the user, delete refused |
         *     | `OP0052` | merchant endpoint unavailable |
         *     | `000099` | internal server error, try again later |
         */
        post: operations["ssoUserCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gateway": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gateway operations called with GET
         * @description Every operation below is `GET /gateway?service=<service>&<parameter>=<value>…`: `service` and each parameter its own query parameter.
         *
         *     | service | authentication | what it does |
         *     |---|---|---|
         *     | `user_ipc_setting_v2_0.getOemDeviceByUser` | user | The user's devices, in the order they were added (spec 4.4). |
         *     | `user_ipc_setting_v2_0.getOemDeviceByUserAndMac` | user | One of the user's devices (spec 4.4). |
         *     | `permission.query_user_not_active` | user | The user's authorization records waiting for activation (spec 4.4, 2.5). |
         *     | `fcmall.get_current_service` | user | The current cloud service of one of the user's devices (spec 4.4, 2.6). |
         *     | `permission.query_user_ipcs_valid` | user | The authorization records in service on all the user's devices (spec 4.4, 2.5). |
         *     | `center.getServerInfo` | user | The user's sub-service information, fixed per user (spec 4.4, 2.7). |
         *     | `cloud_system.current_time` | none | Server time in epoch milliseconds (spec 4.4). |
         *     | `firmware.latest` | user | The next firmware for a device on its model's upgrade chain (spec 4.4, 2.9). |
         *     | `push_message.list` | user | The user's alarm messages, newest first, a page at a time; by device, by type and by time. |
         *     | `push_message.unread_count` | user | How many of the user's alarm messages are unread, of all devices or of one. |
         *     | `push_endpoint.list` | user | The user's push endpoints, newest first. |
         *     | `push_switch.list` | user | The user's push switches; alarms no switch covers are pushed. |
         *
         *     ### user_ipc_setting_v2_0.getOemDeviceByUser
         *
         *     `GET /gateway?service=user_ipc_setting_v2_0.getOemDeviceByUser&…` (parameters in the query string) — The user's devices, in the order they were added (spec 4.4). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | array of object | Spec 2.4 device record: the device as the user added or last modified it. |
         *     | `data[].userId` | integer | The user's internal id. |
         *     | `data[].macAddr` | string | The device's MAC in the canonical form. |
         *     | `data[].deviceName` | string | Device name set by the user. |
         *     | `data[].productName` | string | Model name. |
         *     | `data[].username` | string | Device user name set by the user. |
         *     | `data[].password` | string | Device password exactly as the app sent it (encrypted by the app). |
         *     | `data[].hasusertag` | integer | Push support: 0 not supported, 2 supported. |
         *     | `data[].supportStore` | integer | Cloud storage: 0 not supported, 1 supported. |
         *     | `data[].supportRichMedia` | integer | Rich media push: 0 not supported, 1 supported. |
         *     | `data[].oemCode` | string | Code of the device manufacturer. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         *
         *     ### user_ipc_setting_v2_0.getOemDeviceByUserAndMac
         *
         *     `GET /gateway?service=user_ipc_setting_v2_0.getOemDeviceByUserAndMac&…` (parameters in the query string) — One of the user's devices (spec 4.4). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `macAddr` | string | yes | 1–20 characters; mac | Device MAC. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object | Spec 2.4 device record: the device as the user added or last modified it. |
         *     | `data.userId` | integer | The user's internal id. |
         *     | `data.macAddr` | string | The device's MAC in the canonical form. |
         *     | `data.deviceName` | string | Device name set by the user. |
         *     | `data.productName` | string | Model name. |
         *     | `data.username` | string | Device user name set by the user. |
         *     | `data.password` | string | Device password exactly as the app sent it (encrypted by the app). |
         *     | `data.hasusertag` | integer | Push support: 0 not supported, 2 supported. |
         *     | `data.supportStore` | integer | Cloud storage: 0 not supported, 1 supported. |
         *     | `data.supportRichMedia` | integer | Rich media push: 0 not supported, 1 supported. |
         *     | `data.oemCode` | string | Code of the device manufacturer. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `020041` | device setting does not exist |
         *     | `000099` | internal server error, try again later |
         *
         *     ### permission.query_user_not_active
         *
         *     `GET /gateway?service=permission.query_user_not_active&…` (parameters in the query string) — The user's authorization records waiting for activation (spec 4.4, 2.5). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `supportBpi` | integer | yes | one of `0`, `1`; at most 1 characters | Whether the app supports BPI plans: 0 no, 1 yes. At most 1 characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | array of object | Spec 2.5 authorization record. |
         *     | `data[].grantId` | integer | The record's id: what permission.active activates. |
         *     | `data[].ipcMac` | string | The device's MAC in the canonical form. Empty while the record is tied to no device. |
         *     | `data[].permissionCode` | string | Code of the plan. |
         *     | `data[].permissionName` | string | Name of the plan. |
         *     | `data[].permissionType` | integer | 1 paid, 2 or 3 free. |
         *     | `data[].permissionValue` | integer | The plan's duration in days. |
         *     | `data[].grantStatus` | integer | 1 waiting for activation, 3 activated. |
         *     | `data[].userTag` | string | Always empty. |
         *     | `data[].streamId` | string (may be absent) | Never sent: no cloud-storage stream is assigned. |
         *     | `data[].belongServer` | string | The plan's server tag, as the operator set it. |
         *     | `data[].initTime` | integer | When the record was created, epoch milliseconds. |
         *     | `data[].channelCount` | integer | Channels the plan covers. |
         *     | `sysDate` | integer | Server time at answer, epoch milliseconds. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         *
         *     ### fcmall.get_current_service
         *
         *     `GET /gateway?service=fcmall.get_current_service&…` (parameters in the query string) — The current cloud service of one of the user's devices (spec 4.4, 2.6). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `macAddr` | string | yes | 1–20 characters; mac | Device MAC. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object | Spec 2.6 current service record. |
         *     | `data.userId` | integer | The user's internal id. |
         *     | `data.macAddr` | string | The device's MAC in the canonical form. |
         *     | `data.name` | string | The plan's name; the free 8-hour service's name; empty without service. |
         *     | `data.description` | string | Same as name for a plan; a sentence for the free 8-hour service; empty without service. |
         *     | `data.startTime` | integer or null | Start of the service period, epoch milliseconds; null for the free 8-hour service and without service. |
         *     | `data.endTime` | integer or null | End of the service period, epoch milliseconds; null for the free 8-hour service and without service. |
         *     | `data.validity` | string | "&lt;n> days", "1 day", "8 hours" (free service), or empty without service. |
         *     | `data.status` | integer | 3 in service, 0 no service. |
         *     | `data.flag` | integer | 1 paid plan, 2 free (a free plan or the free 8-hour service), 0 no service. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `020041` | device setting does not exist |
         *     | `000099` | internal server error, try again later |
         *
         *     ### permission.query_user_ipcs_valid
         *
         *     `GET /gateway?service=permission.query_user_ipcs_valid&…` (parameters in the query string) — The authorization records in service on all the user's devices (spec 4.4, 2.5). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | array of object | Spec 2.5 authorization record. |
         *     | `data[].grantId` | integer | The record's id: what permission.active activates. |
         *     | `data[].ipcMac` | string | The device's MAC in the canonical form. Empty while the record is tied to no device. |
         *     | `data[].permissionCode` | string | Code of the plan. |
         *     | `data[].permissionName` | string | Name of the plan. |
         *     | `data[].permissionType` | integer | 1 paid, 2 or 3 free. |
         *     | `data[].permissionValue` | integer | The plan's duration in days. |
         *     | `data[].grantStatus` | integer | 1 waiting for activation, 3 activated. |
         *     | `data[].userTag` | string | Always empty. |
         *     | `data[].streamId` | string (may be absent) | Never sent: no cloud-storage stream is assigned. |
         *     | `data[].belongServer` | string | The plan's server tag, as the operator set it. |
         *     | `data[].initTime` | integer | When the record was created, epoch milliseconds. |
         *     | `data[].channelCount` | integer | Channels the plan covers. |
         *     | `sysDate` | integer | Server time at answer, epoch milliseconds. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         *
         *     ### center.getServerInfo
         *
         *     `GET /gateway?service=center.getServerInfo&…` (parameters in the query string) — The user's sub-service information, fixed per user (spec 4.4, 2.7). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `oemCode` | string | yes | at most 20 characters | Code of the manufacturer of the app's devices; apps may send it empty. Required, but may be sent empty. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object | Spec 2.7 sub-service information. |
         *     | `data.userId` | integer | The user's internal id. |
         *     | `data.subtoken` | string | 32 random base62 characters; stream calls send MD5(subtoken + timestamp) as sessionToken. |
         *     | `data.area` | string | The user's country from the merchant's profile, else "global". |
         *     | `data.tag` | string | 16 random base62 characters. |
         *     | `data.storeTag` | string | 16 random base62 characters. |
         *     | `data.alexaTag` | string | 16 random base62 characters. |
         *     | `data.rekognitionTag` | string | 16 random base62 characters. |
         *     | `data.url` | string | Push business query service address (PUSH_QUERY_URL), empty when none. |
         *     | `data.sendMsgUrl` | string | Push message receiving service, http form (PUSH_SEND_URL), empty when none. |
         *     | `data.sendMsgUrlSecure` | string | Push message receiving service, https form, empty when none. |
         *     | `data.storeUrl` | string | The cloud-storage host {store_url} (PUBLIC_STORE_URL). |
         *     | `data.alexaUrl` | string | Voice-assistant service address (VOICE_ASSISTANT_URL), empty when none. |
         *     | `data.channelCount` | integer | Always 1. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000066` | system is being upgraded, poll again in about 5 minutes |
         *     | `000077` | the dispatch-center address changed |
         *     | `000099` | internal server error, try again later |
         *
         *     ### cloud_system.current_time
         *
         *     `GET /gateway?service=cloud_system.current_time&…` (parameters in the query string) — Server time in epoch milliseconds (spec 4.4). Authentication: none: public, or authenticated by its own parameters.
         *
         *     No parameters.
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | integer | Server time, epoch milliseconds. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `000099` | internal server error, try again later |
         *
         *     ### firmware.latest
         *
         *     `GET /gateway?service=firmware.latest&…` (parameters in the query string) — The next firmware for a device on its model's upgrade chain (spec 4.4, 2.9). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `macAddr` | string | yes | 1–20 characters; mac | Device MAC (decides staged rollouts). A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *     | `machineTypeName` | string | yes | 1–50 characters | The device's model, as it reports it. No control characters. |
         *     | `sysVersion1` | integer | yes | 0…2147483647 | Version component sysVersion1 the device runs now. |
         *     | `sysVersion3` | integer | yes | 0…2147483647 | Version component sysVersion3 the device runs now. |
         *     | `sysVersion4` | integer | yes | 0…2147483647 | Version component sysVersion4 the device runs now. |
         *     | `appVersion1` | integer | yes | 0…2147483647 | Version component appVersion1 the device runs now. |
         *     | `appVersion3` | integer | yes | 0…2147483647 | Version component appVersion3 the device runs now. |
         *     | `appVersion4` | integer | yes | 0…2147483647 | Version component appVersion4 the device runs now. |
         *     | `patchVersion` | integer | no | 0…2147483647 | Version component patchVersion the device runs now. Optional: sent empty, it counts as not given. |
         *     | `oemCode` | string | no | at most 20 characters | Code of the device manufacturer. Optional: sent empty, it counts as not given. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object (may be absent) | Spec 2.9 firmware record: the release the device should install next. |
         *     | `data.id` | integer | The release's id. |
         *     | `data.desc` | string | Release notes as JSON text {"zh":…,"en":…}. |
         *     | `data.downloadUri` | string | Where the device downloads the firmware. |
         *     | `data.md5` | string | MD5 of the firmware file, 32 hex digits. |
         *     | `data.type` | integer | 1 system firmware, 2 application firmware. |
         *     | `data.version1` | integer | Version, first component. |
         *     | `data.version2` | string | Version, second component (a platform tag, carried, never compared). |
         *     | `data.version3` | integer | Version, third component. |
         *     | `data.version4` | integer | Version, fourth component. |
         *     | `data.patchVersion` | integer | Patch version. |
         *     | `data.createTime` | integer | When the release was created, epoch milliseconds. |
         *     | `data.name` | string | "&lt;machineTypeName> &lt;v1>.&lt;v2>.&lt;v3>.&lt;v4>", with ".p&lt;patch>" when the patch version is above 0. |
         *     | `data.uploadUtilName` | string | Always empty. |
         *     | `data.backupUploadUtilName` | string | Always empty. |
         *     | `data.path` | string | The path of downloadUri. |
         *     | `data.backupUri` | string | Always empty. |
         *     | `data.interim` | integer | 1 when this release must be installed before any release above it. |
         *     | `data.seqNo` | integer | 1-based rank in the model's chain of this firmware type. |
         *     | `data.newest` | integer | 1 for the last release of the chain. |
         *     | `data.active` | integer | Always 1. |
         *     | `data.remind` | integer | 1 when the user should be reminded to upgrade. |
         *     | `data.remindActive` | integer | Same as remind. |
         *     | `data.firmwarePlatform` | string | Same as version2. |
         *     | `data.productTypeId` | integer | Always 0. |
         *     | `data.winPluginId` | integer | Always 0. |
         *     | `data.macOsPluginId` | integer | Always 0. |
         *     | `remind` | number or number | 1 when the offered release asks to remind the user; 0 otherwise and when up to date. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `000005` | parameter is empty |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `010026` | invalid version number |
         *     | `010120` | the model has no firmware upgrade chain |
         *     | `010121` | smart upgrade not supported |
         *     | `003301` | database error |
         *     | `000099` | internal server error, try again later |
         *
         *     ### push_message.list
         *
         *     `GET /gateway?service=push_message.list&…` (parameters in the query string) — The user's alarm messages, newest first, a page at a time; by device, by type and by time. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `devId` | string | no | at most 20 characters; mac | Only this device's messages. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. Optional: sent empty, it counts as not given. No control characters. |
         *     | `type` | integer | no | at most 5 characters | Only messages of this alarm type. At most 5 characters. Optional: sent empty, it counts as not given. |
         *     | `startTime` | integer (int64) | no | at most 20 characters | Only messages whose last alarm is at or after this time (epoch seconds). A signed 64-bit integer in decimal. At most 20 characters. Optional: sent empty, it counts as not given. |
         *     | `endTime` | integer (int64) | no | at most 20 characters | Only messages whose last alarm is before this time (epoch seconds). A signed 64-bit integer in decimal. At most 20 characters. Optional: sent empty, it counts as not given. |
         *     | `page` | integer | no | at most 6 characters | Page number, from 1 (default 1). At most 6 characters. Optional: sent empty, it counts as not given. |
         *     | `pageSize` | integer | no | at most 3 characters | Messages a page, 1 to 100 (default 20). At most 3 characters. Optional: sent empty, it counts as not given. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object |  |
         *     | `data.total` | integer | Messages matching the filters. |
         *     | `data.list` | array of object | An alarm message. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         *
         *     ### push_message.unread_count
         *
         *     `GET /gateway?service=push_message.unread_count&…` (parameters in the query string) — How many of the user's alarm messages are unread, of all devices or of one. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `devId` | string | no | at most 20 characters; mac | Only this device's messages. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. Optional: sent empty, it counts as not given. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object |  |
         *     | `data.unread` | integer | Unread messages. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         *
         *     ### push_endpoint.list
         *
         *     `GET /gateway?service=push_endpoint.list&…` (parameters in the query string) — The user's push endpoints, newest first. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object |  |
         *     | `data.list` | array of object | A push endpoint. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         *
         *     ### push_switch.list
         *
         *     `GET /gateway?service=push_switch.list&…` (parameters in the query string) — The user's push switches; alarms no switch covers are pushed. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object |  |
         *     | `data.list` | array of object | A push switch. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         */
        get: operations["gatewayGet"];
        put?: never;
        /**
         * Gateway operations called with POST
         * @description Every operation below is `POST /gateway?service=<service>` with its parameters as a form body (`Content-Type: application/x-www-form-urlencoded`; a JSON object works too, and so does the query string; a parameter in both the body and the query string is read from the body). `service` may instead be a field of the body, with no query string; named in both, the two must be the same, or the call is refused with 000006.
         *
         *     | service | authentication | what it does |
         *     |---|---|---|
         *     | `user_ipc_setting_v2_0.addOemDevice` | user | Add a device to the user (spec 4.4). |
         *     | `user_ipc_setting_v2_0.delOemDeviceByMac` | user | Delete one of the user's devices (spec 4.4). |
         *     | `user_ipc_setting_v2_0.updateOemDevice` | user | Modify one of the user's devices: only the parameters given change (spec 4.4). |
         *     | `user_ipc_setting_v2_0.delOemDeviceForce` | none | Force-unbind a device, signed by its manufacturer: sign = MD5(mac + timeStamp + delKey) (spec 4.4). |
         *     | `permission.active` | user | Activate a waiting authorization record on one of the user's devices (spec 4.4). |
         *     | `push_message.mark_read` | user | Marks alarm messages read: the ids given, or every message of the user (or of one device) with all=1. |
         *     | `push_message.delete` | user | Deletes alarm messages and their pictures. |
         *     | `push_endpoint.register` | user | Registers where the user's alarms are pushed: an FCM registration token, an APNs device token or a recipient of the merchant's push server, for all the user's devices or some. |
         *     | `push_endpoint.remove` | user | Removes push endpoints of the user: the one named (endpointId), or every one with that provider and token. |
         *     | `push_switch.set` | user | Turns alarm pushes on or off for a device, a type, a type of a device, or everything; the most specific switch decides. |
         *
         *     ### user_ipc_setting_v2_0.addOemDevice
         *
         *     `POST /gateway?service=user_ipc_setting_v2_0.addOemDevice` (parameters in a form body) — Add a device to the user (spec 4.4). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `macAddr` | string | yes | 1–20 characters; mac | Device MAC, any accepted spelling; stored and returned as 12 upper-case hex digits. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *     | `deviceName` | string | yes | 1–50 characters | Device name set by the user. No control characters. |
         *     | `username` | string | yes | 1–64 characters | Device user name set by the user. No control characters. |
         *     | `password` | string | yes | 1–160 characters | Device password set by the user, encrypted by the app; returned exactly as sent. No control characters. |
         *     | `hasusertag` | integer | yes | one of `0`, `2` | Push support: 0 not supported, 2 supported. |
         *     | `supportStore` | integer | yes | one of `0`, `1` | Cloud storage: 0 not supported, 1 supported. |
         *     | `supportRichMedia` | integer | yes | one of `0`, `1` | Rich media push: 0 not supported, 1 supported. |
         *     | `productName` | string | yes | 1–50 characters | Model name. No control characters. |
         *     | `oemCode` | string | yes | 1–20 characters | Code of the device manufacturer. No control characters. |
         *
         *     Answer: `errorCode` `""` and `failureDetails` `""` only.
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `020040` | device already added for the user |
         *     | `020042` | device was added by another user |
         *     | `000099` | internal server error, try again later |
         *
         *     ### user_ipc_setting_v2_0.delOemDeviceByMac
         *
         *     `POST /gateway?service=user_ipc_setting_v2_0.delOemDeviceByMac` (parameters in a form body) — Delete one of the user's devices (spec 4.4). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `macAddr` | string | yes | 1–20 characters; mac | Device MAC. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *
         *     Answer: `errorCode` `""` and `failureDetails` `""` only.
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `020041` | device setting does not exist |
         *     | `000099` | internal server error, try again later |
         *
         *     ### user_ipc_setting_v2_0.updateOemDevice
         *
         *     `POST /gateway?service=user_ipc_setting_v2_0.updateOemDevice` (parameters in a form body) — Modify one of the user's devices: only the parameters given change (spec 4.4). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `macAddr` | string | yes | 1–20 characters; mac | Device MAC. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *     | `deviceName` | string | no | at most 50 characters | Device name set by the user. Optional: sent empty, it counts as not given. No control characters. |
         *     | `username` | string | no | at most 64 characters | Device user name set by the user. Optional: sent empty, it counts as not given. No control characters. |
         *     | `password` | string | no | at most 160 characters | Device password set by the user, encrypted by the app; returned exactly as sent. Optional: sent empty, it counts as not given. No control characters. |
         *     | `hasusertag` | integer | no | one of `0`, `2` | Push support: 0 not supported, 2 supported. Optional: sent empty, it counts as not given. |
         *     | `supportStore` | integer | no | one of `0`, `1` | Cloud storage: 0 not supported, 1 supported. Optional: sent empty, it counts as not given. |
         *     | `supportRichMedia` | integer | no | one of `0`, `1` | Rich media push: 0 not supported, 1 supported. Optional: sent empty, it counts as not given. |
         *     | `productName` | string | no | at most 50 characters | Model name. Optional: sent empty, it counts as not given. No control characters. |
         *
         *     Answer: `errorCode` `""` and `failureDetails` `""` only.
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `020041` | device setting does not exist |
         *     | `000099` | internal server error, try again later |
         *
         *     ### user_ipc_setting_v2_0.delOemDeviceForce
         *
         *     `POST /gateway?service=user_ipc_setting_v2_0.delOemDeviceForce` (parameters in a form body) — Force-unbind a device, signed by its manufacturer: sign = MD5(mac + timeStamp + delKey) (spec 4.4). Authentication: none: public, or authenticated by its own parameters.
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `mac` | string | yes | 1–20 characters; mac | Device MAC in any accepted spelling, exactly as signed. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *     | `timeStamp` | string | yes | 1–20 characters | Unix time in seconds or milliseconds, within 300 s of server time. No control characters. |
         *     | `oemCode` | string | yes | 1–20 characters | Code of the device manufacturer. No control characters. |
         *     | `sign` | string | yes | 1–64 characters | MD5 (32 hex digits, either case) of mac + timeStamp + delKey. No control characters. |
         *
         *     Answer: `errorCode` `""` and `failureDetails` `""` only.
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `DV0040` | oemCode is not a registered manufacturer |
         *     | `DV0042` | timeStamp is too far from server time |
         *     | `DV0043` | sign does not match |
         *     | `DV0044` | sign already used |
         *     | `020041` | device setting does not exist |
         *     | `000099` | internal server error, try again later |
         *
         *     ### permission.active
         *
         *     `POST /gateway?service=permission.active` (parameters in a form body) — Activate a waiting authorization record on one of the user's devices (spec 4.4). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `grantId` | integer (int64) | yes | at most 20 characters | The record's grantId, from permission.query_user_not_active. A signed 64-bit integer in decimal. At most 20 characters. |
         *     | `ipcMac` | string | yes | 1–20 characters; mac | The device to activate the record on. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *     | `exceptionInfo` | string | no | at most 1024 characters | Free text from the app, stored with the activation. Optional: sent empty, it counts as not given. May hold tab, line feed and carriage return; no other control characters. |
         *     | `appClientVersion` | string | no | at most 50 characters | The app's version, stored with the activation. Optional: sent empty, it counts as not given. No control characters. |
         *
         *     Answer: `errorCode` `""` and `failureDetails` `""` only.
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `883202` | authorization record does not exist |
         *     | `883203` | record status does not allow activation |
         *     | `883204` | record does not match the device MAC |
         *     | `020041` | device setting does not exist |
         *     | `000099` | internal server error, try again later |
         *
         *     ### push_message.mark_read
         *
         *     `POST /gateway?service=push_message.mark_read` (parameters in a form body) — Marks alarm messages read: the ids given, or every message of the user (or of one device) with all=1. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `messageIds` | string | no | at most 3700 characters | Message ids separated by commas, at most 100. Optional: sent empty, it counts as not given. No control characters. |
         *     | `all` | integer | no | one of `0`, `1`; at most 1 characters | 1: every message (of devId when given). At most 1 characters. Optional: sent empty, it counts as not given. |
         *     | `devId` | string | no | at most 20 characters; mac | With all=1: only this device's messages. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. Optional: sent empty, it counts as not given. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object |  |
         *     | `data.updated` | integer | Messages marked read now. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         *
         *     ### push_message.delete
         *
         *     `POST /gateway?service=push_message.delete` (parameters in a form body) — Deletes alarm messages and their pictures. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `messageIds` | string | yes | 1–3700 characters | Message ids separated by commas, at most 100. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object |  |
         *     | `data.deleted` | integer | Messages deleted now. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         *
         *     ### push_endpoint.register
         *
         *     `POST /gateway?service=push_endpoint.register` (parameters in a form body) — Registers where the user's alarms are pushed: an FCM registration token, an APNs device token or a recipient of the merchant's push server, for all the user's devices or some. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `provider` | string | yes | 1–8 characters | fcm, apns or webhook (the merchant's own push server). No control characters. |
         *     | `token` | string | yes | 1–512 characters | The FCM registration token, the APNs device token (hex) or the webhook recipient id. No control characters. |
         *     | `devIds` | string | no | at most 1800 characters | MACs separated by commas, at most 100: only their alarms; absent or empty: every device of the user. Optional: sent empty, it counts as not given. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object | A push endpoint. |
         *     | `data.endpointId` | string | The endpoint's id (UUID). |
         *     | `data.provider` | string | fcm, apns or webhook. |
         *     | `data.tokenTail` | string | The last 8 characters of the token, to tell endpoints apart (the token itself is not sent back). |
         *     | `data.devIds` | array of string | Devices whose alarms it gets (canonical MACs); empty: every device of the user. |
         *     | `data.createdAt` | integer | When it was first registered (epoch seconds). |
         *     | `data.lastDeliveredAt` | integer | When a push last reached its provider (epoch seconds); 0: never. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `PS0412` | the merchant has not set up this push provider |
         *     | `PS0409` | the user has as many push endpoints as allowed: remove one first |
         *     | `000099` | internal server error, try again later |
         *
         *     ### push_endpoint.remove
         *
         *     `POST /gateway?service=push_endpoint.remove` (parameters in a form body) — Removes push endpoints of the user: the one named (endpointId), or every one with that provider and token. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `endpointId` | string | no | at most 36 characters | The endpoint's id, as push_endpoint.register answered it. Optional: sent empty, it counts as not given. No control characters. |
         *     | `provider` | string | no | at most 8 characters | With token: fcm, apns or webhook. Optional: sent empty, it counts as not given. No control characters. |
         *     | `token` | string | no | at most 512 characters | With provider: the token registered. Optional: sent empty, it counts as not given. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object |  |
         *     | `data.removed` | integer | Endpoints removed now (0 when none matched). |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         *
         *     ### push_switch.set
         *
         *     `POST /gateway?service=push_switch.set` (parameters in a form body) — Turns alarm pushes on or off for a device, a type, a type of a device, or everything; the most specific switch decides. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `clientId` | string | yes | 1–40 characters | The merchant's clientId (application key). No control characters. |
         *     | `openId` | string | yes | 1–40 characters | The user's openId, from the SSO login. No control characters. |
         *     | `accessToken` | string | yes | 1–40 characters | The access token from the SSO login or refresh. No control characters. |
         *     | `enabled` | integer | yes | one of `0`, `1`; at most 1 characters | 1: push these alarms; 0: keep them in the message center only. At most 1 characters. |
         *     | `devId` | string | no | at most 20 characters; mac | Only this device (absent: all devices). A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. Optional: sent empty, it counts as not given. No control characters. |
         *     | `type` | integer | no | at most 5 characters | Only this alarm type (absent: all types). At most 5 characters. Optional: sent empty, it counts as not given. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `data` | object | A push switch. |
         *     | `data.devId` | string | The device (canonical MAC); empty: all devices. |
         *     | `data.type` | integer | The alarm type; -1: all types. |
         *     | `data.enabled` | boolean | Whether these alarms are pushed. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `030010` | application key does not exist |
         *     | `030030` | openId does not exist |
         *     | `030031` | openId does not match |
         *     | `030040` | accessToken does not match |
         *     | `030041` | accessToken expired, sign in again |
         *     | `000099` | internal server error, try again later |
         */
        post: operations["gatewayPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cloud-storage operations called with GET
         * @description Every operation below is `GET /stream?service=<service>&<parameter>=<value>…`: `service` and each parameter its own query parameter.
         *
         *     | service | authentication | what it does |
         *     |---|---|---|
         *     | `record.date.query` | session | The UTC days with recordings of a device (spec 4.5). |
         *     | `record.query` | session | The recording intervals of a device between recordSt and recordEt (spec 4.5). |
         *     | `record.play` | session | Signed HLS playback addresses of a device's recordings from recordSt (spec 4.5, 2.8). |
         *     | `record.download` | session | A signed address of one MP4 file of a device's recordings between recordSt and recordEt, at most 10 minutes. |
         *
         *     ### record.date.query
         *
         *     `GET /stream?service=record.date.query&…` (parameters in the query string) — The UTC days with recordings of a device (spec 4.5). Authentication: devId, sessionToken = MD5(subtoken + timestamp) and timestamp, checked by storage-service (030040 when they do not match).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `devId` | string | yes | 1–20 characters; mac | The device's MAC (spec 4.5: devId). A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *     | `sessionToken` | string | yes | 1–64 characters | MD5 (32 hex digits) of the device owner's subtoken followed by timestamp as sent. No control characters. |
         *     | `timestamp` | string | yes | 1–20 characters; unix-time | Unix time in seconds or milliseconds, later than server time and at most 24 hours ahead. Unix time as decimal digits: 13 digits or more are milliseconds, fewer are seconds. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `dateList` | array of string | The UTC hours with recordings, YYYYMMDDTHH0000 (UTC), distinct, oldest first: apps convert each to the local day. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `020041` | device setting does not exist |
         *     | `030040` | accessToken does not match |
         *     | `000099` | internal server error, try again later |
         *
         *     ### record.query
         *
         *     `GET /stream?service=record.query&…` (parameters in the query string) — The recording intervals of a device between recordSt and recordEt (spec 4.5). Authentication: devId, sessionToken = MD5(subtoken + timestamp) and timestamp, checked by storage-service (030040 when they do not match).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `devId` | string | yes | 1–20 characters; mac | The device's MAC (spec 4.5: devId). A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *     | `sessionToken` | string | yes | 1–64 characters | MD5 (32 hex digits) of the device owner's subtoken followed by timestamp as sent. No control characters. |
         *     | `timestamp` | string | yes | 1–20 characters; unix-time | Unix time in seconds or milliseconds, later than server time and at most 24 hours ahead. Unix time as decimal digits: 13 digits or more are milliseconds, fewer are seconds. No control characters. |
         *     | `recordSt` | string | yes | 1–20 characters; record-time | Start of the query: epoch seconds or YYYYMMDDTHHMMSS (UTC). Epoch seconds (1–11 digits) or basic ISO YYYYMMDDTHHMMSS read as UTC. No control characters. |
         *     | `recordEt` | string | yes | 1–20 characters; record-time | End of the query, at most 31 days after recordSt. Epoch seconds (1–11 digits) or basic ISO YYYYMMDDTHHMMSS read as UTC. No control characters. |
         *     | `version` | string | yes | at most 20 characters | API version of the app; any value, also empty. Required, but may be sent empty. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `recordList` | array of [string, string, string] | Clips overlapping recordSt…recordEt: [start, end, type] as strings of integers (apps read them as long, long, int): start and end in epoch seconds, and the recording type — 0 normal (continuous), 2 motion, 3 sound; other integers 0–65535 as the recorder gave them. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `020041` | device setting does not exist |
         *     | `030040` | accessToken does not match |
         *     | `000099` | internal server error, try again later |
         *
         *     ### record.play
         *
         *     `GET /stream?service=record.play&…` (parameters in the query string) — Signed HLS playback addresses of a device's recordings from recordSt (spec 4.5, 2.8). Authentication: devId, sessionToken = MD5(subtoken + timestamp) and timestamp, checked by storage-service (030040 when they do not match).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `devId` | string | yes | 1–20 characters; mac | The device's MAC (spec 4.5: devId). A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *     | `sessionToken` | string | yes | 1–64 characters | MD5 (32 hex digits) of the device owner's subtoken followed by timestamp as sent. No control characters. |
         *     | `timestamp` | string | yes | 1–20 characters; unix-time | Unix time in seconds or milliseconds, later than server time and at most 24 hours ahead. Unix time as decimal digits: 13 digits or more are milliseconds, fewer are seconds. No control characters. |
         *     | `recordSt` | string | yes | 1–20 characters; record-time | Where playback starts: epoch seconds or YYYYMMDDTHHMMSS (UTC). Epoch seconds (1–11 digits) or basic ISO YYYYMMDDTHHMMSS read as UTC. No control characters. |
         *     | `version` | string | yes | at most 20 characters | API version of the app; any value, also empty. Required, but may be sent empty. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `recordUrl` | string | Signed HLS playlist on {store_url}, http:// form, valid for one hour. |
         *     | `secureUrl` | string | The same playlist, https:// form. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `020041` | device setting does not exist |
         *     | `030040` | accessToken does not match |
         *     | `000099` | internal server error, try again later |
         *
         *     ### record.download
         *
         *     `GET /stream?service=record.download&…` (parameters in the query string) — A signed address of one MP4 file of a device's recordings between recordSt and recordEt, at most 10 minutes. Authentication: devId, sessionToken = MD5(subtoken + timestamp) and timestamp, checked by storage-service (030040 when they do not match).
         *
         *     | parameter | type | required | rules | description |
         *     |---|---|---|---|---|
         *     | `devId` | string | yes | 1–20 characters; mac | The device's MAC (spec 4.5: devId). A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters. |
         *     | `sessionToken` | string | yes | 1–64 characters | MD5 (32 hex digits) of the device owner's subtoken followed by timestamp as sent. No control characters. |
         *     | `timestamp` | string | yes | 1–20 characters; unix-time | Unix time in seconds or milliseconds, later than server time and at most 24 hours ahead. Unix time as decimal digits: 13 digits or more are milliseconds, fewer are seconds. No control characters. |
         *     | `recordSt` | string | yes | 1–20 characters; record-time | Start of the clip: epoch seconds or YYYYMMDDTHHMMSS (UTC). Epoch seconds (1–11 digits) or basic ISO YYYYMMDDTHHMMSS read as UTC. No control characters. |
         *     | `recordEt` | string | yes | 1–20 characters; record-time | End of the clip, after recordSt and at most 600 seconds after it. Epoch seconds (1–11 digits) or basic ISO YYYYMMDDTHHMMSS read as UTC. No control characters. |
         *     | `version` | string | yes | at most 20 characters | API version of the app; any value, also empty. Required, but may be sent empty. No control characters. |
         *
         *     Answer (`errorCode` `""`):
         *
         *     | field | type | description |
         *     |---|---|---|
         *     | `downloadUrl` | string | Signed MP4 of the clip on {store_url} (H.264/H.265 and AAC as recorded, no re-encoding), http:// form, valid for one hour. |
         *     | `secureDownloadUrl` | string | The same MP4, https:// form. |
         *
         *     Error codes:
         *
         *     | errorCode | meaning |
         *     |---|---|
         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
         *     | `000006` | invalid request parameters |
         *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
         *     | `020041` | device setting does not exist |
         *     | `030040` | accessToken does not match |
         *     | `000099` | internal server error, try again later |
         */
        get: operations["streamGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/camera/v1/upload-target": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A camera asks the API host where to upload and within which limits
         * @description On the API host and port the app gave the camera. Checks the values like an upload (so a camera with wrong values knows before it records) and answers the upload URL on the store host, the limits, the server time and the plan.
         *
         *     **Signing.** Every request carries `mac`, `userTag`, `timestamp` (epoch seconds, within 300 s of server time) and `signature` = lower-case hex HMAC-SHA256, keyed with the UTF-8 bytes of the `streamId`, of ten lines joined by `\n` (no trailing newline):
         *
         *     ```
         *     DCP-CAMERA-V1
         *     <method: GET or POST>
         *     <path: /camera/v1/upload-target or /camera/v1/segments>
         *     <mac exactly as sent>
         *     <userTag>
         *     <start as sent, or empty>
         *     <duration as sent, or empty>
         *     <type as sent, or empty>
         *     <timestamp as sent>
         *     <lower-case hex SHA-256 of the body (of nothing for upload-target)>
         *     ```
         *
         *     The `streamId` itself is never sent: a captured request cannot be changed (MAC, time, type or bytes) and expires with its timestamp; sent again unchanged it is stored once.
         *
         *     **Answers.** Success: `{"errorCode":"000000","data":{…}}`. Refusal: the HTTP status below with `{"errorCode","failureDetails","serverTime"}`; HTTP 503 with `000099` is temporary: retry with exponential backoff and jitter.
         *
         *     | errorCode | HTTP | meaning | the camera |
         *     |---|---|---|---|
         *     | `CR0400` | 400 | invalid camera request parameter | fix the named parameter; do not retry as is |
         *     | `CR0401` | 401 | camera credentials refused: unknown, revoked or forged stream; ask the app for new values | stop uploading: the stream is unknown, revoked (device unbound, user deleted, another owner) or the signature is wrong; wait for the app to configure new values |
         *     | `CR0402` | 401 | timestamp too far from server time (serverTime in the answer) | set the clock offset from `serverTime` in the answer and sign again at once |
         *     | `CR0403` | 403 | no active cloud-recording plan for this device | pause: no cloud-recording plan in service; ask upload-target again every few minutes |
         *     | `CR0409` | 409 | segment out of order or conflicting with a stored one | drop this segment (out of order beyond the tolerance, or another segment with this start and type is stored) and go on |
         *     | `CR0413` | 413 | segment larger than the limit | drop it: at most 4194304 bytes |
         *     | `CR0415` | 415 | segment is not an MPEG transport stream | drop it: the body must be MPEG-TS (188-byte packets starting with 0x47), Content-Type video/mp2t |
         *     | `CR0429` | 429 | device quota reached, retry after the seconds in Retry-After | wait the seconds in `Retry-After`, then send the same segment again |
         */
        get: operations["cameraUploadTarget"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/camera/v1/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A camera uploads one recorded MPEG-TS segment (on the store host: the upload-target's uploadUrl)
         * @description One segment of H.264 or H.265 video with optional AAC audio, as the raw body. Idempotent: the same start, type, duration and bytes again answer the stored segment (HTTP 200, `duplicate: true`). A segment may start at most `outOfOrderToleranceSeconds` before the newest stored one. Quotas per device: `quotaBytesPerDay` (UTC day) and `quotaSegmentsPerMinute`.
         *
         *     **Signing.** Every request carries `mac`, `userTag`, `timestamp` (epoch seconds, within 300 s of server time) and `signature` = lower-case hex HMAC-SHA256, keyed with the UTF-8 bytes of the `streamId`, of ten lines joined by `\n` (no trailing newline):
         *
         *     ```
         *     DCP-CAMERA-V1
         *     <method: GET or POST>
         *     <path: /camera/v1/upload-target or /camera/v1/segments>
         *     <mac exactly as sent>
         *     <userTag>
         *     <start as sent, or empty>
         *     <duration as sent, or empty>
         *     <type as sent, or empty>
         *     <timestamp as sent>
         *     <lower-case hex SHA-256 of the body (of nothing for upload-target)>
         *     ```
         *
         *     The `streamId` itself is never sent: a captured request cannot be changed (MAC, time, type or bytes) and expires with its timestamp; sent again unchanged it is stored once.
         *
         *     **Answers.** Success: `{"errorCode":"000000","data":{…}}`. Refusal: the HTTP status below with `{"errorCode","failureDetails","serverTime"}`; HTTP 503 with `000099` is temporary: retry with exponential backoff and jitter.
         *
         *     | errorCode | HTTP | meaning | the camera |
         *     |---|---|---|---|
         *     | `CR0400` | 400 | invalid camera request parameter | fix the named parameter; do not retry as is |
         *     | `CR0401` | 401 | camera credentials refused: unknown, revoked or forged stream; ask the app for new values | stop uploading: the stream is unknown, revoked (device unbound, user deleted, another owner) or the signature is wrong; wait for the app to configure new values |
         *     | `CR0402` | 401 | timestamp too far from server time (serverTime in the answer) | set the clock offset from `serverTime` in the answer and sign again at once |
         *     | `CR0403` | 403 | no active cloud-recording plan for this device | pause: no cloud-recording plan in service; ask upload-target again every few minutes |
         *     | `CR0409` | 409 | segment out of order or conflicting with a stored one | drop this segment (out of order beyond the tolerance, or another segment with this start and type is stored) and go on |
         *     | `CR0413` | 413 | segment larger than the limit | drop it: at most 4194304 bytes |
         *     | `CR0415` | 415 | segment is not an MPEG transport stream | drop it: the body must be MPEG-TS (188-byte packets starting with 0x47), Content-Type video/mp2t |
         *     | `CR0429` | 429 | device quota reached, retry after the seconds in Retry-After | wait the seconds in `Retry-After`, then send the same segment again |
         */
        post: operations["cameraUploadSegment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/push/v1/alarms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A camera posts an alarm (at the sendMsgUrl of center.getServerInfo)
         * @description One alarm of the camera, with an optional JPEG picture as the raw body. Alarms of one device and type within the cooldown (60 s by default) are merged into one message with a count (HTTP 200, `merged: true`); each device and each user may post a bounded number of alarms a minute.
         *
         *     **Signing.** `signature` = lower-case hex HMAC-SHA256, keyed with the UTF-8 bytes of the user's push `tag` (center.getServerInfo), of eight lines joined by `\n` (no trailing newline):
         *
         *     ```
         *     DCP-ALARM-V1
         *     POST
         *     /push/v1/alarms
         *     <mac exactly as sent>
         *     <type as sent>
         *     <time as sent>
         *     <timestamp as sent>
         *     <lower-case hex SHA-256 of the body (of nothing without a picture)>
         *     ```
         *
         *     The tag is never sent. It is checked against the tag of the device's current owner: a device unbound or bound to someone else, or a deleted user, is refused at once.
         *
         *     **Answers.** Success: `{"errorCode":"000000","data":{…}}`. Refusal: the HTTP status below with `{"errorCode","failureDetails","serverTime"}`; HTTP 503 with `000099` is temporary: retry with exponential backoff and jitter.
         *
         *     | errorCode | HTTP | meaning | the camera |
         *     |---|---|---|---|
         *     | `CR0400` | 400 | invalid camera request parameter | fix the named parameter; do not retry as is |
         *     | `CR0401` | 401 | camera credentials refused: unknown, revoked or forged stream; ask the app for new values | stop: the device is not bound to the user whose tag signed (unbound, another owner, user deleted) or the signature is wrong; wait for the app to configure a new tag |
         *     | `CR0402` | 401 | timestamp too far from server time (serverTime in the answer) | set the clock offset from `serverTime` in the answer and sign again at once |
         *     | `CR0413` | 413 | segment larger than the limit | send a smaller picture: at most 524288 bytes |
         *     | `CR0416` | 415 | alarm picture is not a JPEG image | send the picture as JPEG (Content-Type image/jpeg), or no body |
         *     | `CR0429` | 429 | device quota reached, retry after the seconds in Retry-After | too many alarms this minute: wait the seconds in `Retry-After`; drop or coalesce alarms meanwhile |
         */
        post: operations["cameraPostAlarm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    is_valid_token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The platform asks the merchant whose token this is (at sign-in)
         * @description Called by POST /sso/authorize_by_token with the token the merchant's app sent, at the merchant's token validation URL (set by the platform's operators). Answer the user the token belongs to.
         */
        get: operations["merchantIsValidToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    get_user_profile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The platform asks the merchant for a user's current profile (at a user callback)
         * @description Called by POST /sso/user_callback before acting, at the merchant's user profile URL: UPDATE stores the profile answered; DELETE needs this to refuse (the user must be gone at the merchant first).
         */
        get: operations["merchantGetUserProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    push: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The platform hands an alarm notification to the merchant's push server
         * @description Called for every delivery to a recipient registered with provider `webhook`, at the push server URL the platform's operators set for the merchant. A form body, signed like the SSO calls (method POST, the URL's path, the form fields and any query parameters of the URL). Deliveries are retried, so the same `deliveryId` may arrive more than once: deliver it once.
         */
        post: operations["merchantPushWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * user_ipc_setting_v2_0.addOemDevice
         * @description `POST /gateway?service=user_ipc_setting_v2_0.addOemDevice` (parameters in a form body) — Add a device to the user (spec 4.4). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         * @example {
         *       "clientId": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
         *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8",
         *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
         *       "macAddr": "0A1B2C3D4E5F",
         *       "deviceName": "Porch camera",
         *       "username": "admin",
         *       "password": "camera-password",
         *       "hasusertag": 0,
         *       "supportStore": 0,
         *       "supportRichMedia": 0,
         *       "productName": "DocsCam Pro",
         *       "oemCode": "ACME"
         *     }
         */
        AddOemDeviceBody: {
            /** @description The merchant's clientId (application key). No control characters. */
            clientId: string;
            /** @description The user's openId, from the SSO login. No control characters. */
            openId: string;
            /** @description The access token from the SSO login or refresh. No control characters. */
            accessToken: string;
            /**
             * Format: mac
             * @description Device MAC, any accepted spelling; stored and returned as 12 upper-case hex digits. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters.
             */
            macAddr: string;
            /** @description Device name set by the user. No control characters. */
            deviceName: string;
            /** @description Device user name set by the user. No control characters. */
            username: string;
            /** @description Device password set by the user, encrypted by the app; returned exactly as sent. No control characters. */
            password: string;
            /**
             * @description Push support: 0 not supported, 2 supported.
             * @enum {integer}
             */
            hasusertag: 0 | 2;
            /**
             * @description Cloud storage: 0 not supported, 1 supported.
             * @enum {integer}
             */
            supportStore: 0 | 1;
            /**
             * @description Rich media push: 0 not supported, 1 supported.
             * @enum {integer}
             */
            supportRichMedia: 0 | 1;
            /** @description Model name. No control characters. */
            productName: string;
            /** @description Code of the device manufacturer. No control characters. */
            oemCode: string;
        };
        /**
         * @description user_ipc_setting_v2_0.addOemDevice: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": ""
         *     }
         */
        AddOemDeviceSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
        };
        /**
         * @description user_ipc_setting_v2_0.addOemDevice: refused.
         * @example {
         *       "errorCode": "020040",
         *       "failureDetails": "device already added for the user"
         *     }
         */
        AddOemDeviceRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `020040` | device already added for the user |
             *     | `020042` | device was added by another user |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "020040" | "020042" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** user_ipc_setting_v2_0.addOemDevice */
        AddOemDeviceAnswer: components["schemas"]["AddOemDeviceSuccess"] | components["schemas"]["AddOemDeviceRefusal"];
        /**
         * user_ipc_setting_v2_0.delOemDeviceByMac
         * @description `POST /gateway?service=user_ipc_setting_v2_0.delOemDeviceByMac` (parameters in a form body) — Delete one of the user's devices (spec 4.4). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         * @example {
         *       "clientId": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
         *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8",
         *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
         *       "macAddr": "0A1B2C3D4E5F"
         *     }
         */
        DelOemDeviceByMacBody: {
            /** @description The merchant's clientId (application key). No control characters. */
            clientId: string;
            /** @description The user's openId, from the SSO login. No control characters. */
            openId: string;
            /** @description The access token from the SSO login or refresh. No control characters. */
            accessToken: string;
            /**
             * Format: mac
             * @description Device MAC. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters.
             */
            macAddr: string;
        };
        /**
         * @description user_ipc_setting_v2_0.delOemDeviceByMac: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": ""
         *     }
         */
        DelOemDeviceByMacSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
        };
        /**
         * @description user_ipc_setting_v2_0.delOemDeviceByMac: refused.
         * @example {
         *       "errorCode": "020041",
         *       "failureDetails": "device setting does not exist"
         *     }
         */
        DelOemDeviceByMacRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `020041` | device setting does not exist |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "020041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** user_ipc_setting_v2_0.delOemDeviceByMac */
        DelOemDeviceByMacAnswer: components["schemas"]["DelOemDeviceByMacSuccess"] | components["schemas"]["DelOemDeviceByMacRefusal"];
        /**
         * user_ipc_setting_v2_0.updateOemDevice
         * @description `POST /gateway?service=user_ipc_setting_v2_0.updateOemDevice` (parameters in a form body) — Modify one of the user's devices: only the parameters given change (spec 4.4). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         * @example {
         *       "clientId": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
         *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8",
         *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
         *       "macAddr": "0A1B2C3D4E5F",
         *       "deviceName": "Porch camera",
         *       "username": "admin",
         *       "password": "camera-password",
         *       "hasusertag": 0,
         *       "supportStore": 0,
         *       "supportRichMedia": 0,
         *       "productName": "DocsCam Pro"
         *     }
         */
        UpdateOemDeviceBody: {
            /** @description The merchant's clientId (application key). No control characters. */
            clientId: string;
            /** @description The user's openId, from the SSO login. No control characters. */
            openId: string;
            /** @description The access token from the SSO login or refresh. No control characters. */
            accessToken: string;
            /**
             * Format: mac
             * @description Device MAC. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters.
             */
            macAddr: string;
            /** @description Device name set by the user. Optional: sent empty, it counts as not given. No control characters. */
            deviceName?: string;
            /** @description Device user name set by the user. Optional: sent empty, it counts as not given. No control characters. */
            username?: string;
            /** @description Device password set by the user, encrypted by the app; returned exactly as sent. Optional: sent empty, it counts as not given. No control characters. */
            password?: string;
            /**
             * @description Push support: 0 not supported, 2 supported. Optional: sent empty, it counts as not given.
             * @enum {integer}
             */
            hasusertag?: 0 | 2;
            /**
             * @description Cloud storage: 0 not supported, 1 supported. Optional: sent empty, it counts as not given.
             * @enum {integer}
             */
            supportStore?: 0 | 1;
            /**
             * @description Rich media push: 0 not supported, 1 supported. Optional: sent empty, it counts as not given.
             * @enum {integer}
             */
            supportRichMedia?: 0 | 1;
            /** @description Model name. Optional: sent empty, it counts as not given. No control characters. */
            productName?: string;
        };
        /**
         * @description user_ipc_setting_v2_0.updateOemDevice: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": ""
         *     }
         */
        UpdateOemDeviceSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
        };
        /**
         * @description user_ipc_setting_v2_0.updateOemDevice: refused.
         * @example {
         *       "errorCode": "020041",
         *       "failureDetails": "device setting does not exist"
         *     }
         */
        UpdateOemDeviceRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `020041` | device setting does not exist |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "020041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** user_ipc_setting_v2_0.updateOemDevice */
        UpdateOemDeviceAnswer: components["schemas"]["UpdateOemDeviceSuccess"] | components["schemas"]["UpdateOemDeviceRefusal"];
        /**
         * @description user_ipc_setting_v2_0.getOemDeviceByUser: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": [
         *         {
         *           "userId": 1,
         *           "macAddr": "0A1B2C3D4E5F",
         *           "deviceName": "Porch camera",
         *           "productName": "DocsCam Pro",
         *           "username": "admin",
         *           "password": "camera-password",
         *           "hasusertag": 1,
         *           "supportStore": 1,
         *           "supportRichMedia": 1,
         *           "oemCode": "ACME"
         *         }
         *       ]
         *     }
         */
        GetOemDeviceByUserSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            data: {
                /** @description The user's internal id. */
                userId: number;
                /** @description The device's MAC in the canonical form. */
                macAddr: string;
                /** @description Device name set by the user. */
                deviceName: string;
                /** @description Model name. */
                productName: string;
                /** @description Device user name set by the user. */
                username: string;
                /** @description Device password exactly as the app sent it (encrypted by the app). */
                password: string;
                /** @description Push support: 0 not supported, 2 supported. */
                hasusertag: number;
                /** @description Cloud storage: 0 not supported, 1 supported. */
                supportStore: number;
                /** @description Rich media push: 0 not supported, 1 supported. */
                supportRichMedia: number;
                /** @description Code of the device manufacturer. */
                oemCode: string;
            }[];
        };
        /**
         * @description user_ipc_setting_v2_0.getOemDeviceByUser: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        GetOemDeviceByUserRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** user_ipc_setting_v2_0.getOemDeviceByUser */
        GetOemDeviceByUserAnswer: components["schemas"]["GetOemDeviceByUserSuccess"] | components["schemas"]["GetOemDeviceByUserRefusal"];
        /**
         * @description user_ipc_setting_v2_0.getOemDeviceByUserAndMac: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "userId": 1,
         *         "macAddr": "0A1B2C3D4E5F",
         *         "deviceName": "Porch camera",
         *         "productName": "DocsCam Pro",
         *         "username": "admin",
         *         "password": "camera-password",
         *         "hasusertag": 1,
         *         "supportStore": 1,
         *         "supportRichMedia": 1,
         *         "oemCode": "ACME"
         *       }
         *     }
         */
        GetOemDeviceByUserAndMacSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description Spec 2.4 device record: the device as the user added or last modified it. */
            data: {
                /** @description The user's internal id. */
                userId: number;
                /** @description The device's MAC in the canonical form. */
                macAddr: string;
                /** @description Device name set by the user. */
                deviceName: string;
                /** @description Model name. */
                productName: string;
                /** @description Device user name set by the user. */
                username: string;
                /** @description Device password exactly as the app sent it (encrypted by the app). */
                password: string;
                /** @description Push support: 0 not supported, 2 supported. */
                hasusertag: number;
                /** @description Cloud storage: 0 not supported, 1 supported. */
                supportStore: number;
                /** @description Rich media push: 0 not supported, 1 supported. */
                supportRichMedia: number;
                /** @description Code of the device manufacturer. */
                oemCode: string;
            };
        };
        /**
         * @description user_ipc_setting_v2_0.getOemDeviceByUserAndMac: refused.
         * @example {
         *       "errorCode": "020041",
         *       "failureDetails": "device setting does not exist"
         *     }
         */
        GetOemDeviceByUserAndMacRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `020041` | device setting does not exist |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "020041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** user_ipc_setting_v2_0.getOemDeviceByUserAndMac */
        GetOemDeviceByUserAndMacAnswer: components["schemas"]["GetOemDeviceByUserAndMacSuccess"] | components["schemas"]["GetOemDeviceByUserAndMacRefusal"];
        /**
         * user_ipc_setting_v2_0.delOemDeviceForce
         * @description `POST /gateway?service=user_ipc_setting_v2_0.delOemDeviceForce` (parameters in a form body) — Force-unbind a device, signed by its manufacturer: sign = MD5(mac + timeStamp + delKey) (spec 4.4). Authentication: none: public, or authenticated by its own parameters.
         * @example {
         *       "mac": "0A1B2C3D4E5F",
         *       "timeStamp": "1795903260",
         *       "oemCode": "ACME",
         *       "sign": "e10adc3949ba59abbe56e057f20f883e"
         *     }
         */
        DelOemDeviceForceBody: {
            /**
             * Format: mac
             * @description Device MAC in any accepted spelling, exactly as signed. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters.
             */
            mac: string;
            /** @description Unix time in seconds or milliseconds, within 300 s of server time. No control characters. */
            timeStamp: string;
            /** @description Code of the device manufacturer. No control characters. */
            oemCode: string;
            /** @description MD5 (32 hex digits, either case) of mac + timeStamp + delKey. No control characters. */
            sign: string;
        };
        /**
         * @description user_ipc_setting_v2_0.delOemDeviceForce: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": ""
         *     }
         */
        DelOemDeviceForceSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
        };
        /**
         * @description user_ipc_setting_v2_0.delOemDeviceForce: refused.
         * @example {
         *       "errorCode": "DV0040",
         *       "failureDetails": "oemCode is not a registered manufacturer"
         *     }
         */
        DelOemDeviceForceRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `DV0040` | oemCode is not a registered manufacturer |
             *     | `DV0042` | timeStamp is too far from server time |
             *     | `DV0043` | sign does not match |
             *     | `DV0044` | sign already used |
             *     | `020041` | device setting does not exist |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "DV0040" | "DV0042" | "DV0043" | "DV0044" | "020041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** user_ipc_setting_v2_0.delOemDeviceForce */
        DelOemDeviceForceAnswer: components["schemas"]["DelOemDeviceForceSuccess"] | components["schemas"]["DelOemDeviceForceRefusal"];
        /**
         * @description permission.query_user_not_active: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": [
         *         {
         *           "grantId": 1,
         *           "ipcMac": "0A1B2C3D4E5F",
         *           "permissionCode": "cloud-30",
         *           "permissionName": "Cloud recording, 30 days",
         *           "permissionType": 1,
         *           "permissionValue": 1,
         *           "grantStatus": 1,
         *           "userTag": "u7Kp2Qx9",
         *           "streamId": "stream-5c1d",
         *           "belongServer": "belongServer",
         *           "initTime": 1795903260000,
         *           "channelCount": 1
         *         }
         *       ],
         *       "sysDate": 1795903260000
         *     }
         */
        QueryUserNotActiveSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            data: {
                /** @description The record's id: what permission.active activates. */
                grantId: number;
                /** @description The device's MAC in the canonical form. Empty while the record is tied to no device. */
                ipcMac: string;
                /** @description Code of the plan. */
                permissionCode: string;
                /** @description Name of the plan. */
                permissionName: string;
                /** @description 1 paid, 2 or 3 free. */
                permissionType: number;
                /** @description The plan's duration in days. */
                permissionValue: number;
                /** @description 1 waiting for activation, 3 activated. */
                grantStatus: number;
                /** @description Always empty. */
                userTag: string;
                /** @description Never sent: no cloud-storage stream is assigned. */
                streamId?: string;
                /** @description The plan's server tag, as the operator set it. */
                belongServer: string;
                /** @description When the record was created, epoch milliseconds. */
                initTime: number;
                /** @description Channels the plan covers. */
                channelCount: number;
            }[];
            /** @description Server time at answer, epoch milliseconds. */
            sysDate: number;
        };
        /**
         * @description permission.query_user_not_active: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        QueryUserNotActiveRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** permission.query_user_not_active */
        QueryUserNotActiveAnswer: components["schemas"]["QueryUserNotActiveSuccess"] | components["schemas"]["QueryUserNotActiveRefusal"];
        /**
         * permission.active
         * @description `POST /gateway?service=permission.active` (parameters in a form body) — Activate a waiting authorization record on one of the user's devices (spec 4.4). Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         * @example {
         *       "clientId": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
         *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8",
         *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
         *       "grantId": 1,
         *       "ipcMac": "0A1B2C3D4E5F",
         *       "exceptionInfo": "exceptionInfo",
         *       "appClientVersion": "appClientVersion"
         *     }
         */
        ActivatePermissionBody: {
            /** @description The merchant's clientId (application key). No control characters. */
            clientId: string;
            /** @description The user's openId, from the SSO login. No control characters. */
            openId: string;
            /** @description The access token from the SSO login or refresh. No control characters. */
            accessToken: string;
            /**
             * Format: int64
             * @description The record's grantId, from permission.query_user_not_active. A signed 64-bit integer in decimal. At most 20 characters.
             */
            grantId: number;
            /**
             * Format: mac
             * @description The device to activate the record on. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters.
             */
            ipcMac: string;
            /** @description Free text from the app, stored with the activation. Optional: sent empty, it counts as not given. May hold tab, line feed and carriage return; no other control characters. */
            exceptionInfo?: string;
            /** @description The app's version, stored with the activation. Optional: sent empty, it counts as not given. No control characters. */
            appClientVersion?: string;
        };
        /**
         * @description permission.active: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": ""
         *     }
         */
        ActivatePermissionSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
        };
        /**
         * @description permission.active: refused.
         * @example {
         *       "errorCode": "883202",
         *       "failureDetails": "authorization record does not exist"
         *     }
         */
        ActivatePermissionRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `883202` | authorization record does not exist |
             *     | `883203` | record status does not allow activation |
             *     | `883204` | record does not match the device MAC |
             *     | `020041` | device setting does not exist |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "883202" | "883203" | "883204" | "020041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** permission.active */
        ActivatePermissionAnswer: components["schemas"]["ActivatePermissionSuccess"] | components["schemas"]["ActivatePermissionRefusal"];
        /**
         * @description fcmall.get_current_service: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "userId": 1,
         *         "macAddr": "0A1B2C3D4E5F",
         *         "name": "Cloud recording, 30 days",
         *         "description": "Seven days of continuous recording",
         *         "startTime": 1795903260000,
         *         "endTime": 1795903260000,
         *         "validity": "validity",
         *         "status": 1,
         *         "flag": 1
         *       }
         *     }
         */
        GetCurrentServiceSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description Spec 2.6 current service record. */
            data: {
                /** @description The user's internal id. */
                userId: number;
                /** @description The device's MAC in the canonical form. */
                macAddr: string;
                /** @description The plan's name; the free 8-hour service's name; empty without service. */
                name: string;
                /** @description Same as name for a plan; a sentence for the free 8-hour service; empty without service. */
                description: string;
                startTime: number | null;
                endTime: number | null;
                /** @description "<n> days", "1 day", "8 hours" (free service), or empty without service. */
                validity: string;
                /** @description 3 in service, 0 no service. */
                status: number;
                /** @description 1 paid plan, 2 free (a free plan or the free 8-hour service), 0 no service. */
                flag: number;
            };
        };
        /**
         * @description fcmall.get_current_service: refused.
         * @example {
         *       "errorCode": "020041",
         *       "failureDetails": "device setting does not exist"
         *     }
         */
        GetCurrentServiceRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `020041` | device setting does not exist |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "020041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** fcmall.get_current_service */
        GetCurrentServiceAnswer: components["schemas"]["GetCurrentServiceSuccess"] | components["schemas"]["GetCurrentServiceRefusal"];
        /**
         * @description permission.query_user_ipcs_valid: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": [
         *         {
         *           "grantId": 1,
         *           "ipcMac": "0A1B2C3D4E5F",
         *           "permissionCode": "cloud-30",
         *           "permissionName": "Cloud recording, 30 days",
         *           "permissionType": 1,
         *           "permissionValue": 1,
         *           "grantStatus": 1,
         *           "userTag": "u7Kp2Qx9",
         *           "streamId": "stream-5c1d",
         *           "belongServer": "belongServer",
         *           "initTime": 1795903260000,
         *           "channelCount": 1
         *         }
         *       ],
         *       "sysDate": 1795903260000
         *     }
         */
        QueryUserIpcsValidSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            data: {
                /** @description The record's id: what permission.active activates. */
                grantId: number;
                /** @description The device's MAC in the canonical form. Empty while the record is tied to no device. */
                ipcMac: string;
                /** @description Code of the plan. */
                permissionCode: string;
                /** @description Name of the plan. */
                permissionName: string;
                /** @description 1 paid, 2 or 3 free. */
                permissionType: number;
                /** @description The plan's duration in days. */
                permissionValue: number;
                /** @description 1 waiting for activation, 3 activated. */
                grantStatus: number;
                /** @description Always empty. */
                userTag: string;
                /** @description Never sent: no cloud-storage stream is assigned. */
                streamId?: string;
                /** @description The plan's server tag, as the operator set it. */
                belongServer: string;
                /** @description When the record was created, epoch milliseconds. */
                initTime: number;
                /** @description Channels the plan covers. */
                channelCount: number;
            }[];
            /** @description Server time at answer, epoch milliseconds. */
            sysDate: number;
        };
        /**
         * @description permission.query_user_ipcs_valid: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        QueryUserIpcsValidRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** permission.query_user_ipcs_valid */
        QueryUserIpcsValidAnswer: components["schemas"]["QueryUserIpcsValidSuccess"] | components["schemas"]["QueryUserIpcsValidRefusal"];
        /**
         * @description center.getServerInfo: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "userId": 1,
         *         "subtoken": "st_5b6c7d8e9f0a1b2c",
         *         "area": "eu-west",
         *         "tag": "pt_0f1e2d3c4b5a6978",
         *         "storeTag": "sto_2c4e6a8b0d1f3a5c",
         *         "alexaTag": "alx_7d9f1b3c5e7a9c1e",
         *         "rekognitionTag": "rek_4a6c8e0b2d4f6a8c",
         *         "url": "https://api.example.com/url",
         *         "sendMsgUrl": "https://api.example.com/sendMsgUrl",
         *         "sendMsgUrlSecure": "https://api.example.com/sendMsgUrlSecure",
         *         "storeUrl": "https://api.example.com/storeUrl",
         *         "alexaUrl": "https://api.example.com/alexaUrl",
         *         "channelCount": 1
         *       }
         *     }
         */
        GetServerInfoSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description Spec 2.7 sub-service information. */
            data: {
                /** @description The user's internal id. */
                userId: number;
                /** @description 32 random base62 characters; stream calls send MD5(subtoken + timestamp) as sessionToken. */
                subtoken: string;
                /** @description The user's country from the merchant's profile, else "global". */
                area: string;
                /** @description 16 random base62 characters. */
                tag: string;
                /** @description 16 random base62 characters. */
                storeTag: string;
                /** @description 16 random base62 characters. */
                alexaTag: string;
                /** @description 16 random base62 characters. */
                rekognitionTag: string;
                /** @description Push business query service address (PUSH_QUERY_URL), empty when none. */
                url: string;
                /** @description Push message receiving service, http form (PUSH_SEND_URL), empty when none. */
                sendMsgUrl: string;
                /** @description Push message receiving service, https form, empty when none. */
                sendMsgUrlSecure: string;
                /** @description The cloud-storage host {store_url} (PUBLIC_STORE_URL). */
                storeUrl: string;
                /** @description Voice-assistant service address (VOICE_ASSISTANT_URL), empty when none. */
                alexaUrl: string;
                /** @description Always 1. */
                channelCount: number;
            };
        };
        /**
         * @description center.getServerInfo: refused.
         * @example {
         *       "errorCode": "000066",
         *       "failureDetails": "system is being upgraded, poll again in about 5 minutes",
         *       "server_url": "https://api.example.com/server_url"
         *     }
         */
        GetServerInfoRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000066` | system is being upgraded, poll again in about 5 minutes |
             *     | `000077` | the dispatch-center address changed |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000066" | "000077" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
            /** @description With 000077 only: where the service moved. */
            server_url?: string;
        };
        /** center.getServerInfo */
        GetServerInfoAnswer: components["schemas"]["GetServerInfoSuccess"] | components["schemas"]["GetServerInfoRefusal"];
        /**
         * @description cloud_system.current_time: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": 1795903260000
         *     }
         */
        CurrentTimeSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description Server time, epoch milliseconds. */
            data: number;
        };
        /**
         * @description cloud_system.current_time: refused.
         * @example {
         *       "errorCode": "000099",
         *       "failureDetails": "internal server error, try again later"
         *     }
         */
        CurrentTimeRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** cloud_system.current_time */
        CurrentTimeAnswer: components["schemas"]["CurrentTimeSuccess"] | components["schemas"]["CurrentTimeRefusal"];
        /**
         * @description firmware.latest: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "id": 1,
         *         "desc": "{\"en\":\"Fixes night mode\",\"zh\":\"修复夜视模式\"}",
         *         "downloadUri": "https://api.example.com/downloadUri",
         *         "md5": "c4ca4238a0b923820dcc509a6f75849b",
         *         "type": 1,
         *         "version1": 1,
         *         "version2": "0",
         *         "version3": 1,
         *         "version4": 1,
         *         "patchVersion": 1,
         *         "createTime": 1795903260000,
         *         "name": "Cloud recording, 30 days",
         *         "uploadUtilName": "admin",
         *         "backupUploadUtilName": "admin",
         *         "path": "firmware/DocsCam/2.0.0.0.bin",
         *         "backupUri": "https://api.example.com/backupUri",
         *         "interim": 1,
         *         "seqNo": 1,
         *         "newest": 1,
         *         "active": 1,
         *         "remind": 1,
         *         "remindActive": 1,
         *         "firmwarePlatform": "hi3518",
         *         "productTypeId": 1,
         *         "winPluginId": 1,
         *         "macOsPluginId": 1
         *       },
         *       "remind": 0
         *     }
         */
        FirmwareLatestSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description Spec 2.9 firmware record: the release the device should install next. */
            data?: {
                /** @description The release's id. */
                id: number;
                /** @description Release notes as JSON text {"zh":…,"en":…}. */
                desc: string;
                /** @description Where the device downloads the firmware. */
                downloadUri: string;
                /** @description MD5 of the firmware file, 32 hex digits. */
                md5: string;
                /** @description 1 system firmware, 2 application firmware. */
                type: number;
                /** @description Version, first component. */
                version1: number;
                /** @description Version, second component (a platform tag, carried, never compared). */
                version2: string;
                /** @description Version, third component. */
                version3: number;
                /** @description Version, fourth component. */
                version4: number;
                /** @description Patch version. */
                patchVersion: number;
                /** @description When the release was created, epoch milliseconds. */
                createTime: number;
                /** @description "<machineTypeName> <v1>.<v2>.<v3>.<v4>", with ".p<patch>" when the patch version is above 0. */
                name: string;
                /** @description Always empty. */
                uploadUtilName: string;
                /** @description Always empty. */
                backupUploadUtilName: string;
                /** @description The path of downloadUri. */
                path: string;
                /** @description Always empty. */
                backupUri: string;
                /** @description 1 when this release must be installed before any release above it. */
                interim: number;
                /** @description 1-based rank in the model's chain of this firmware type. */
                seqNo: number;
                /** @description 1 for the last release of the chain. */
                newest: number;
                /** @description Always 1. */
                active: number;
                /** @description 1 when the user should be reminded to upgrade. */
                remind: number;
                /** @description Same as remind. */
                remindActive: number;
                /** @description Same as version2. */
                firmwarePlatform: string;
                /** @description Always 0. */
                productTypeId: number;
                /** @description Always 0. */
                winPluginId: number;
                /** @description Always 0. */
                macOsPluginId: number;
            };
            /** @description 1 when the offered release asks to remind the user; 0 otherwise and when up to date. */
            remind: 0 | 1;
        };
        /**
         * @description firmware.latest: refused.
         * @example {
         *       "errorCode": "010026",
         *       "failureDetails": "invalid version number"
         *     }
         */
        FirmwareLatestRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `000005` | parameter is empty |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `010026` | invalid version number |
             *     | `010120` | the model has no firmware upgrade chain |
             *     | `010121` | smart upgrade not supported |
             *     | `003301` | database error |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "000005" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "010026" | "010120" | "010121" | "003301" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** firmware.latest */
        FirmwareLatestAnswer: components["schemas"]["FirmwareLatestSuccess"] | components["schemas"]["FirmwareLatestRefusal"];
        /**
         * @description record.date.query: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "dateList": [
         *         "20261123T100000"
         *       ]
         *     }
         */
        RecordDateQuerySuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description The UTC hours with recordings, YYYYMMDDTHH0000 (UTC), distinct, oldest first: apps convert each to the local day. */
            dateList: string[];
        };
        /**
         * @description record.date.query: refused.
         * @example {
         *       "errorCode": "020041",
         *       "failureDetails": "device setting does not exist"
         *     }
         */
        RecordDateQueryRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `020041` | device setting does not exist |
             *     | `030040` | accessToken does not match |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "020041" | "030040" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** record.date.query */
        RecordDateQueryAnswer: components["schemas"]["RecordDateQuerySuccess"] | components["schemas"]["RecordDateQueryRefusal"];
        /**
         * @description record.query: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "recordList": [
         *         [
         *           "recordList[0]",
         *           "recordList[1]",
         *           "recordList[2]"
         *         ]
         *       ]
         *     }
         */
        RecordQuerySuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description Clips overlapping recordSt…recordEt: [start, end, type] as strings of integers (apps read them as long, long, int): start and end in epoch seconds, and the recording type — 0 normal (continuous), 2 motion, 3 sound; other integers 0–65535 as the recorder gave them. */
            recordList: [
                string,
                string,
                string
            ][];
        };
        /**
         * @description record.query: refused.
         * @example {
         *       "errorCode": "020041",
         *       "failureDetails": "device setting does not exist"
         *     }
         */
        RecordQueryRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `020041` | device setting does not exist |
             *     | `030040` | accessToken does not match |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "020041" | "030040" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** record.query */
        RecordQueryAnswer: components["schemas"]["RecordQuerySuccess"] | components["schemas"]["RecordQueryRefusal"];
        /**
         * @description record.play: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "recordUrl": "https://api.example.com/recordUrl",
         *       "secureUrl": "https://api.example.com/secureUrl"
         *     }
         */
        RecordPlaySuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description Signed HLS playlist on {store_url}, http:// form, valid for one hour. */
            recordUrl: string;
            /** @description The same playlist, https:// form. */
            secureUrl: string;
        };
        /**
         * @description record.play: refused.
         * @example {
         *       "errorCode": "020041",
         *       "failureDetails": "device setting does not exist"
         *     }
         */
        RecordPlayRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `020041` | device setting does not exist |
             *     | `030040` | accessToken does not match |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "020041" | "030040" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** record.play */
        RecordPlayAnswer: components["schemas"]["RecordPlaySuccess"] | components["schemas"]["RecordPlayRefusal"];
        /**
         * @description record.download: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "downloadUrl": "https://api.example.com/downloadUrl",
         *       "secureDownloadUrl": "https://api.example.com/secureDownloadUrl"
         *     }
         */
        RecordDownloadSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description Signed MP4 of the clip on {store_url} (H.264/H.265 and AAC as recorded, no re-encoding), http:// form, valid for one hour. */
            downloadUrl: string;
            /** @description The same MP4, https:// form. */
            secureDownloadUrl: string;
        };
        /**
         * @description record.download: refused.
         * @example {
         *       "errorCode": "020041",
         *       "failureDetails": "device setting does not exist"
         *     }
         */
        RecordDownloadRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `020041` | device setting does not exist |
             *     | `030040` | accessToken does not match |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "020041" | "030040" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** record.download */
        RecordDownloadAnswer: components["schemas"]["RecordDownloadSuccess"] | components["schemas"]["RecordDownloadRefusal"];
        /**
         * @description push_message.list: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "total": 1,
         *         "list": [
         *           {
         *             "messageId": "731",
         *             "devId": "0A1B2C3D4E5F",
         *             "type": 1,
         *             "time": 1795903260,
         *             "lastTime": 1795903260,
         *             "count": 1,
         *             "read": true,
         *             "pictureUrl": "https://api.example.com/pictureUrl",
         *             "recordSt": 1795903260
         *           }
         *         ]
         *       }
         *     }
         */
        ListMessagesSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            data: {
                /** @description Messages matching the filters. */
                total: number;
                list: {
                    /** @description The message's id (UUID). */
                    messageId: string;
                    /** @description The device's MAC in the canonical form. */
                    devId: string;
                    /** @description Alarm type: 1 motion, 2 sound, 3 human, 4 doorbell, 5 offline, 6 low battery, 7 tamper, 8 vehicle, 9 pet, 10 package; others as the camera sent them. */
                    type: number;
                    /** @description The camera's time of the first alarm of the message (epoch seconds). */
                    time: number;
                    /** @description The camera's time of the latest alarm merged into it (epoch seconds). */
                    lastTime: number;
                    /** @description Alarms in the message (storm control merges one device's alarms of one type within the cooldown). */
                    count: number;
                    /** @description Whether the user marked it read. */
                    read: boolean;
                    /** @description Signed URL of the alarm's JPEG on the platform's base URL, valid one hour; empty when the camera sent none. */
                    pictureUrl: string;
                    /** @description Where the recording of the alarm starts (epoch seconds): time − 10 s, for record.play or record.query. */
                    recordSt: number;
                }[];
            };
        };
        /**
         * @description push_message.list: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        ListMessagesRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** push_message.list */
        ListMessagesAnswer: components["schemas"]["ListMessagesSuccess"] | components["schemas"]["ListMessagesRefusal"];
        /**
         * @description push_message.unread_count: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "unread": 1
         *       }
         *     }
         */
        CountUnreadMessagesSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            data: {
                /** @description Unread messages. */
                unread: number;
            };
        };
        /**
         * @description push_message.unread_count: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        CountUnreadMessagesRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** push_message.unread_count */
        CountUnreadMessagesAnswer: components["schemas"]["CountUnreadMessagesSuccess"] | components["schemas"]["CountUnreadMessagesRefusal"];
        /**
         * push_message.mark_read
         * @description `POST /gateway?service=push_message.mark_read` (parameters in a form body) — Marks alarm messages read: the ids given, or every message of the user (or of one device) with all=1. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         * @example {
         *       "clientId": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
         *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8",
         *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
         *       "messageIds": "731,732",
         *       "all": 0,
         *       "devId": "0A1B2C3D4E5F"
         *     }
         */
        MarkMessagesReadBody: {
            /** @description The merchant's clientId (application key). No control characters. */
            clientId: string;
            /** @description The user's openId, from the SSO login. No control characters. */
            openId: string;
            /** @description The access token from the SSO login or refresh. No control characters. */
            accessToken: string;
            /** @description Message ids separated by commas, at most 100. Optional: sent empty, it counts as not given. No control characters. */
            messageIds?: string;
            /**
             * @description 1: every message (of devId when given). At most 1 characters. Optional: sent empty, it counts as not given.
             * @enum {integer}
             */
            all?: 0 | 1;
            /**
             * Format: mac
             * @description With all=1: only this device's messages. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. Optional: sent empty, it counts as not given. No control characters.
             */
            devId?: string;
        };
        /**
         * @description push_message.mark_read: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "updated": 1
         *       }
         *     }
         */
        MarkMessagesReadSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            data: {
                /** @description Messages marked read now. */
                updated: number;
            };
        };
        /**
         * @description push_message.mark_read: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        MarkMessagesReadRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** push_message.mark_read */
        MarkMessagesReadAnswer: components["schemas"]["MarkMessagesReadSuccess"] | components["schemas"]["MarkMessagesReadRefusal"];
        /**
         * push_message.delete
         * @description `POST /gateway?service=push_message.delete` (parameters in a form body) — Deletes alarm messages and their pictures. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         * @example {
         *       "clientId": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
         *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8",
         *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
         *       "messageIds": "731,732"
         *     }
         */
        DeleteMessagesBody: {
            /** @description The merchant's clientId (application key). No control characters. */
            clientId: string;
            /** @description The user's openId, from the SSO login. No control characters. */
            openId: string;
            /** @description The access token from the SSO login or refresh. No control characters. */
            accessToken: string;
            /** @description Message ids separated by commas, at most 100. No control characters. */
            messageIds: string;
        };
        /**
         * @description push_message.delete: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "deleted": 1
         *       }
         *     }
         */
        DeleteMessagesSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            data: {
                /** @description Messages deleted now. */
                deleted: number;
            };
        };
        /**
         * @description push_message.delete: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        DeleteMessagesRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** push_message.delete */
        DeleteMessagesAnswer: components["schemas"]["DeleteMessagesSuccess"] | components["schemas"]["DeleteMessagesRefusal"];
        /**
         * push_endpoint.register
         * @description `POST /gateway?service=push_endpoint.register` (parameters in a form body) — Registers where the user's alarms are pushed: an FCM registration token, an APNs device token or a recipient of the merchant's push server, for all the user's devices or some. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         * @example {
         *       "clientId": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
         *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8",
         *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
         *       "provider": "webhook",
         *       "token": "merchant-token-3f2a9c",
         *       "devIds": "devIds"
         *     }
         */
        RegisterPushEndpointBody: {
            /** @description The merchant's clientId (application key). No control characters. */
            clientId: string;
            /** @description The user's openId, from the SSO login. No control characters. */
            openId: string;
            /** @description The access token from the SSO login or refresh. No control characters. */
            accessToken: string;
            /** @description fcm, apns or webhook (the merchant's own push server). No control characters. */
            provider: string;
            /** @description The FCM registration token, the APNs device token (hex) or the webhook recipient id. No control characters. */
            token: string;
            /** @description MACs separated by commas, at most 100: only their alarms; absent or empty: every device of the user. Optional: sent empty, it counts as not given. No control characters. */
            devIds?: string;
        };
        /**
         * @description push_endpoint.register: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "endpointId": "3f1c9a2e-7b4d-4c1e-9f2a-6d8e0b1c2a3f",
         *         "provider": "webhook",
         *         "tokenTail": "ecipient",
         *         "devIds": [
         *           "0A1B2C3D4E5F"
         *         ],
         *         "createdAt": 1795903260,
         *         "lastDeliveredAt": 1795903260
         *       }
         *     }
         */
        RegisterPushEndpointSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description A push endpoint. */
            data: {
                /** @description The endpoint's id (UUID). */
                endpointId: string;
                /** @description fcm, apns or webhook. */
                provider: string;
                /** @description The last 8 characters of the token, to tell endpoints apart (the token itself is not sent back). */
                tokenTail: string;
                /** @description Devices whose alarms it gets (canonical MACs); empty: every device of the user. */
                devIds: string[];
                /** @description When it was first registered (epoch seconds). */
                createdAt: number;
                /** @description When a push last reached its provider (epoch seconds); 0: never. */
                lastDeliveredAt: number;
            };
        };
        /**
         * @description push_endpoint.register: refused.
         * @example {
         *       "errorCode": "PS0412",
         *       "failureDetails": "the merchant has not set up this push provider"
         *     }
         */
        RegisterPushEndpointRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `PS0412` | the merchant has not set up this push provider |
             *     | `PS0409` | the user has as many push endpoints as allowed: remove one first |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "PS0412" | "PS0409" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** push_endpoint.register */
        RegisterPushEndpointAnswer: components["schemas"]["RegisterPushEndpointSuccess"] | components["schemas"]["RegisterPushEndpointRefusal"];
        /**
         * push_endpoint.remove
         * @description `POST /gateway?service=push_endpoint.remove` (parameters in a form body) — Removes push endpoints of the user: the one named (endpointId), or every one with that provider and token. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         * @example {
         *       "clientId": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
         *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8",
         *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
         *       "endpointId": "3f1c9a2e-7b4d-4c1e-9f2a-6d8e0b1c2a3f",
         *       "provider": "webhook",
         *       "token": "merchant-token-3f2a9c"
         *     }
         */
        RemovePushEndpointBody: {
            /** @description The merchant's clientId (application key). No control characters. */
            clientId: string;
            /** @description The user's openId, from the SSO login. No control characters. */
            openId: string;
            /** @description The access token from the SSO login or refresh. No control characters. */
            accessToken: string;
            /** @description The endpoint's id, as push_endpoint.register answered it. Optional: sent empty, it counts as not given. No control characters. */
            endpointId?: string;
            /** @description With token: fcm, apns or webhook. Optional: sent empty, it counts as not given. No control characters. */
            provider?: string;
            /** @description With provider: the token registered. Optional: sent empty, it counts as not given. No control characters. */
            token?: string;
        };
        /**
         * @description push_endpoint.remove: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "removed": 1
         *       }
         *     }
         */
        RemovePushEndpointSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            data: {
                /** @description Endpoints removed now (0 when none matched). */
                removed: number;
            };
        };
        /**
         * @description push_endpoint.remove: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        RemovePushEndpointRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** push_endpoint.remove */
        RemovePushEndpointAnswer: components["schemas"]["RemovePushEndpointSuccess"] | components["schemas"]["RemovePushEndpointRefusal"];
        /**
         * @description push_endpoint.list: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "list": [
         *           {
         *             "endpointId": "3f1c9a2e-7b4d-4c1e-9f2a-6d8e0b1c2a3f",
         *             "provider": "webhook",
         *             "tokenTail": "ecipient",
         *             "devIds": [
         *               "0A1B2C3D4E5F"
         *             ],
         *             "createdAt": 1795903260,
         *             "lastDeliveredAt": 1795903260
         *           }
         *         ]
         *       }
         *     }
         */
        ListPushEndpointsSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            data: {
                list: {
                    /** @description The endpoint's id (UUID). */
                    endpointId: string;
                    /** @description fcm, apns or webhook. */
                    provider: string;
                    /** @description The last 8 characters of the token, to tell endpoints apart (the token itself is not sent back). */
                    tokenTail: string;
                    /** @description Devices whose alarms it gets (canonical MACs); empty: every device of the user. */
                    devIds: string[];
                    /** @description When it was first registered (epoch seconds). */
                    createdAt: number;
                    /** @description When a push last reached its provider (epoch seconds); 0: never. */
                    lastDeliveredAt: number;
                }[];
            };
        };
        /**
         * @description push_endpoint.list: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        ListPushEndpointsRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** push_endpoint.list */
        ListPushEndpointsAnswer: components["schemas"]["ListPushEndpointsSuccess"] | components["schemas"]["ListPushEndpointsRefusal"];
        /**
         * push_switch.set
         * @description `POST /gateway?service=push_switch.set` (parameters in a form body) — Turns alarm pushes on or off for a device, a type, a type of a device, or everything; the most specific switch decides. Authentication: clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).
         * @example {
         *       "clientId": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
         *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8",
         *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
         *       "enabled": 0,
         *       "devId": "0A1B2C3D4E5F",
         *       "type": 1
         *     }
         */
        SetPushSwitchBody: {
            /** @description The merchant's clientId (application key). No control characters. */
            clientId: string;
            /** @description The user's openId, from the SSO login. No control characters. */
            openId: string;
            /** @description The access token from the SSO login or refresh. No control characters. */
            accessToken: string;
            /**
             * @description 1: push these alarms; 0: keep them in the message center only. At most 1 characters.
             * @enum {integer}
             */
            enabled: 0 | 1;
            /**
             * Format: mac
             * @description Only this device (absent: all devices). A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. Optional: sent empty, it counts as not given. No control characters.
             */
            devId?: string;
            /** @description Only this alarm type (absent: all types). At most 5 characters. Optional: sent empty, it counts as not given. */
            type?: number;
        };
        /**
         * @description push_switch.set: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "devId": "0A1B2C3D4E5F",
         *         "type": 1,
         *         "enabled": true
         *       }
         *     }
         */
        SetPushSwitchSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            /** @description A push switch. */
            data: {
                /** @description The device (canonical MAC); empty: all devices. */
                devId: string;
                /** @description The alarm type; -1: all types. */
                type: number;
                /** @description Whether these alarms are pushed. */
                enabled: boolean;
            };
        };
        /**
         * @description push_switch.set: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        SetPushSwitchRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** push_switch.set */
        SetPushSwitchAnswer: components["schemas"]["SetPushSwitchSuccess"] | components["schemas"]["SetPushSwitchRefusal"];
        /**
         * @description push_switch.list: success.
         * @example {
         *       "errorCode": "",
         *       "failureDetails": "",
         *       "data": {
         *         "list": [
         *           {
         *             "devId": "0A1B2C3D4E5F",
         *             "type": 1,
         *             "enabled": true
         *           }
         *         ]
         *       }
         *     }
         */
        ListPushSwitchesSuccess: {
            /**
             * @description Empty: success.
             * @constant
             */
            errorCode: "";
            /** @constant */
            failureDetails: "";
            data: {
                list: {
                    /** @description The device (canonical MAC); empty: all devices. */
                    devId: string;
                    /** @description The alarm type; -1: all types. */
                    type: number;
                    /** @description Whether these alarms are pushed. */
                    enabled: boolean;
                }[];
            };
        };
        /**
         * @description push_switch.list: refused.
         * @example {
         *       "errorCode": "000006",
         *       "failureDetails": "parameter clientId is required"
         *     }
         */
        ListPushSwitchesRefusal: {
            /**
             * @description | errorCode | meaning |
             *     |---|---|
             *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
             *     | `000006` | invalid request parameters |
             *     | `009999` | service name does not exist (check its spelling, capitalization and spaces) |
             *     | `030010` | application key does not exist |
             *     | `030030` | openId does not exist |
             *     | `030031` | openId does not match |
             *     | `030040` | accessToken does not match |
             *     | `030041` | accessToken expired, sign in again |
             *     | `000099` | internal server error, try again later |
             * @enum {string}
             */
            errorCode: "RL0429" | "000006" | "009999" | "030010" | "030030" | "030031" | "030040" | "030041" | "000099";
            /** @description What failed, naming the parameter when one did. */
            failureDetails: string;
        };
        /** push_switch.list */
        ListPushSwitchesAnswer: components["schemas"]["ListPushSwitchesSuccess"] | components["schemas"]["ListPushSwitchesRefusal"];
    };
    responses: never;
    parameters: {
        /**
         * @description Unix time in seconds when the request was signed; at most 15 s from server time (OP0042). Each signature is accepted once (OP0044): sign every request anew.
         * @example 1795903260
         */
        XClientTime: string;
        /**
         * @description Signature version (OP0045 otherwise).
         * @example 1.0
         */
        XVersion: "1.0";
        /**
         * @description The merchant's clientId (030010 when unknown, OP0047 when disabled).
         * @example a1b2c3d4e5f60718293a4b5c6d7e8f90
         */
        XClientId: string;
        /**
         * @description Lower-case hex HMAC-SHA256 under the key clientSecret + x-client-time of `POST\n<path>\n<parameters sorted by name, name=value joined by &, not URL-encoded>\n<x-client-time>` (spec 5.1; every parameter sent is signed). OP0043 when it does not match.
         * @example 9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d
         */
        Sign: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ssoAuthorizeByToken: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unix time in seconds when the request was signed; at most 15 s from server time (OP0042). Each signature is accepted once (OP0044): sign every request anew.
                 * @example 1795903260
                 */
                "x-client-time": components["parameters"]["XClientTime"];
                /**
                 * @description Signature version (OP0045 otherwise).
                 * @example 1.0
                 */
                "x-version": components["parameters"]["XVersion"];
                /**
                 * @description The merchant's clientId (030010 when unknown, OP0047 when disabled).
                 * @example a1b2c3d4e5f60718293a4b5c6d7e8f90
                 */
                "x-client-Id": components["parameters"]["XClientId"];
                /**
                 * @description Lower-case hex HMAC-SHA256 under the key clientSecret + x-client-time of `POST\n<path>\n<parameters sorted by name, name=value joined by &, not URL-encoded>\n<x-client-time>` (spec 5.1; every parameter sent is signed). OP0043 when it does not match.
                 * @example 9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d
                 */
                sign: components["parameters"]["Sign"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "merchant-token-3f2a9c"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description The merchant's token of the signed-in user, opaque to the platform. Required: 1–4096 characters; no control characters. */
                    token: string;
                };
                /**
                 * @example {
                 *       "token": "merchant-token-3f2a9c"
                 *     }
                 */
                "application/json": {
                    /** @description The merchant's token of the signed-in user, opaque to the platform. Required: 1–4096 characters; no control characters. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "",
                     *       "failureDetails": "",
                     *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
                     *       "refreshToken": "rt_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b",
                     *       "expiresIn": 7200,
                     *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "";
                        /** @constant */
                        failureDetails: "";
                        accessToken: string;
                        refreshToken: string;
                        expiresIn: number;
                        openId: string;
                    };
                };
            };
            /** @description Every failure, internal errors included. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "OP0043",
                     *       "failureDetails": "signature does not match",
                     *       "expiresIn": 0
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description | errorCode | meaning |
                         *     |---|---|
                         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
                         *     | `OP0041` | signature header missing |
                         *     | `030010` | application key does not exist |
                         *     | `OP0047` | merchant is disabled |
                         *     | `OP0045` | unsupported x-version, expected 1.0 |
                         *     | `OP0042` | x-client-time differs from server time by more than 15 seconds |
                         *     | `OP0043` | signature does not match |
                         *     | `OP0044` | signature already used |
                         *     | `OP0046` | invalid request parameters |
                         *     | `OP0051` | partner authorization denied |
                         *     | `OP0052` | merchant endpoint unavailable |
                         *     | `000099` | internal server error, try again later |
                         * @enum {string}
                         */
                        errorCode: "RL0429" | "OP0041" | "030010" | "OP0047" | "OP0045" | "OP0042" | "OP0043" | "OP0044" | "OP0046" | "OP0051" | "OP0052" | "000099";
                        /** @description What failed, naming the header or parameter when one did. */
                        failureDetails: string;
                        /** @constant */
                        expiresIn: 0;
                    };
                };
            };
            /** @description Too many requests from this address or merchant: `RL0429`. Wait the seconds in Retry-After. */
            429: {
                headers: {
                    /**
                     * @description Seconds until a request is accepted again.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "RL0429",
                     *       "failureDetails": "too many requests, retry after the seconds in Retry-After"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "RL0429";
                        failureDetails: string;
                    };
                };
            };
        };
    };
    ssoRefreshToken: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unix time in seconds when the request was signed; at most 15 s from server time (OP0042). Each signature is accepted once (OP0044): sign every request anew.
                 * @example 1795903260
                 */
                "x-client-time": components["parameters"]["XClientTime"];
                /**
                 * @description Signature version (OP0045 otherwise).
                 * @example 1.0
                 */
                "x-version": components["parameters"]["XVersion"];
                /**
                 * @description The merchant's clientId (030010 when unknown, OP0047 when disabled).
                 * @example a1b2c3d4e5f60718293a4b5c6d7e8f90
                 */
                "x-client-Id": components["parameters"]["XClientId"];
                /**
                 * @description Lower-case hex HMAC-SHA256 under the key clientSecret + x-client-time of `POST\n<path>\n<parameters sorted by name, name=value joined by &, not URL-encoded>\n<x-client-time>` (spec 5.1; every parameter sent is signed). OP0043 when it does not match.
                 * @example 9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d
                 */
                sign: components["parameters"]["Sign"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refreshToken": "rt_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @description The refresh token from the login or the last refresh. Required: 1–512 characters; no control characters. */
                    refreshToken: string;
                };
                /**
                 * @example {
                 *       "refreshToken": "rt_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b"
                 *     }
                 */
                "application/json": {
                    /** @description The refresh token from the login or the last refresh. Required: 1–512 characters; no control characters. */
                    refreshToken: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "",
                     *       "failureDetails": "",
                     *       "accessToken": "at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d",
                     *       "refreshToken": "rt_9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b",
                     *       "expiresIn": 7200,
                     *       "openId": "6f1c2b3a4d5e6f708192a3b4c5d6e7f8"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "";
                        /** @constant */
                        failureDetails: "";
                        accessToken: string;
                        refreshToken: string;
                        expiresIn: number;
                        openId: string;
                    };
                };
            };
            /** @description Every failure, internal errors included. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "OP0043",
                     *       "failureDetails": "signature does not match",
                     *       "expiresIn": 0
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description | errorCode | meaning |
                         *     |---|---|
                         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
                         *     | `OP0041` | signature header missing |
                         *     | `030010` | application key does not exist |
                         *     | `OP0047` | merchant is disabled |
                         *     | `OP0045` | unsupported x-version, expected 1.0 |
                         *     | `OP0042` | x-client-time differs from server time by more than 15 seconds |
                         *     | `OP0043` | signature does not match |
                         *     | `OP0044` | signature already used |
                         *     | `OP0046` | invalid request parameters |
                         *     | `030091` | tokenInfo not exists |
                         *     | `030051` | refreshtoken expired |
                         *     | `OP0055` | refresh token already used, sign in again |
                         *     | `000099` | internal server error, try again later |
                         * @enum {string}
                         */
                        errorCode: "RL0429" | "OP0041" | "030010" | "OP0047" | "OP0045" | "OP0042" | "OP0043" | "OP0044" | "OP0046" | "030091" | "030051" | "OP0055" | "000099";
                        /** @description What failed, naming the header or parameter when one did. */
                        failureDetails: string;
                        /** @constant */
                        expiresIn: 0;
                    };
                };
            };
            /** @description Too many requests from this address or merchant: `RL0429`. Wait the seconds in Retry-After. */
            429: {
                headers: {
                    /**
                     * @description Seconds until a request is accepted again.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "RL0429",
                     *       "failureDetails": "too many requests, retry after the seconds in Retry-After"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "RL0429";
                        failureDetails: string;
                    };
                };
            };
        };
    };
    ssoUserCallback: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unix time in seconds when the request was signed; at most 15 s from server time (OP0042). Each signature is accepted once (OP0044): sign every request anew.
                 * @example 1795903260
                 */
                "x-client-time": components["parameters"]["XClientTime"];
                /**
                 * @description Signature version (OP0045 otherwise).
                 * @example 1.0
                 */
                "x-version": components["parameters"]["XVersion"];
                /**
                 * @description The merchant's clientId (030010 when unknown, OP0047 when disabled).
                 * @example a1b2c3d4e5f60718293a4b5c6d7e8f90
                 */
                "x-client-Id": components["parameters"]["XClientId"];
                /**
                 * @description Lower-case hex HMAC-SHA256 under the key clientSecret + x-client-time of `POST\n<path>\n<parameters sorted by name, name=value joined by &, not URL-encoded>\n<x-client-time>` (spec 5.1; every parameter sent is signed). OP0043 when it does not match.
                 * @example 9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d
                 */
                sign: components["parameters"]["Sign"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "operation": "UPDATE",
                 *       "uuid": "user-1042"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description What happened to the user. Required: one of `UPDATE`, `DELETE`; 1–64 characters; no control characters.
                     * @enum {string}
                     */
                    operation: "UPDATE" | "DELETE";
                    /** @description The merchant's id of the user. Required: 1–128 characters; no control characters. */
                    uuid: string;
                };
                /**
                 * @example {
                 *       "operation": "UPDATE",
                 *       "uuid": "user-1042"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What happened to the user. Required: one of `UPDATE`, `DELETE`; 1–64 characters; no control characters.
                     * @enum {string}
                     */
                    operation: "UPDATE" | "DELETE";
                    /** @description The merchant's id of the user. Required: 1–128 characters; no control characters. */
                    uuid: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "",
                     *       "failureDetails": ""
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "";
                        /** @constant */
                        failureDetails: "";
                    };
                };
            };
            /** @description Every failure, internal errors included. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "OP0043",
                     *       "failureDetails": "signature does not match"
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description | errorCode | meaning |
                         *     |---|---|
                         *     | `RL0429` | too many requests, retry after the seconds in Retry-After |
                         *     | `OP0041` | signature header missing |
                         *     | `030010` | application key does not exist |
                         *     | `OP0047` | merchant is disabled |
                         *     | `OP0045` | unsupported x-version, expected 1.0 |
                         *     | `OP0042` | x-client-time differs from server time by more than 15 seconds |
                         *     | `OP0043` | signature does not match |
                         *     | `OP0044` | signature already used |
                         *     | `OP0046` | invalid request parameters |
                         *     | `OP0054` | user profile not exists |
                         *     | `OP0053` | merchant still returns the user, delete refused |
                         *     | `OP0052` | merchant endpoint unavailable |
                         *     | `000099` | internal server error, try again later |
                         * @enum {string}
                         */
                        errorCode: "RL0429" | "OP0041" | "030010" | "OP0047" | "OP0045" | "OP0042" | "OP0043" | "OP0044" | "OP0046" | "OP0054" | "OP0053" | "OP0052" | "000099";
                        /** @description What failed, naming the header or parameter when one did. */
                        failureDetails: string;
                    };
                };
            };
            /** @description Too many requests from this address or merchant: `RL0429`. Wait the seconds in Retry-After. */
            429: {
                headers: {
                    /**
                     * @description Seconds until a request is accepted again.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "RL0429",
                     *       "failureDetails": "too many requests, retry after the seconds in Retry-After"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "RL0429";
                        failureDetails: string;
                    };
                };
            };
        };
    };
    gatewayGet: {
        parameters: {
            query: {
                /**
                 * @description The operation. The parameters below it are each its own query parameter; send those the operation takes (each names the operations that take it).
                 * @example user_ipc_setting_v2_0.getOemDeviceByUser
                 */
                service: "user_ipc_setting_v2_0.getOemDeviceByUser" | "user_ipc_setting_v2_0.getOemDeviceByUserAndMac" | "permission.query_user_not_active" | "fcmall.get_current_service" | "permission.query_user_ipcs_valid" | "center.getServerInfo" | "cloud_system.current_time" | "firmware.latest" | "push_message.list" | "push_message.unread_count" | "push_endpoint.list" | "push_switch.list";
                /**
                 * @description Taken by `user_ipc_setting_v2_0.getOemDeviceByUser` (required), `user_ipc_setting_v2_0.getOemDeviceByUserAndMac` (required), `permission.query_user_not_active` (required), `fcmall.get_current_service` (required), `permission.query_user_ipcs_valid` (required), `center.getServerInfo` (required), `firmware.latest` (required), `push_message.list` (required), `push_message.unread_count` (required), `push_endpoint.list` (required), `push_switch.list` (required). The merchant's clientId (application key). No control characters.
                 * @example a1b2c3d4e5f60718293a4b5c6d7e8f90
                 */
                clientId?: string;
                /**
                 * @description Taken by `user_ipc_setting_v2_0.getOemDeviceByUser` (required), `user_ipc_setting_v2_0.getOemDeviceByUserAndMac` (required), `permission.query_user_not_active` (required), `fcmall.get_current_service` (required), `permission.query_user_ipcs_valid` (required), `center.getServerInfo` (required), `firmware.latest` (required), `push_message.list` (required), `push_message.unread_count` (required), `push_endpoint.list` (required), `push_switch.list` (required). The user's openId, from the SSO login. No control characters.
                 * @example 6f1c2b3a4d5e6f708192a3b4c5d6e7f8
                 */
                openId?: string;
                /**
                 * @description Taken by `user_ipc_setting_v2_0.getOemDeviceByUser` (required), `user_ipc_setting_v2_0.getOemDeviceByUserAndMac` (required), `permission.query_user_not_active` (required), `fcmall.get_current_service` (required), `permission.query_user_ipcs_valid` (required), `center.getServerInfo` (required), `firmware.latest` (required), `push_message.list` (required), `push_message.unread_count` (required), `push_endpoint.list` (required), `push_switch.list` (required). The access token from the SSO login or refresh. No control characters.
                 * @example at_4f9c2e7a1b3d5f6e8a0c2e4f6a8b0c2d
                 */
                accessToken?: string;
                /**
                 * @description Taken by `user_ipc_setting_v2_0.getOemDeviceByUserAndMac` (required), `fcmall.get_current_service` (required), `firmware.latest` (required). Its rules differ by operation: see each operation below.
                 * @example 0A1B2C3D4E5F
                 */
                macAddr?: string;
                /**
                 * @description Taken by `permission.query_user_not_active` (required). Whether the app supports BPI plans: 0 no, 1 yes. At most 1 characters.
                 * @example 0
                 */
                supportBpi?: 0 | 1;
                /**
                 * @description Taken by `center.getServerInfo` (required), `firmware.latest` (optional). Its rules differ by operation: see each operation below.
                 * @example ACME
                 */
                oemCode?: string;
                /**
                 * @description Taken by `firmware.latest` (required). The device's model, as it reports it. No control characters.
                 * @example DocsCam
                 */
                machineTypeName?: string;
                /**
                 * @description Taken by `firmware.latest` (required). Version component sysVersion1 the device runs now.
                 * @example 1
                 */
                sysVersion1?: number;
                /**
                 * @description Taken by `firmware.latest` (required). Version component sysVersion3 the device runs now.
                 * @example 1
                 */
                sysVersion3?: number;
                /**
                 * @description Taken by `firmware.latest` (required). Version component sysVersion4 the device runs now.
                 * @example 1
                 */
                sysVersion4?: number;
                /**
                 * @description Taken by `firmware.latest` (required). Version component appVersion1 the device runs now.
                 * @example 1
                 */
                appVersion1?: number;
                /**
                 * @description Taken by `firmware.latest` (required). Version component appVersion3 the device runs now.
                 * @example 1
                 */
                appVersion3?: number;
                /**
                 * @description Taken by `firmware.latest` (required). Version component appVersion4 the device runs now.
                 * @example 1
                 */
                appVersion4?: number;
                /**
                 * @description Taken by `firmware.latest` (optional). Version component patchVersion the device runs now. Optional: sent empty, it counts as not given.
                 * @example 1
                 */
                patchVersion?: number;
                /**
                 * @description Taken by `push_message.list` (optional), `push_message.unread_count` (optional). Only this device's messages. A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. Optional: sent empty, it counts as not given. No control characters.
                 * @example 0A1B2C3D4E5F
                 */
                devId?: string;
                /**
                 * @description Taken by `push_message.list` (optional). Only messages of this alarm type. At most 5 characters. Optional: sent empty, it counts as not given.
                 * @example 1
                 */
                type?: number;
                /**
                 * @description Taken by `push_message.list` (optional). Only messages whose last alarm is at or after this time (epoch seconds). A signed 64-bit integer in decimal. At most 20 characters. Optional: sent empty, it counts as not given.
                 * @example 1795903260
                 */
                startTime?: number;
                /**
                 * @description Taken by `push_message.list` (optional). Only messages whose last alarm is before this time (epoch seconds). A signed 64-bit integer in decimal. At most 20 characters. Optional: sent empty, it counts as not given.
                 * @example 1795903260
                 */
                endTime?: number;
                /**
                 * @description Taken by `push_message.list` (optional). Page number, from 1 (default 1). At most 6 characters. Optional: sent empty, it counts as not given.
                 * @example 1
                 */
                page?: number;
                /**
                 * @description Taken by `push_message.list` (optional). Messages a page, 1 to 100 (default 20). At most 3 characters. Optional: sent empty, it counts as not given.
                 * @example 1
                 */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Always HTTP 200, whatever the outcome: the operation's success envelope (`errorCode` empty) or its refusal. Pick the operation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetOemDeviceByUserAnswer"] | components["schemas"]["GetOemDeviceByUserAndMacAnswer"] | components["schemas"]["QueryUserNotActiveAnswer"] | components["schemas"]["GetCurrentServiceAnswer"] | components["schemas"]["QueryUserIpcsValidAnswer"] | components["schemas"]["GetServerInfoAnswer"] | components["schemas"]["CurrentTimeAnswer"] | components["schemas"]["FirmwareLatestAnswer"] | components["schemas"]["ListMessagesAnswer"] | components["schemas"]["CountUnreadMessagesAnswer"] | components["schemas"]["ListPushEndpointsAnswer"] | components["schemas"]["ListPushSwitchesAnswer"];
                };
            };
            /** @description Too many requests from this address or merchant: `RL0429`. Wait the seconds in Retry-After. */
            429: {
                headers: {
                    /**
                     * @description Seconds until a request is accepted again.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "RL0429",
                     *       "failureDetails": "too many requests, retry after the seconds in Retry-After"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "RL0429";
                        failureDetails: string;
                    };
                };
            };
        };
    };
    gatewayPost: {
        parameters: {
            query?: {
                /**
                 * @description The operation; or `service` as a field of the body.
                 * @example user_ipc_setting_v2_0.addOemDevice
                 */
                service?: "user_ipc_setting_v2_0.addOemDevice" | "user_ipc_setting_v2_0.delOemDeviceByMac" | "user_ipc_setting_v2_0.updateOemDevice" | "user_ipc_setting_v2_0.delOemDeviceForce" | "permission.active" | "push_message.mark_read" | "push_message.delete" | "push_endpoint.register" | "push_endpoint.remove" | "push_switch.set";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The parameters of the operation named by `service`: the schema whose `x-service` is that name. */
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["AddOemDeviceBody"] | components["schemas"]["DelOemDeviceByMacBody"] | components["schemas"]["UpdateOemDeviceBody"] | components["schemas"]["DelOemDeviceForceBody"] | components["schemas"]["ActivatePermissionBody"] | components["schemas"]["MarkMessagesReadBody"] | components["schemas"]["DeleteMessagesBody"] | components["schemas"]["RegisterPushEndpointBody"] | components["schemas"]["RemovePushEndpointBody"] | components["schemas"]["SetPushSwitchBody"];
                "application/json": components["schemas"]["AddOemDeviceBody"] | components["schemas"]["DelOemDeviceByMacBody"] | components["schemas"]["UpdateOemDeviceBody"] | components["schemas"]["DelOemDeviceForceBody"] | components["schemas"]["ActivatePermissionBody"] | components["schemas"]["MarkMessagesReadBody"] | components["schemas"]["DeleteMessagesBody"] | components["schemas"]["RegisterPushEndpointBody"] | components["schemas"]["RemovePushEndpointBody"] | components["schemas"]["SetPushSwitchBody"];
            };
        };
        responses: {
            /** @description Always HTTP 200, whatever the outcome: the operation's success envelope (`errorCode` empty) or its refusal. Pick the operation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddOemDeviceAnswer"] | components["schemas"]["DelOemDeviceByMacAnswer"] | components["schemas"]["UpdateOemDeviceAnswer"] | components["schemas"]["DelOemDeviceForceAnswer"] | components["schemas"]["ActivatePermissionAnswer"] | components["schemas"]["MarkMessagesReadAnswer"] | components["schemas"]["DeleteMessagesAnswer"] | components["schemas"]["RegisterPushEndpointAnswer"] | components["schemas"]["RemovePushEndpointAnswer"] | components["schemas"]["SetPushSwitchAnswer"];
                };
            };
            /** @description Too many requests from this address or merchant: `RL0429`. Wait the seconds in Retry-After. */
            429: {
                headers: {
                    /**
                     * @description Seconds until a request is accepted again.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "RL0429",
                     *       "failureDetails": "too many requests, retry after the seconds in Retry-After"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "RL0429";
                        failureDetails: string;
                    };
                };
            };
        };
    };
    streamGet: {
        parameters: {
            query: {
                /**
                 * @description The operation. The parameters below it are each its own query parameter; send those the operation takes (each names the operations that take it).
                 * @example record.date.query
                 */
                service: "record.date.query" | "record.query" | "record.play" | "record.download";
                /**
                 * @description Taken by every operation of this path (required). The device's MAC (spec 4.5: devId). A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case. No control characters.
                 * @example 0A1B2C3D4E5F
                 */
                devId?: string;
                /**
                 * @description Taken by every operation of this path (required). MD5 (32 hex digits) of the device owner's subtoken followed by timestamp as sent. No control characters.
                 * @example e10adc3949ba59abbe56e057f20f883e
                 */
                sessionToken?: string;
                /**
                 * @description Taken by every operation of this path (required). Unix time in seconds or milliseconds, later than server time and at most 24 hours ahead. Unix time as decimal digits: 13 digits or more are milliseconds, fewer are seconds. No control characters.
                 * @example 1795903260
                 */
                timestamp?: string;
                /**
                 * @description Taken by `record.query` (required), `record.play` (required), `record.download` (required). Its rules differ by operation: see each operation below.
                 * @example 1795903260
                 */
                recordSt?: string;
                /**
                 * @description Taken by `record.query` (required), `record.download` (required). Its rules differ by operation: see each operation below.
                 * @example 1795903260
                 */
                recordEt?: string;
                /**
                 * @description Taken by `record.query` (required), `record.play` (required), `record.download` (required). API version of the app; any value, also empty. Required, but may be sent empty. No control characters.
                 * @example
                 */
                version?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Always HTTP 200, whatever the outcome: the operation's success envelope (`errorCode` empty) or its refusal. Pick the operation. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordDateQueryAnswer"] | components["schemas"]["RecordQueryAnswer"] | components["schemas"]["RecordPlayAnswer"] | components["schemas"]["RecordDownloadAnswer"];
                };
            };
            /** @description Too many requests from this address or merchant: `RL0429`. Wait the seconds in Retry-After. */
            429: {
                headers: {
                    /**
                     * @description Seconds until a request is accepted again.
                     * @example 1
                     */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "RL0429",
                     *       "failureDetails": "too many requests, retry after the seconds in Retry-After"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "RL0429";
                        failureDetails: string;
                    };
                };
            };
        };
    };
    cameraUploadTarget: {
        parameters: {
            query: {
                /** @description The camera's MAC in any spelling (06626E63FBA5, 06:62:6e:63:fb:a5, 06-62-6E-63-FB-A5), signed exactly as sent. */
                mac: string;
                /** @description The authorization record's userTag. */
                userTag: string;
                /** @description Epoch seconds, within 300 s of server time. */
                timestamp: string;
                /** @description HMAC-SHA256 (see Signing), 64 hex digits. */
                signature: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where and how to upload. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "000000",
                     *       "data": {
                     *         "uploadUrl": "https://store.example.com/camera/v1/segments",
                     *         "serverTime": 1795903260,
                     *         "maxSegmentBytes": 8388608,
                     *         "maxSegmentSeconds": 10,
                     *         "outOfOrderToleranceSeconds": 60,
                     *         "quotaBytesPerDay": 2147483648,
                     *         "quotaSegmentsPerMinute": 30,
                     *         "retentionDays": 7,
                     *         "planEndsAt": 1795903260000
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "000000";
                        data: {
                            /** @description POST each segment here (the store host): `{PUBLIC_STORE_URL}/camera/v1/segments` */
                            uploadUrl: string;
                            /** @description epoch seconds: the camera may set its clock offset from it */
                            serverTime: number;
                            maxSegmentBytes: number;
                            maxSegmentSeconds: number;
                            /** @description a segment may start at most this long before the newest stored one */
                            outOfOrderToleranceSeconds: number;
                            /** @description bytes a device may upload per UTC day */
                            quotaBytesPerDay: number;
                            /** @description segments a device may upload per minute */
                            quotaSegmentsPerMinute: number;
                            /** @description the plan's rolling retention */
                            retentionDays: number;
                            /** @description epoch ms: when the current plan ends */
                            planEndsAt: number;
                        };
                    };
                };
            };
            /** @description `CR0400` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0400",
                     *       "failureDetails": "invalid camera request parameter",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0400";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0401`, `CR0402` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0401",
                     *       "failureDetails": "camera credentials refused: unknown, revoked or forged stream; ask the app for new values",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0401" | "CR0402";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0403` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0403",
                     *       "failureDetails": "no active cloud-recording plan for this device",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0403";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
        };
    };
    cameraUploadSegment: {
        parameters: {
            query: {
                /** @description The camera's MAC in any spelling (06626E63FBA5, 06:62:6e:63:fb:a5, 06-62-6E-63-FB-A5), signed exactly as sent. */
                mac: string;
                /** @description The authorization record's userTag. */
                userTag: string;
                /** @description Epoch seconds of the segment's first frame (2000-01-01 … server time + the clock skew). */
                start: string;
                /** @description Seconds, more than 0 and at most 600, at most 3 decimals (4 or 4.000). */
                duration: string;
                /** @description Recording type: 0 normal, 2 motion, 3 sound; others (0–65535) are kept as sent. record.query lists it as the third entry. */
                type: string;
                /** @description Epoch seconds, within 300 s of server time. */
                timestamp: string;
                /** @description HMAC-SHA256 (see Signing), 64 hex digits. */
                signature: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "video/mp2t": string;
            };
        };
        responses: {
            /** @description Already stored (a retry): nothing new stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "000000",
                     *       "data": {
                     *         "segmentId": "segmentId",
                     *         "devId": "0A1B2C3D4E5F",
                     *         "start": 1795903260,
                     *         "duration": 1,
                     *         "type": 1,
                     *         "bytes": 1,
                     *         "duplicate": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "000000";
                        data: {
                            segmentId: string;
                            devId: string;
                            start: number;
                            duration: number;
                            type: number;
                            bytes: number;
                            /** @description true: this segment was stored before (a retry); nothing new was stored */
                            duplicate: boolean;
                        };
                    };
                };
            };
            /** @description Stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "000000",
                     *       "data": {
                     *         "segmentId": "segmentId",
                     *         "devId": "0A1B2C3D4E5F",
                     *         "start": 1795903260,
                     *         "duration": 1,
                     *         "type": 1,
                     *         "bytes": 1,
                     *         "duplicate": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "000000";
                        data: {
                            segmentId: string;
                            devId: string;
                            start: number;
                            duration: number;
                            type: number;
                            bytes: number;
                            /** @description true: this segment was stored before (a retry); nothing new was stored */
                            duplicate: boolean;
                        };
                    };
                };
            };
            /** @description `CR0400` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0400",
                     *       "failureDetails": "invalid camera request parameter",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0400";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0401`, `CR0402` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0401",
                     *       "failureDetails": "camera credentials refused: unknown, revoked or forged stream; ask the app for new values",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0401" | "CR0402";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0403` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0403",
                     *       "failureDetails": "no active cloud-recording plan for this device",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0403";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0409` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0409",
                     *       "failureDetails": "segment out of order or conflicting with a stored one",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0409";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0413` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0413",
                     *       "failureDetails": "segment larger than the limit",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0413";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0415` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0415",
                     *       "failureDetails": "segment is not an MPEG transport stream",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0415";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0429` */
            429: {
                headers: {
                    /** @description seconds until the quota allows this device again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0429",
                     *       "failureDetails": "device quota reached, retry after the seconds in Retry-After",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0429";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
        };
    };
    cameraPostAlarm: {
        parameters: {
            query: {
                /** @description The camera's MAC in any spelling, signed exactly as sent. */
                mac: string;
                /** @description Alarm type: 1 motion, 2 sound, 3 human, 4 doorbell, 5 offline, 6 lowBattery, 7 tamper, 8 vehicle, 9 pet, 10 package; others (0–65535) are kept as sent. */
                type: string;
                /** @description The camera's epoch seconds of the alarm: not after server time + 300 s, at most 86400 s before it. */
                time: string;
                /** @description Epoch seconds of the request, within 300 s of server time. */
                timestamp: string;
                /** @description HMAC-SHA256 (see Signing), 64 hex digits. */
                signature: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "image/jpeg": string;
            };
        };
        responses: {
            /** @description Merged into the device's latest message of this type (storm control). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "000000",
                     *       "data": {
                     *         "messageId": "731",
                     *         "devId": "0A1B2C3D4E5F",
                     *         "type": 1,
                     *         "count": 1,
                     *         "merged": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "000000";
                        data: {
                            messageId: string;
                            devId: string;
                            type: number;
                            count: number;
                            merged: boolean;
                        };
                    };
                };
            };
            /** @description A new message. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "000000",
                     *       "data": {
                     *         "messageId": "731",
                     *         "devId": "0A1B2C3D4E5F",
                     *         "type": 1,
                     *         "count": 1,
                     *         "merged": false
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "000000";
                        data: {
                            messageId: string;
                            devId: string;
                            type: number;
                            count: number;
                            merged: boolean;
                        };
                    };
                };
            };
            /** @description `CR0400` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0400",
                     *       "failureDetails": "invalid camera request parameter",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0400";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0401`, `CR0402` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0401",
                     *       "failureDetails": "camera credentials refused: unknown, revoked or forged stream; ask the app for new values",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0401" | "CR0402";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0413` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0413",
                     *       "failureDetails": "segment larger than the limit",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0413";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0416` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0416",
                     *       "failureDetails": "alarm picture is not a JPEG image",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0416";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
            /** @description `CR0429` */
            429: {
                headers: {
                    /** @description seconds until the next minute */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "CR0429",
                     *       "failureDetails": "device quota reached, retry after the seconds in Retry-After",
                     *       "serverTime": 1795903260
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        errorCode: "CR0429";
                        failureDetails: string;
                        /** @description epoch seconds */
                        serverTime: number;
                    };
                };
            };
        };
    };
    merchantIsValidToken: {
        parameters: {
            query: {
                /**
                 * @description The token the merchant's app sent to /sso/authorize_by_token.
                 * @example merchant-token-3f2a9c
                 */
                token: string;
            };
            header: {
                /**
                 * @description Unix time in seconds when the platform signed the call. Refuse a call more than 15 s from your clock.
                 * @example 1795903260
                 */
                "x-client-time": string;
                /**
                 * @description Signature version.
                 * @example 1.0
                 */
                "x-version": "1.0";
                /**
                 * @description The merchant's clientId.
                 * @example a1b2c3d4e5f60718293a4b5c6d7e8f90
                 */
                "x-client-Id": string;
                /**
                 * @description Lower-case hex HMAC-SHA256 under the key clientSecret + x-client-time of `GET\n<the URL's path>\n<the query parameters, sorted by name, name=value joined by &, not URL-encoded>\n<x-client-time>`. Compute it from what you received and compare.
                 * @example 3b2f6c0d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c
                 */
                sign: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user: HTTP 200, `errorCode` empty. A non-empty `errorCode` counts as a refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "",
                     *       "failureDetails": "",
                     *       "user": {
                     *         "uuid": "user-1042",
                     *         "username": "ana@example.com",
                     *         "name": "Ana Silva",
                     *         "nickname": "ana",
                     *         "phone": "+351912345678",
                     *         "country": "PT"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "";
                        failureDetails?: string;
                        /** @description The merchant's user. Strings; absent or null fields are stored as empty. A value too long or holding a control character makes the whole answer invalid (the platform then answers the app OP0052 naming the field and stores nothing). Other fields are ignored. */
                        user: {
                            /** @description The merchant's id of the user; never changes. */
                            uuid: string;
                            username?: string;
                            name?: string;
                            nickname?: string;
                            phone?: string;
                            country?: string;
                        };
                    };
                };
            };
            /** @description Refused: the token is unknown or expired. Any other answer, or none within the timeout, is "merchant unavailable" (OP0052 to the app). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "TOKEN_INVALID",
                     *       "failureDetails": "token expired"
                     *     }
                     */
                    "application/json": {
                        /** @description Your own code. */
                        errorCode: string;
                        failureDetails?: string;
                    };
                };
            };
        };
    };
    merchantGetUserProfile: {
        parameters: {
            query: {
                /**
                 * @description The merchant's user id.
                 * @example user-1042
                 */
                uuid: string;
            };
            header: {
                /**
                 * @description Unix time in seconds when the platform signed the call. Refuse a call more than 15 s from your clock.
                 * @example 1795903260
                 */
                "x-client-time": string;
                /**
                 * @description Signature version.
                 * @example 1.0
                 */
                "x-version": "1.0";
                /**
                 * @description The merchant's clientId.
                 * @example a1b2c3d4e5f60718293a4b5c6d7e8f90
                 */
                "x-client-Id": string;
                /**
                 * @description Lower-case hex HMAC-SHA256 under the key clientSecret + x-client-time of `GET\n<the URL's path>\n<the query parameters, sorted by name, name=value joined by &, not URL-encoded>\n<x-client-time>`. Compute it from what you received and compare.
                 * @example 3b2f6c0d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c
                 */
                sign: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user: HTTP 200, `errorCode` empty. A non-empty `errorCode` counts as a refusal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "",
                     *       "failureDetails": "",
                     *       "user": {
                     *         "uuid": "user-1042",
                     *         "username": "ana@example.com",
                     *         "name": "Ana Silva",
                     *         "nickname": "ana",
                     *         "phone": "+351912345678",
                     *         "country": "PT"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        errorCode: "";
                        failureDetails?: string;
                        /** @description The merchant's user. Strings; absent or null fields are stored as empty. A value too long or holding a control character makes the whole answer invalid (the platform then answers the app OP0052 naming the field and stores nothing). Other fields are ignored. */
                        user: {
                            /** @description The merchant's id of the user; never changes. */
                            uuid: string;
                            username?: string;
                            name?: string;
                            nickname?: string;
                            phone?: string;
                            country?: string;
                        };
                    };
                };
            };
            /** @description Refused: no such user (the answer a DELETE callback expects). Any other answer, or none within the timeout, is "merchant unavailable" (OP0052 to the app). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "errorCode": "USER_NOT_EXISTS",
                     *       "failureDetails": "no user user-1042"
                     *     }
                     */
                    "application/json": {
                        /** @description Your own code. */
                        errorCode: string;
                        failureDetails?: string;
                    };
                };
            };
        };
    };
    merchantPushWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Unix time in seconds when the platform signed the call. Refuse a call more than 15 s from your clock.
                 * @example 1795903260
                 */
                "x-client-time": string;
                /**
                 * @description Signature version.
                 * @example 1.0
                 */
                "x-version": "1.0";
                /**
                 * @description The merchant's clientId.
                 * @example a1b2c3d4e5f60718293a4b5c6d7e8f90
                 */
                "x-client-Id": string;
                /**
                 * @description Lower-case hex HMAC-SHA256 under the key clientSecret + x-client-time of `POST\n<the URL's path>\n<the form fields and any query parameters of the configured URL, sorted by name, name=value joined by &, not URL-encoded>\n<x-client-time>`. Compute it from what you received and compare.
                 * @example 3b2f6c0d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c
                 */
                sign: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "deliveryId": "d-7f3a2c91",
                 *       "uuid": "user-1042",
                 *       "token": "docs-recipient",
                 *       "title": "Motion detected",
                 *       "body": "Porch camera detected motion",
                 *       "expiresAt": "1795906860000",
                 *       "messageId": "731",
                 *       "devId": "0A1B2C3D4E5F",
                 *       "type": "1",
                 *       "time": "1795903260",
                 *       "count": "1",
                 *       "recordSt": "1795903255",
                 *       "pictureUrl": "https://api.example.com/push/v1/pictures/731.jpg"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description The same on every attempt of one delivery: your idempotency key.
                     * @example d-7f3a2c91
                     */
                    deliveryId: string;
                    /**
                     * @description Your user id of the recipient.
                     * @example user-1042
                     */
                    uuid: string;
                    /**
                     * @description The recipient token the app registered with push_endpoint.register.
                     * @example docs-recipient
                     */
                    token: string;
                    /**
                     * @description Title to show.
                     * @example Motion detected
                     */
                    title: string;
                    /**
                     * @description Text to show.
                     * @example Porch camera detected motion
                     */
                    body: string;
                    /**
                     * @description Epoch milliseconds after which the notification is worthless.
                     * @example 1795906860000
                     */
                    expiresAt: string;
                    /**
                     * @description The message (push_message.list).
                     * @example 731
                     */
                    messageId: string;
                    /**
                     * @description The device's MAC, 12 upper-case hex digits.
                     * @example 0A1B2C3D4E5F
                     */
                    devId: string;
                    /**
                     * @description Alarm type: 1 motion, 2 sound, 3 human, 4 doorbell, 5 offline, 6 lowBattery, 7 tamper, 8 vehicle, 9 pet, 10 package; others as the camera sent them.
                     * @example 1
                     */
                    type: string;
                    /**
                     * @description Epoch seconds of the alarm, the camera's clock.
                     * @example 1795903260
                     */
                    time: string;
                    /**
                     * @description Alarms merged into the message.
                     * @example 1
                     */
                    count: string;
                    /**
                     * @description Epoch seconds to play the recording from (record.play).
                     * @example 1795903255
                     */
                    recordSt: string;
                    /**
                     * Format: uri
                     * @description The alarm's picture, when there is one.
                     * @example https://api.example.com/push/v1/pictures/731.jpg
                     */
                    pictureUrl?: string;
                };
            };
        };
        responses: {
            /** @description Taken (any 2xx): the delivery is done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused for good (any other 4xx): not retried. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The recipient is unknown (404 or 410): the platform removes the endpoint and stops sending to it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Busy (408, 429 or any 5xx): the platform retries later with backoff. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

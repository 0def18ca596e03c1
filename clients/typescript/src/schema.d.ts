/**
 * Generated from openapi.json by clients/typescript/generate.mjs (openapi-typescript). Do not edit.
 */

export interface paths {
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics of this process
         * @description The process's metrics in the Prometheus text format, for your monitoring to scrape. Public and never rate limited: keep it internal at the reverse proxy.
         */
        get: operations["MetricsController_metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/create_session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a session for an account (apps holding authenticate_users)
         * @description For apps holding `authenticate_users`: opens a session for the account and returns its credentials (`S<session id>` and a token shown only here). 422 when the account does not exist.
         */
        post: operations["AuthController_createSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/reset_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the token used for this request; the old one stops working at once
         * @description Replaces the token that authenticated this request (an app's or a session's) and returns the new one, shown only here; the old token stops working at once.
         */
        post: operations["AuthController_resetToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who the credentials belong to
         * @description The app (without its token) or the account the credentials belong to. Without credentials: 401.
         */
        get: operations["AuthController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/idp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an identity-provider token; creates the account when new and signups are open
         * @description Public. Exchanges an identity-provider user token (with the `identify` scope) for a session. An unknown account is created from the provider's profile while signups are open (else 403); a known account is left as it is. Invalid token: 401; provider failure: 502 or 504.
         */
        post: operations["IdpSignInController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounts/signups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether signups are open
         * @description Public. Whether new accounts can be created (`POST /acounts/new`, or a first sign-in with `POST /auth/idp`).
         */
        get: operations["AccountsController_signups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/acounts/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account
         * @description Needs `manage_account_details` (and the grant rules for `permissions` other than 0). Registers an account under its identity-provider id (an unsigned 64-bit integer, as a number or a string), optionally in a team. 409 when the id is already registered; 403 while signups are closed; 422 for an unknown team or a bad field. `POST /accounts/new` is the same route.
         */
        post: operations["AccountsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounts/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alias of POST /acounts/new
         * @deprecated
         * @description The same operation as `POST /acounts/new`, for clients that use this spelling; use that one.
         */
        post: operations["AccountsController_createAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounts/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search accounts by name and team, a page at a time
         * @description Public. Accounts whose name matches `q`, optionally only those of a `team` (`team=0`: accounts without a team), ordered by name then id, one page at a time (`page`, `per_page`).
         */
        get: operations["AccountsController_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/{account}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an account
         * @description Public. One account with its team and the awards it holds; 422 when it does not exist.
         */
        get: operations["AccountsController_get"];
        put?: never;
        post?: never;
        /**
         * Delete an account (needs manage_account_details, or being that account)
         * @description Deletes the account and its award holdings; no event is sent. Needs `manage_account_details`, or the account's own session. 422 when it does not exist.
         */
        delete: operations["AccountsController_delete"];
        options?: never;
        head?: never;
        /**
         * Update an account; each field needs its own permission, idp_token alone needs no credentials
         * @description Changes the fields given: `name`, `discriminator` and `avatar_url` need `manage_account_details`, `team` the team-membership rule, permission changes the grant rules; `idp_token` alone needs no credentials and refreshes the profile from the identity provider. A change of team sends an `account_team_update` event.
         */
        patch: operations["AccountsController_update"];
        trace?: never;
    };
    "/teams/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a team
         * @description Needs `manage_teams`. Creates a team with a name; it starts with no members and no awards.
         */
        post: operations["TeamsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/teams/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search teams by name, a page at a time
         * @description Public. Teams whose name matches `q`, ordered by name then id, one page at a time (`page`, `per_page`).
         */
        get: operations["TeamsController_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/team/{team}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a team
         * @description Public. One team with its member count and awards; 422 when it does not exist.
         */
        get: operations["TeamsController_get"];
        put?: never;
        post?: never;
        /**
         * Delete a team; its members and awards are left without a team
         * @description Deletes the team (same permissions as renaming it). Its members are left without a team, each with an `account_team_update` event, and its awards without a team.
         */
        delete: operations["TeamsController_delete"];
        options?: never;
        head?: never;
        /**
         * Rename a team (manage_teams, or manage_own_team as a member)
         * @description Renames the team: needs `manage_teams`, or `manage_own_team` as one of its members. Renaming sends no event. 422 when it does not exist.
         */
        patch: operations["TeamsController_update"];
        trace?: never;
    };
    "/awards/new": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an award and give it to accounts
         * @description Needs `manage_awards`. Creates an award for a team and gives it to the accounts listed (possibly none). One 422 names every unknown account and an unknown team together; nothing is written then.
         */
        post: operations["AwardsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/award/{award}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an award with its holders and team
         * @description Public. The award, the accounts holding it (by name, then id) and its team (null when it has none); 422 when it does not exist.
         */
        get: operations["AwardsController_get"];
        put?: never;
        post?: never;
        /**
         * Delete an award
         * @description Needs `manage_awards`. Deletes the award and every holding of it. 422 when it does not exist.
         */
        delete: operations["AwardsController_delete"];
        options?: never;
        head?: never;
        /**
         * Update an award
         * @description Needs `manage_awards`. Changes the title, image or team given (`team` 0 or null: no team). 422 when it does not exist.
         */
        patch: operations["AwardsController_update"];
        trace?: never;
    };
    "/account/{account}/award/{award}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Give an award to an account
         * @description Needs `manage_awards`. 201 when the award was given, 208 when the account already held it; 422 naming the account, the award, or both when not found.
         */
        put: operations["AwardsController_give"];
        post?: never;
        /**
         * Take an award from an account
         * @description Needs `manage_awards`. 204 when taken; 404 when the account did not hold it; 422 naming the account or the award when not found.
         */
        delete: operations["AwardsController_take"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callback/{event}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the calling app's callback for an event type
         * @description App credentials only. The callback registered for the event type (never its secret), with its health: `disabled`, `failing_since`, `last_success_at`. 404 when none is registered.
         */
        get: operations["CallbacksController_get"];
        /**
         * Register (or replace) the calling app's callback for an event type
         * @description App credentials only. Registers the URL the service POSTs each event of this type to, signed with `secret` (Standard Webhooks), with an optional `rate_limit` in attempts per second. Replacing a callback keeps its id: pending deliveries go to the new URL, a new secret starts a rotation (the old one keeps signing for a grace period), and a disabled callback is enabled again.
         */
        put: operations["CallbacksController_put"];
        post?: never;
        /**
         * Delete the calling app's callback for an event type; deliveries not yet sent are cancelled
         * @description App credentials only. Deletes the callback; its pending deliveries become `cancelled`. 404 when none is registered.
         */
        delete: operations["CallbacksController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callbacks/{event}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alias of GET /callback/{event}
         * @deprecated
         * @description The same operation as `GET /callback/{event}`, for clients that use this spelling; use that one.
         */
        get: operations["CallbacksController_getAlias"];
        /**
         * Alias of PUT /callback/{event}
         * @deprecated
         * @description The same operation as `PUT /callback/{event}`, for clients that use this spelling; use that one.
         */
        put: operations["CallbacksController_putAlias"];
        post?: never;
        /**
         * Alias of DELETE /callback/{event}
         * @deprecated
         * @description The same operation as `DELETE /callback/{event}`, for clients that use this spelling; use that one.
         */
        delete: operations["CallbacksController_deleteAlias"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callback/{event}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable the calling app's callback again after it was disabled for failing; held deliveries stay failed until recovered
         * @description App credentials only. Enables a callback that was disabled after failing for too long and clears `failing_since`. Deliveries recorded while it was disabled stay `failed`: send them with `POST /callback/{event}/recover`. 404 when none is registered.
         */
        post: operations["CallbacksController_enable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callbacks/{event}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alias of POST /callback/{event}/enable
         * @deprecated
         * @description The same operation as `POST /callback/{event}/enable`, for clients that use this spelling; use that one.
         */
        post: operations["CallbacksController_enableAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callbacks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the calling app's callbacks: event type → URL
         * @description App credentials only. Every callback of the calling app, as a map from event type to URL.
         */
        get: operations["CallbacksController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callback/{event}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the calling app's deliveries for an event type, newest first
         * @description App credentials only. The deliveries made to your callback for this event type, newest first (by `created_at`, then id), with their status, attempts and last answer; filter by `status`, by the account the event is about (`account`) and by creation time (`since`, `until`), one page at a time: by number (`page`), or after a delivery (`starting_after`: the `id` of the last delivery of the page before; `has_more` says whether more follow), a walk by cursor returns each delivery that was there when it began exactly once, in order, whatever is recorded meanwhile.
         */
        get: operations["DeliveryLogController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callbacks/{event}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alias of GET /callback/{event}/deliveries
         * @deprecated
         * @description The same operation as `GET /callback/{event}/deliveries`, for clients that use this spelling; use that one.
         */
        get: operations["DeliveryLogController_listAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callback/{event}/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one delivery: the body sent and every attempt (status, error, duration, start of the answer)
         * @description App credentials only. One of your deliveries with the JSON body it sends and its attempt log, oldest first: when, how long, the answer's status, an error and the start of the answer's body. 404 for an unknown id or another app's.
         */
        get: operations["DeliveryLogController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callbacks/{event}/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Alias of GET /callback/{event}/deliveries/{id}
         * @deprecated
         * @description The same operation as `GET /callback/{event}/deliveries/{id}`, for clients that use this spelling; use that one.
         */
        get: operations["DeliveryLogController_getAlias"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callback/{event}/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a failed or succeeded delivery again, with the same webhook-id and a fresh retry schedule
         * @description App credentials only. Puts a `failed` or `succeeded` delivery back to `pending` with a fresh retry schedule and the same `webhook-id` (so your receiver can drop it as a duplicate). 409 while it is `pending` or when it was `cancelled`; 404 for an unknown id or another app's.
         */
        post: operations["DeliveryLogController_redeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callbacks/{event}/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alias of POST /callback/{event}/deliveries/{id}/redeliver
         * @deprecated
         * @description The same operation as `POST /callback/{event}/deliveries/{id}/redeliver`, for clients that use this spelling; use that one.
         */
        post: operations["DeliveryLogController_redeliverAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callback/{event}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again every failed delivery created since a time; answers at once, the work runs in the background
         * @description App credentials only. Redelivers every `failed` delivery of this event type created at or after `since` (UNIX seconds) and answers at once with how many; they are sent in the background, each as `POST .../redeliver` would. A `since` in the future (milliseconds sent as seconds) is a 422.
         */
        post: operations["DeliveryLogController_recover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callbacks/{event}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alias of POST /callback/{event}/recover
         * @deprecated
         * @description The same operation as `POST /callback/{event}/recover`, for clients that use this spelling; use that one.
         */
        post: operations["DeliveryLogController_recoverAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callback/{event}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed test delivery (X-Callback-Event: ping) to the registered callback
         * @description App credentials only. Records a signed test delivery (`X-Callback-Event: ping`, body `{"event": "ping", "callback": ...}`) to your callback, sent and retried like any other and listed among its deliveries. 404 when no callback is registered.
         */
        post: operations["DeliveryLogController_ping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/callbacks/{event}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Alias of POST /callback/{event}/ping
         * @deprecated
         * @description The same operation as `POST /callback/{event}/ping`, for clients that use this spelling; use that one.
         */
        post: operations["DeliveryLogController_pingAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process is up and serving
         * @description Public, for orchestrators: 200 while the process runs.
         */
        get: operations["HealthController_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database (and, for the worker, Redis) answers; the API reports Redis without needing it
         * @description Public, for load balancers and orchestrators: 200 while the database answers (with Redis down the API still takes writes, and their events wait in the database: `degraded`, Redis under `error`); 503 otherwise. Lagging or lost read replicas are reported in the body, not as unready.
         */
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    account_team_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An account's team changed
         * @description Sent to the callback registered for `account_team_update` whenever an existing account joins, leaves or changes team (also for every member of a deleted team). At least once: drop duplicates by `webhook-id`. Unordered: drop an event whose `sequence` is below one already applied for its account.
         */
        post: operations["webhook_account_team_update"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test delivery
         * @description Sent by `POST /callback/{event}/ping` to the callback registered for `{event}`, signed and retried like any other delivery; listed among the deliveries of `{event}`.
         */
        post: operations["webhook_ping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Error: {
            /**
             * @description What went wrong, for people.
             * @example Authentication required.
             */
            detail: string;
        };
        CreateSessionDto: {
            /** @description Account id: an unsigned 64-bit integer, as a JSON integer or a string of digits. */
            account: string;
        };
        Session: {
            /**
             * @description Basic username: `S<session id>`.
             * @example S1
             */
            username: string;
            /** @description Basic password: the session token, shown once. */
            password: string;
            /**
             * @description Seconds since the UNIX epoch, with a fractional part.
             * @example 1766392000.5
             */
            expires_at: number;
        };
        ValidationErrorItem: {
            /**
             * @example [
             *       "path",
             *       "account"
             *     ]
             */
            loc: (string | number)[];
            /** @example Account not found. */
            msg: string;
            /** @example value_error.not_found */
            type: string;
        };
        ValidationError: {
            detail: components["schemas"]["ValidationErrorItem"][];
        };
        App: {
            /** @example admin */
            name: string;
            /**
             * @description Permission bits (docs/api.md#permissions).
             * @example 95
             */
            permissions: number;
            /**
             * @description Basic username: `A<app id>`.
             * @example A1
             */
            username: string;
            /** @description The new token; only in the `POST /auth/reset_token` response. */
            password?: string;
        };
        Award: {
            /** @example 1 */
            id: number;
            /** @example Winner 2025 */
            title: string;
            /**
             * Format: uri
             * @example https://cdn.example.com/awards/1.png
             */
            image_url: string;
        };
        Team: {
            /** @example 1 */
            id: number;
            /** @example Red */
            name: string;
            /**
             * @description Seconds since the UNIX epoch, with a fractional part.
             * @example 1763800000.123
             */
            created_at: number;
            /** @example 3 */
            member_count: number;
            /** @description Awards given to the team. */
            awards: components["schemas"]["Award"][];
        };
        Account: {
            /**
             * @description Identity-provider id: an unsigned 64-bit integer as a string.
             * @example 80351110224678912
             */
            id: string;
            /** @example Ann */
            name: string;
            /** @example 0001 */
            discriminator: string;
            /** Format: uri */
            avatar_url: string | null;
            team: components["schemas"]["Team"] | null;
            /**
             * @description Permission bits (docs/api.md#permissions).
             * @example 0
             */
            permissions: number;
            /**
             * @description Seconds since the UNIX epoch, with a fractional part.
             * @example 1763800000.123
             */
            created_at: number;
            awards: components["schemas"]["Award"][];
        };
        IdpSignInDto: {
            token: string;
        };
        Signups: {
            /** @description Whether new accounts can be created (`SIGNUPS_OPEN`). */
            signups_open: boolean;
        };
        CreateAccountDto: {
            /** @description Account id: an unsigned 64-bit integer, as a JSON integer or a string of digits. */
            id: string;
            /** @description Length counted after trimming. */
            name: string;
            discriminator: string;
            /**
             * Format: uri
             * @description Absolute http(s) URL.
             */
            avatar_url?: string | null;
            team?: number | null;
            permissions?: number | null;
        };
        AccountPage: {
            /** @description Zero-based page number. */
            page: number;
            per_page: number;
            /** @description ceil(results / per_page). */
            pages: number;
            /** @description Total number of matches. */
            results: number;
            data: components["schemas"]["Account"][];
        };
        UpdateAccountDto: {
            /** @description Length counted after trimming. */
            name?: string;
            discriminator?: string;
            /**
             * Format: uri
             * @description Absolute http(s) URL.
             */
            avatar_url?: string | null;
            team?: number | null;
            grant_permissions?: number;
            revoke_permissions?: number;
            idp_token?: string | null;
        };
        CreateTeamDto: {
            /** @description Length counted after trimming. */
            name: string;
        };
        TeamPage: {
            /** @description Zero-based page number. */
            page: number;
            per_page: number;
            /** @description ceil(results / per_page). */
            pages: number;
            /** @description Total number of matches. */
            results: number;
            data: components["schemas"]["Team"][];
        };
        UpdateTeamDto: {
            /** @description Length counted after trimming. */
            name?: string;
        };
        CreateAwardDto: {
            /** @description Length counted after trimming. */
            title: string;
            /**
             * Format: uri
             * @description Absolute http(s) URL.
             */
            image_url: string;
            team: number;
            accounts: string[];
        };
        AwardDetails: {
            award: components["schemas"]["Award"];
            awardees: components["schemas"]["Account"][];
            team: components["schemas"]["Team"] | null;
        };
        UpdateAwardDto: {
            /** @description Length counted after trimming. */
            title?: string;
            /**
             * Format: uri
             * @description Absolute http(s) URL.
             */
            image_url?: string;
            team?: number | null;
        };
        PutCallbackDto: {
            /**
             * Format: uri
             * @description Absolute http(s) URL.
             */
            url: string;
            secret: string;
            rate_limit?: number | null;
        };
        Callback: {
            /** @example 1 */
            id: number;
            /**
             * @example account_team_update
             * @enum {string}
             */
            event: "account_team_update";
            /**
             * Format: uri
             * @example https://app.example.com/hooks/accounts
             */
            url: string;
            /**
             * @description True while deliveries are held: the callback failed for good for CALLBACK_DISABLE_AFTER.
             * @example false
             */
            disabled: boolean;
            /**
             * @description When it was disabled (seconds), or null.
             * @example null
             */
            disabled_at: number | null;
            /**
             * @description Start of the current unbroken run of deliveries that failed for good (seconds); null after a success.
             * @example null
             */
            failing_since: number | null;
            /**
             * @description When a delivery last succeeded (seconds), or null.
             * @example 1795700000.25
             */
            last_success_at: number | null;
            /**
             * @description At most this many delivery attempts start in any one second; null for no limit.
             * @example null
             */
            rate_limit: number | null;
        };
        CallbackList: {
            /**
             * @description Event type → the URL registered for it by the calling app.
             * @example {
             *       "account_team_update": "https://app.example.com/hooks/accounts"
             *     }
             */
            callbacks: {
                [key: string]: string;
            };
        };
        Delivery: {
            /**
             * @description The delivery's id.
             * @example 1042
             */
            id: string;
            /**
             * @description The `webhook-id` header of every attempt.
             * @example msg_5f0c6d3b9a2e4c1f8b7a6d5e4c3b2a19
             */
            webhook_id: string;
            /**
             * @example account_team_update
             * @enum {string}
             */
            event: "account_team_update" | "ping";
            /**
             * @example failed
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed" | "cancelled";
            /**
             * @description Attempts made so far, every round together.
             * @example 8
             */
            attempts: number;
            /** @example 1795700000.125 */
            created_at: number;
            /** @example 1795800800.5 */
            last_attempt_at: number | null;
            /**
             * @description Null unless pending.
             * @example null
             */
            next_attempt_at: number | null;
            /**
             * @description Null when none yet, or a network error or timeout.
             * @example 503
             */
            last_response_status: number | null;
            /** @example HTTP 503 */
            last_error: string | null;
            /**
             * Format: uri
             * @example https://app.example.com/hooks/accounts
             */
            url: string | null;
        };
        DeliveryPage: {
            /** @description Zero-based page number; null for a page asked for with `starting_after`. */
            page: number | null;
            per_page: number;
            /** @description ceil(results / per_page). */
            pages: number;
            /** @description Total number of matches of the filter (whatever the page or cursor). */
            results: number;
            /** @description Whether deliveries follow the last of `data`: ask for them with `starting_after` set to its `id`. */
            has_more: boolean;
            data: components["schemas"]["Delivery"][];
        };
        DeliveryAttempt: {
            /**
             * @description 1, 2, ... over every round of the delivery.
             * @example 1
             */
            attempt: number;
            /** @example 1795700000.25 */
            at: number;
            /** @example 84 */
            duration_ms: number;
            /** @example 503 */
            response_status: number | null;
            /** @example HTTP 503 */
            error: string | null;
            /**
             * @description The first 1,024 characters of the answer's body, as text.
             * @example upstream unavailable
             */
            response_body: string | null;
        };
        DeliveryDetails: {
            /**
             * @description The delivery's id.
             * @example 1042
             */
            id: string;
            /**
             * @description The `webhook-id` header of every attempt.
             * @example msg_5f0c6d3b9a2e4c1f8b7a6d5e4c3b2a19
             */
            webhook_id: string;
            /**
             * @example account_team_update
             * @enum {string}
             */
            event: "account_team_update" | "ping";
            /**
             * @example failed
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed" | "cancelled";
            /**
             * @description Attempts made so far, every round together.
             * @example 8
             */
            attempts: number;
            /** @example 1795700000.125 */
            created_at: number;
            /** @example 1795800800.5 */
            last_attempt_at: number | null;
            /**
             * @description Null unless pending.
             * @example null
             */
            next_attempt_at: number | null;
            /**
             * @description Null when none yet, or a network error or timeout.
             * @example 503
             */
            last_response_status: number | null;
            /** @example HTTP 503 */
            last_error: string | null;
            /**
             * Format: uri
             * @example https://app.example.com/hooks/accounts
             */
            url: string | null;
            /**
             * @description The JSON body that is sent.
             * @example {
             *       "account": {
             *         "id": "80351110224678912",
             *         "name": "Nelly"
             *       },
             *       "team": null
             *     }
             */
            payload: {
                [key: string]: unknown;
            };
            /** @description Oldest first. */
            attempt_log: components["schemas"]["DeliveryAttempt"][];
        };
        RecoverDto: {
            /** @example 1795700000 */
            since: number;
        };
        RecoverResult: {
            /**
             * @description Failed deliveries sent again (in the background).
             * @example 12
             */
            redelivered: number;
        };
        AccountTeamUpdateEvent: {
            /** @description The Account after the change. */
            account: components["schemas"]["Account"];
            /** @description The new Team of the account, or null when it has none. */
            team: components["schemas"]["Team"] | null;
            /**
             * @description The event type, as in `X-Callback-Event`.
             * @example account_team_update
             * @enum {string}
             */
            type: "account_team_update";
            /**
             * Format: date-time
             * @description When the change committed: RFC 3339, UTC, milliseconds. The same in every delivery, retry and redelivery of the event.
             * @example 2026-11-29T07:05:55.123Z
             */
            occurred_at: string;
            /**
             * @description The event's place among the events of its account: greater than that of every event of the same account committed before it. A receiver that already applied this sequence or a greater one for the account drops the event (deliveries may arrive out of order).
             * @example 42
             */
            sequence: number;
        };
        PingEvent: {
            /**
             * @example ping
             * @enum {string}
             */
            event: "ping";
            /** @description The callback the test delivery is sent to. */
            callback: components["schemas"]["Callback"];
            /**
             * @description The event type, as in `X-Callback-Event`.
             * @example ping
             * @enum {string}
             */
            type: "ping";
            /**
             * Format: date-time
             * @description When the ping was recorded: RFC 3339, UTC, milliseconds.
             * @example 2026-11-29T07:05:55.123Z
             */
            occurred_at: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    MetricsController_metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format 0.0.4. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are malformed, unknown, wrong or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AuthController_createSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSessionDto"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or no such account. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AuthController_resetToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The App with its new token (`password`) for an app token, the Session for a user token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["App"] | components["schemas"]["Session"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AuthController_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The App (without token) or the Account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["App"] | components["schemas"]["Account"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    IdpSignInController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdpSignInDto"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Credentials were sent but are malformed, unknown, wrong or expired.
             *
             *     The identity-provider token is invalid or lacks the identify scope, or credentials sent are invalid.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown account and signups are closed. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The identity provider failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The identity provider did not answer in time. Or: The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AccountsController_signups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Signups"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are malformed, unknown, wrong or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AccountsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccountDto"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Authenticated, but without the permission this needs.
             *
             *     Signups are closed, or the caller may not grant these permissions.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The id is already registered. Or: A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AccountsController_createAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccountDto"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Authenticated, but without the permission this needs.
             *
             *     Signups are closed, or the caller may not grant these permissions.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The id is already registered. Or: A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AccountsController_search: {
        parameters: {
            query?: {
                /** @description Zero-based page number. */
                page?: number | null;
                per_page?: number | null;
                /** @description Case- and accent-insensitive substring of the name; `%`, `_` and `\` match themselves. Not only characters the collation ignores (U+0000, U+200B, combining marks). */
                q?: string | null;
                team?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountPage"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are malformed, unknown, wrong or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AccountsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Account id (unsigned 64-bit integer). */
                account: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are malformed, unknown, wrong or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid id, or no such account. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AccountsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Account id (unsigned 64-bit integer). */
                account: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid id, or no such account. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AccountsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Account id (unsigned 64-bit integer). */
                account: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAccountDto"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are malformed, unknown, wrong or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed to change a field, or `idp_token` belongs to another account. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, no such account or team, or `idp_token` invalid or without the identify scope. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The identity provider failed. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The identity provider did not answer in time. Or: The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    TeamsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTeamDto"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    TeamsController_search: {
        parameters: {
            query?: {
                /** @description Zero-based page number. */
                page?: number | null;
                per_page?: number | null;
                /** @description Case- and accent-insensitive substring of the name; `%`, `_` and `\` match themselves. Not only characters the collation ignores (U+0000, U+200B, combining marks). */
                q?: string | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamPage"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are malformed, unknown, wrong or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    TeamsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id. */
                team: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are malformed, unknown, wrong or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid id, or no such team. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    TeamsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Team id. */
                team: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid id, or no such team. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    TeamsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Team id. */
                team: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTeamDto"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Team"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AwardsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAwardDto"];
            };
        };
        responses: {
            /** @description Success. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Award"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a team or account that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AwardsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Award id. */
                award: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AwardDetails"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are malformed, unknown, wrong or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid id, or no such award. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AwardsController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Award id. */
                award: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid id, or no such award. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AwardsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Award id. */
                award: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAwardDto"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Award"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AwardsController_give: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Account id (unsigned 64-bit integer). */
                account: string;
                /** @description Award id. */
                award: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Given, no content. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The account already had the award, no content. */
            208: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such account or award. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AwardsController_take: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Account id (unsigned 64-bit integer). */
                account: string;
                /** @description Award id. */
                award: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed, unknown, wrong or expired credentials (`WWW-Authenticate: Basic`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account did not have the award. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such account or award. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CallbacksController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event type (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Callback"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: callbacks need an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No callback is registered for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CallbacksController_put: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Event type (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutCallbackDto"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Callback"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: callbacks need an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CallbacksController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event type (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: callbacks need an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No callback is registered for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CallbacksController_getAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event type (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Callback"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: callbacks need an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No callback is registered for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CallbacksController_putAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Event type (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutCallbackDto"];
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Callback"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: callbacks need an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CallbacksController_deleteAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event type (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success, no content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: callbacks need an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No callback is registered for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CallbacksController_enable: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Event type (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Callback"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: callbacks need an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No callback is registered for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CallbacksController_enableAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Event type (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Callback"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: callbacks need an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No callback is registered for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CallbacksController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallbackList"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: callbacks need an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveryLogController_list: {
        parameters: {
            query?: {
                /** @description Zero-based page number. Not with `starting_after`. */
                page?: number | null;
                per_page?: number | null;
                /** @description Cursor: the `id` of a delivery of this list (the last one of the page before); the page holds the deliveries after it, newest first. Not with `page`. */
                starting_after?: string;
                /** @description Only deliveries of events about this account (its id, an unsigned 64-bit integer); pings are about none. */
                account?: string;
                /** @description Only deliveries in this status. */
                status?: "pending" | "succeeded" | "failed" | "cancelled";
                /** @description Only deliveries created at or after this time (seconds); not in the future. */
                since?: number;
                /** @description Only deliveries created before this time (seconds). */
                until?: number;
            };
            header?: never;
            path: {
                /** @description Event type of the callback (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPage"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: the delivery log needs an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown event type; bad page, per_page, status, account, since (or since in the future) or until; starting_after malformed, sent with page, or not one of your deliveries for this event type. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveryLogController_listAlias: {
        parameters: {
            query?: {
                /** @description Zero-based page number. Not with `starting_after`. */
                page?: number | null;
                per_page?: number | null;
                /** @description Cursor: the `id` of a delivery of this list (the last one of the page before); the page holds the deliveries after it, newest first. Not with `page`. */
                starting_after?: string;
                /** @description Only deliveries of events about this account (its id, an unsigned 64-bit integer); pings are about none. */
                account?: string;
                /** @description Only deliveries in this status. */
                status?: "pending" | "succeeded" | "failed" | "cancelled";
                /** @description Only deliveries created at or after this time (seconds); not in the future. */
                since?: number;
                /** @description Only deliveries created before this time (seconds). */
                until?: number;
            };
            header?: never;
            path: {
                /** @description Event type of the callback (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPage"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: the delivery log needs an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown event type; bad page, per_page, status, account, since (or since in the future) or until; starting_after malformed, sent with page, or not one of your deliveries for this event type. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveryLogController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event type of the callback (docs/api.md#events). */
                event: "account_team_update";
                /** @description The delivery's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDetails"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: the delivery log needs an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such delivery among the calling app’s deliveries for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveryLogController_getAlias: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Event type of the callback (docs/api.md#events). */
                event: "account_team_update";
                /** @description The delivery's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDetails"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: the delivery log needs an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such delivery among the calling app’s deliveries for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveryLogController_redeliver: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Event type of the callback (docs/api.md#events). */
                event: "account_team_update";
                /** @description The delivery's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: the delivery log needs an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such delivery among the calling app’s deliveries for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The delivery is pending, or cancelled (its callback was deleted). Or: A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveryLogController_redeliverAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Event type of the callback (docs/api.md#events). */
                event: "account_team_update";
                /** @description The delivery's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: the delivery log needs an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such delivery among the calling app’s deliveries for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The delivery is pending, or cancelled (its callback was deleted). Or: A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveryLogController_recover: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Event type of the callback (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverDto"];
            };
        };
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoverResult"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: the delivery log needs an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown event type; since missing, not a number, or in the future. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveryLogController_recoverAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Event type of the callback (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverDto"];
            };
        };
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoverResult"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: the delivery log needs an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown event type; since missing, not a number, or in the future. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveryLogController_ping: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Event type of the callback (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: the delivery log needs an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No callback is registered for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeliveryLogController_pingAlias: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the first answer to this key (per credential, for 24 h) is stored with the write, and a retry with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. The same key with another request is a 422; while the first is still being answered, a 409. 1 to 255 printable ASCII characters (a random UUID, say), optionally as a quoted string. Ignored without credentials. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Event type of the callback (docs/api.md#events). */
                event: "account_team_update";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Delivery"];
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No credentials, wrong credentials, or a user token: the delivery log needs an app token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Authenticated, but without the permission this needs. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No callback is registered for this event type. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A request with the same `Idempotency-Key` is still being answered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than 128 KiB, holds more than 1000 object keys, or a string longer than 8192 characters. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A body that is not JSON (`application/json` or a `+json` type); an empty body is accepted whatever its type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid input, or a resource that does not exist. Or: an `Idempotency-Key` that is malformed or was used for another request. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Rate limit reached; `Retry-After` says when to retry (seconds). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database cannot be reached; nothing was written; `Retry-After` says when to retry (seconds). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database connection was lost while the change was being committed: it may or may not have been saved (read it back, or resend with the same `Idempotency-Key`). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    HealthController_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Always `{"status": "ok"}` while the process runs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status?: "ok";
                    };
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are malformed, unknown, wrong or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every needed dependency answers: the terminus result (`degraded`, with `redis` under `error`, while the API runs without Redis). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status?: "ok" | "degraded" | "error";
                        info?: {
                            [key: string]: {
                                /** @enum {string} */
                                status?: "up" | "down";
                            };
                        };
                        error?: {
                            [key: string]: {
                                /** @enum {string} */
                                status?: "up" | "down";
                            };
                        };
                        details?: {
                            [key: string]: {
                                /** @enum {string} */
                                status?: "up" | "down";
                            };
                        };
                    };
                };
            };
            /** @description The URL or the body cannot be read: bad percent-encoding, JSON that does not parse or nests deeper than 32 levels. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Credentials were sent but are malformed, unknown, wrong or expired. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A needed dependency is down: the terminus result in `detail`. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        detail?: {
                            /** @enum {string} */
                            status?: "ok" | "degraded" | "error";
                            info?: {
                                [key: string]: {
                                    /** @enum {string} */
                                    status?: "up" | "down";
                                };
                            };
                            error?: {
                                [key: string]: {
                                    /** @enum {string} */
                                    status?: "up" | "down";
                                };
                            };
                            details?: {
                                [key: string]: {
                                    /** @enum {string} */
                                    status?: "up" | "down";
                                };
                            };
                        };
                    };
                };
            };
        };
    };
    webhook_account_team_update: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id: the same on every attempt and redelivery of one delivery, so receivers drop duplicates by it. */
                "webhook-id": string;
                /** @description When this attempt was sent: UNIX seconds. Receivers refuse one too far from their clock (5 minutes). */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the callback secret (the base64-decoded part after `whsec_` for a `whsec_` secret, else its UTF-8 bytes). During a secret rotation, one signature per secret, newest first, space-separated: any of them verifies the message. */
                "webhook-signature": string;
                /** @description The event type. */
                "X-Callback-Event": "account_team_update";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountTeamUpdateEvent"];
            };
        };
        responses: {
            /** @description Received: any 2xx answer ends the delivery; its body is ignored (its first 1,024 characters are logged). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A network error, a timeout, 408, 429 or 5xx is retried along CALLBACK_RETRY_DELAYS (or after a longer `Retry-After`); any other status fails the delivery at once. Redirects are not followed. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_ping: {
        parameters: {
            query?: never;
            header: {
                /** @description The delivery id: the same on every attempt and redelivery of one delivery, so receivers drop duplicates by it. */
                "webhook-id": string;
                /** @description When this attempt was sent: UNIX seconds. Receivers refuse one too far from their clock (5 minutes). */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the callback secret (the base64-decoded part after `whsec_` for a `whsec_` secret, else its UTF-8 bytes). During a secret rotation, one signature per secret, newest first, space-separated: any of them verifies the message. */
                "webhook-signature": string;
                /** @description The event type. */
                "X-Callback-Event": "ping";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PingEvent"];
            };
        };
        responses: {
            /** @description Received: any 2xx answer ends the delivery; its body is ignored (its first 1,024 characters are logged). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A network error, a timeout, 408, 429 or 5xx is retried along CALLBACK_RETRY_DELAYS (or after a longer `Retry-After`); any other status fails the delivery at once. Redirects are not followed. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

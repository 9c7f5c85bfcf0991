// Generated from GET /api/v1/openapi.json by `npm run api:client -w apps/server`. Do not edit.
export interface paths {
    "/api/v1/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An access token: client credentials, authorization code with PKCE, or refresh token (RFC 6749)
         * @description client_credentials (section 4.4): the client acts as its owner; send client_id and client_secret in the body (form or JSON) or as HTTP Basic authentication. authorization_code (section 4.1, with PKCE S256, RFC 7636): after a customer allowed the client at /oauth/authorize, send code, redirect_uri, client_id and code_verifier (client_secret optional); the answer has a refresh_token. refresh_token (section 6): a new access token and a new refresh token; the old one stops working. The token is used as `Authorization: Bearer <access_token>` for one hour.
         */
        post: operations["postApiV1OauthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer the key belongs to, and the scopes of this key or token */
        get: operations["getApiV1Me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/text/analyze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A text's language (a guess) and its word count, counted as the web app counts */
        post: operations["postApiV1TextAnalyze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The price and deadline per target language of a text or a word count (the web wizard's prices) */
        post: operations["postApiV1Quotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an order: content (text, url, or files uploaded next), languages, expertise, brief, urgency
         * @description With text or url the order is counted, quoted and put in the cart at once (status "cart"); pay the cart with POST /api/v1/cart/pay. For files send submit=false, upload to /api/v1/orders/{id}/files, then POST /api/v1/orders/{id}/submit.
         */
        post: operations["postApiV1Orders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order (before payment) with its files and quote */
        get: operations["getApiV1OrdersById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload source files to a draft order (multipart/form-data, field "files"); they are counted */
        post: operations["postApiV1OrdersByIdFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Quote a complete order and put it in the cart (what is missing answers 400 by field) */
        post: operations["postApiV1OrdersByIdSubmit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cart re-priced now: orders, coupons, VAT, total, credit balance and the cart key (ck) to pay it */
        get: operations["getApiV1Cart"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cart/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay the cart from credits: its orders become projects (the ledger and invoice of the web app)
         * @description The Idempotency-Key header is required. `ck` is the cart key of GET /api/v1/cart: if the cart changed since, 409 and nothing is paid. Not enough credits: 402.
         */
        post: operations["postApiV1CartPay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The customer's projects, newest first, a page at a time */
        get: operations["getApiV1Projects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A project: status, people, files (download with GET /api/v1/files/{id}), messages, events */
        get: operations["getApiV1ProjectsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write in the project's discussion (the translator is told as in the web app) */
        post: operations["postApiV1ProjectsByIdMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a delivered project (READY): it completes and the translator is paid */
        post: operations["postApiV1ProjectsByIdApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{id}/dispute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dispute a delivered project with a reason; support resolves it */
        post: operations["postApiV1ProjectsByIdDispute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a project file (a delivery, a source) by its id from the project ("s12", "r34") */
        get: operations["getApiV1FilesById"];
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
    "project.started": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sent to your webhook URL: project.started
         * @description Verify `Parlance-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with your webhook secret over "<t>.<raw body>"; refuse a timestamp older than 5 minutes. Answer 2xx within 10 seconds; anything else is retried with exponential backoff for 24 hours.
         */
        post: operations["webhookProjectStarted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "project.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sent to your webhook URL: project.delivered
         * @description Verify `Parlance-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with your webhook secret over "<t>.<raw body>"; refuse a timestamp older than 5 minutes. Answer 2xx within 10 seconds; anything else is retried with exponential backoff for 24 hours.
         */
        post: operations["webhookProjectDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "project.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sent to your webhook URL: project.completed
         * @description Verify `Parlance-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with your webhook secret over "<t>.<raw body>"; refuse a timestamp older than 5 minutes. Answer 2xx within 10 seconds; anything else is retried with exponential backoff for 24 hours.
         */
        post: operations["webhookProjectCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "project.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sent to your webhook URL: project.cancelled
         * @description Verify `Parlance-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with your webhook secret over "<t>.<raw body>"; refuse a timestamp older than 5 minutes. Answer 2xx within 10 seconds; anything else is retried with exponential backoff for 24 hours.
         */
        post: operations["webhookProjectCancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "project.message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sent to your webhook URL: project.message
         * @description Verify `Parlance-Signature: t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with your webhook secret over "<t>.<raw body>"; refuse a timestamp older than 5 minutes. Answer 2xx within 10 seconds; anything else is retried with exponential backoff for 24 hours.
         */
        post: operations["webhookProjectMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postApiV1OauthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description client_credentials, authorization_code or refresh_token */
                    grant_type: string;
                    client_id?: string;
                    /** @description Required for client_credentials; optional with a PKCE code_verifier */
                    client_secret?: string;
                    /** @description Space-separated subset of "read order pay"; default all the client (or the grant) has */
                    scope?: string;
                    /** @description authorization_code: the code sent to the redirect uri */
                    code?: string;
                    /** @description authorization_code: the one of the authorization request */
                    redirect_uri?: string;
                    /** @description authorization_code: the PKCE verifier (RFC 7636) */
                    code_verifier?: string;
                    /** @description refresh_token: the latest refresh token */
                    refresh_token?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                        expires_in: number;
                        scope: string;
                        /** @description authorization_code and refresh_token grants */
                        refresh_token?: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope";
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope";
                        error_description: string;
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description RFC 6749 section 5.2 */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope";
                        error_description: string;
                    };
                };
            };
            /** @description RFC 6749 section 5.2 */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope";
                        error_description: string;
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getApiV1Me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        email: string;
                        scopes: ("read" | "order" | "pay")[];
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postApiV1TextAnalyze: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        words: number;
                        characters: number;
                        language: {
                            /** @description ISO 639-1 */
                            code: string;
                            confidence: number;
                        } | null;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not possible in the current state (already done, changed since you read it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is of a content type this call does not read (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The Idempotency-Key was used for a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postApiV1Quotes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default translation
                     * @enum {string}
                     */
                    type?: "translation" | "seo-translation" | "urgent-translation" | "proofreading" | "translation-editing" | "transcription" | "website-localization" | "enterprise-quality" | "mtpe-full" | "machine-translation" | "excel-translation" | "excel-combo" | "standard-translation" | "dtp" | "post-editing" | "human-post-editing" | "ai-translation" | "human-review" | "combo";
                    /** @description A language slug, e.g. "english", "german" (GET /api/2/languages) */
                    source_language: string;
                    target_languages: string[];
                    /** @description An expertise slug; required by most project types */
                    expertise?: string;
                    /** @default false */
                    need_proofreading?: boolean;
                    /**
                     * @description Expedited delivery (the urgency option, charged as in the web app)
                     * @default false
                     */
                    urgent?: boolean;
                    word_count?: number;
                    /** @description Counted instead of word_count */
                    text?: string;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        word_count: number;
                        items: {
                            source_language: string;
                            target_language: string;
                            credits: number;
                            /** @description ISO 8601 */
                            deadline: string;
                        }[];
                        /** @description Before VAT and coupons; 1 credit = 0.01 USD */
                        subtotal_credits: number;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not possible in the current state (already done, changed since you read it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is of a content type this call does not read (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The Idempotency-Key was used for a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postApiV1Orders: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID): a retry with the same key answers the first result and changes nothing */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default translation
                     * @enum {string}
                     */
                    type?: "translation" | "seo-translation" | "urgent-translation" | "proofreading" | "translation-editing" | "transcription" | "website-localization" | "enterprise-quality" | "mtpe-full" | "machine-translation" | "excel-translation" | "excel-combo" | "standard-translation" | "dtp" | "post-editing" | "human-post-editing" | "ai-translation" | "human-review" | "combo";
                    /** @description A language slug, e.g. "english", "german" (GET /api/2/languages) */
                    source_language: string;
                    target_languages: string[];
                    /** @description An expertise slug; required by most project types */
                    expertise?: string;
                    /** @default false */
                    need_proofreading?: boolean;
                    /**
                     * @description Expedited delivery (the urgency option, charged as in the web app)
                     * @default false
                     */
                    urgent?: boolean;
                    name?: string;
                    /** @description The content as text */
                    text?: string;
                    /**
                     * Format: uri
                     * @description The content as a public web page
                     */
                    url?: string;
                    brief?: string;
                    /** @description Put the order in the cart now (default: when text or url is sent); send false to upload files first */
                    submit?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pid: string;
                        /** @enum {string} */
                        status: "draft" | "cart" | "paid" | "deleted";
                        isGuest: boolean;
                        type: string;
                        name: string | null;
                        source_language: string | null;
                        target_languages: string[];
                        expertise: string | null;
                        wordCount: number;
                        /** @enum {string|null} */
                        wordCountSource: "file" | "paste" | "url" | "manual" | null;
                        /** @enum {string|null} */
                        entryType: "file" | "url" | "paste" | null;
                        /** @enum {string|null} */
                        materialsOption: "count" | "upload" | "notSet" | null;
                        pastedText: string | null;
                        url: string | null;
                        needProofreading: boolean;
                        expedite: boolean;
                        certificate: boolean;
                        brief: string | null;
                        translationCategory: string | null;
                        mtParams: {
                            [key: string]: unknown;
                        };
                        step: string | null;
                        quotedCredits: number | null;
                        files: {
                            id: number;
                            fileName: string;
                            mime: string;
                            sizeBytes: number;
                            words: number | null;
                            /** @enum {string} */
                            context: "source" | "reference";
                            createdAt: string;
                        }[];
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not possible in the current state (already done, changed since you read it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is of a content type this call does not read (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The Idempotency-Key was used for a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getApiV1OrdersById: {
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
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pid: string;
                        /** @enum {string} */
                        status: "draft" | "cart" | "paid" | "deleted";
                        isGuest: boolean;
                        type: string;
                        name: string | null;
                        source_language: string | null;
                        target_languages: string[];
                        expertise: string | null;
                        wordCount: number;
                        /** @enum {string|null} */
                        wordCountSource: "file" | "paste" | "url" | "manual" | null;
                        /** @enum {string|null} */
                        entryType: "file" | "url" | "paste" | null;
                        /** @enum {string|null} */
                        materialsOption: "count" | "upload" | "notSet" | null;
                        pastedText: string | null;
                        url: string | null;
                        needProofreading: boolean;
                        expedite: boolean;
                        certificate: boolean;
                        brief: string | null;
                        translationCategory: string | null;
                        mtParams: {
                            [key: string]: unknown;
                        };
                        step: string | null;
                        quotedCredits: number | null;
                        files: {
                            id: number;
                            fileName: string;
                            mime: string;
                            sizeBytes: number;
                            words: number | null;
                            /** @enum {string} */
                            context: "source" | "reference";
                            createdAt: string;
                        }[];
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A path parameter is too long (over 100 characters) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postApiV1OrdersByIdFiles: {
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
                "multipart/form-data": {
                    files: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        files: {
                            id: number;
                            fileName: string;
                            mime: string;
                            sizeBytes: number;
                            words: number | null;
                            /** @enum {string} */
                            context: "source" | "reference";
                            createdAt: string;
                        }[];
                        word_count: number;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not possible in the current state (already done, changed since you read it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A path parameter is too long (over 100 characters) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is of a content type this call does not read (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The Idempotency-Key was used for a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postApiV1OrdersByIdSubmit: {
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
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pid: string;
                        /** @enum {string} */
                        status: "draft" | "cart" | "paid" | "deleted";
                        isGuest: boolean;
                        type: string;
                        name: string | null;
                        source_language: string | null;
                        target_languages: string[];
                        expertise: string | null;
                        wordCount: number;
                        /** @enum {string|null} */
                        wordCountSource: "file" | "paste" | "url" | "manual" | null;
                        /** @enum {string|null} */
                        entryType: "file" | "url" | "paste" | null;
                        /** @enum {string|null} */
                        materialsOption: "count" | "upload" | "notSet" | null;
                        pastedText: string | null;
                        url: string | null;
                        needProofreading: boolean;
                        expedite: boolean;
                        certificate: boolean;
                        brief: string | null;
                        translationCategory: string | null;
                        mtParams: {
                            [key: string]: unknown;
                        };
                        step: string | null;
                        quotedCredits: number | null;
                        files: {
                            id: number;
                            fileName: string;
                            mime: string;
                            sizeBytes: number;
                            words: number | null;
                            /** @enum {string} */
                            context: "source" | "reference";
                            createdAt: string;
                        }[];
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not possible in the current state (already done, changed since you read it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A path parameter is too long (over 100 characters) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is of a content type this call does not read (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The Idempotency-Key was used for a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getApiV1Cart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        purchaseOrders: {
                            purchaseOrderId: string;
                            name: string;
                            type: string;
                            sourceLanguage: string | null;
                            targetLanguages: string[];
                            expertise: string | null;
                            wordCount: number;
                            needProofreading: boolean;
                            expedite: boolean;
                            certificate: boolean;
                            items: {
                                srcLang: string;
                                tarLang: string;
                                wordCount: number;
                                credits: number;
                                deadline: string;
                            }[];
                            priceCredits: number;
                        }[];
                        coupons: {
                            id: number;
                            code: string;
                            /** @enum {string} */
                            kind: "percent" | "fixed";
                            value: number;
                            discountCredits: number;
                        }[];
                        subtotalCredits: number;
                        discountCredits: number;
                        vatBasisPoints: number;
                        vatCredits: number;
                        totalCredits: number;
                        balanceCredits: number;
                        shortfallCredits: number;
                        ck: string;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postApiV1CartPay: {
        parameters: {
            query?: never;
            header: {
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ck: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "OK";
                        projects: {
                            id: number;
                            name: string;
                            targetLanguage: string;
                            status: string;
                        }[];
                        invoice: {
                            id: number;
                            number: string;
                            totalCredits: number;
                        };
                        balance: number;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not enough credits (`insufficient_credits`) */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not possible in the current state (already done, changed since you read it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is of a content type this call does not read (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The Idempotency-Key was used for a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getApiV1Projects: {
        parameters: {
            query?: {
                page?: number;
                per_page?: number;
                status?: "ALL" | "CANCELLED" | "COMPLETED" | "IN_PROGRESS" | "PENDING" | "READY";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            name: string;
                            actions: ("take" | "take-edit" | "open-editor" | "deliver" | "approve" | "dispute" | "cancel" | "rate" | "hold" | "release" | "reassign" | "resolve" | "review" | "create-review-job" | "message")[];
                            /** @enum {string} */
                            status: "PENDING" | "PREPROCESSING" | "IN_PROGRESS" | "DELAYED" | "READY" | "IN_REVIEW" | "POSTPROCESSING" | "COMPLETED" | "HOLD" | "CANCELLED" | "DISPUTED";
                            statusLabel: string;
                            type: string;
                            typeName: string;
                            /** @enum {string} */
                            kind: "classic" | "bundle" | "bonus" | "qa" | "ll" | "rating" | "model-training";
                            sourceLanguage: string | null;
                            targetLanguage: string | null;
                            expertise: string | null;
                            wordCount: number;
                            deadline: string | null;
                            createdAt: string;
                            tags: string[];
                            priceCredits?: number;
                            earningsCredits?: number;
                            rating: number | null;
                            badges: ("E" | "MT" | "TR")[];
                            translatorName: string | null;
                            customerName: string | null;
                        }[];
                        totalCount: number;
                        totalCountIsLowerBound?: boolean;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getApiV1ProjectsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        actions: ("take" | "take-edit" | "open-editor" | "deliver" | "approve" | "dispute" | "cancel" | "rate" | "hold" | "release" | "reassign" | "resolve" | "review" | "create-review-job" | "message")[];
                        /** @enum {string} */
                        status: "PENDING" | "PREPROCESSING" | "IN_PROGRESS" | "DELAYED" | "READY" | "IN_REVIEW" | "POSTPROCESSING" | "COMPLETED" | "HOLD" | "CANCELLED" | "DISPUTED";
                        statusLabel: string;
                        type: string;
                        typeName: string;
                        /** @enum {string} */
                        kind: "classic" | "bundle" | "bonus" | "qa" | "ll" | "rating" | "model-training";
                        sourceLanguage: string | null;
                        targetLanguage: string | null;
                        expertise: string | null;
                        wordCount: number;
                        deadline: string | null;
                        createdAt: string;
                        tags: string[];
                        priceCredits?: number;
                        earningsCredits?: number;
                        rating: number | null;
                        badges: ("E" | "MT" | "TR")[];
                        translatorName: string | null;
                        customerName: string | null;
                        brief: string | null;
                        translationCategory: string | null;
                        needProofreading: boolean;
                        expedite: boolean;
                        certificate: boolean;
                        deliveredAt: string | null;
                        completedAt: string | null;
                        autoCompleteAt: string | null;
                        earningsAvailableAt: string | null;
                        disputeReason: string | null;
                        ratingReasons: string[] | null;
                        ratingComment: string | null;
                        /** @enum {string} */
                        viewerRole: "customer" | "translator" | "editor" | "admin" | "staff" | "candidate" | "reviewer";
                        files: {
                            id: string;
                            uuid: string;
                            name: string;
                            mime: string;
                            size: number;
                            /** @enum {string} */
                            context: "source" | "reference" | "translation" | "edited" | "post";
                            createdAt: string;
                        }[];
                        events: {
                            id: number;
                            /** @enum {string|null} */
                            fromStatus: "PENDING" | "PREPROCESSING" | "IN_PROGRESS" | "DELAYED" | "READY" | "IN_REVIEW" | "POSTPROCESSING" | "COMPLETED" | "HOLD" | "CANCELLED" | "DISPUTED" | null;
                            /** @enum {string} */
                            toStatus: "PENDING" | "PREPROCESSING" | "IN_PROGRESS" | "DELAYED" | "READY" | "IN_REVIEW" | "POSTPROCESSING" | "COMPLETED" | "HOLD" | "CANCELLED" | "DISPUTED";
                            action: string;
                            actorName: string | null;
                            note: string | null;
                            createdAt: string;
                        }[];
                        messages: {
                            id: number;
                            authorId: number;
                            authorName: string;
                            mine: boolean;
                            body: string;
                            createdAt: string;
                            /** @enum {string|null} */
                            moderationStatus: "pending" | "approved" | "declined" | null;
                        }[];
                        reviewedProjectId: number | null;
                        review: {
                            score: number;
                            errors: {
                                category: string;
                                severity: string;
                                count: number;
                            }[];
                            comment: string | null;
                        } | null;
                        machineTranslation: {
                            /** @enum {string} */
                            state: "queued" | "running" | "done" | "failed";
                            segmentsDone: number;
                            segmentsTotal: number;
                            wordsDone: number;
                            wordsTotal: number;
                            error: string | null;
                        } | null;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A path parameter is too long (over 100 characters) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postApiV1ProjectsByIdMessages: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID): a retry with the same key answers the first result and changes nothing */
                "idempotency-key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        authorId: number;
                        authorName: string;
                        mine: boolean;
                        body: string;
                        createdAt: string;
                        /** @enum {string|null} */
                        moderationStatus: "pending" | "approved" | "declined" | null;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not possible in the current state (already done, changed since you read it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A path parameter is too long (over 100 characters) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is of a content type this call does not read (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The Idempotency-Key was used for a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postApiV1ProjectsByIdApprove: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID): a retry with the same key answers the first result and changes nothing */
                "idempotency-key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        actions: ("take" | "take-edit" | "open-editor" | "deliver" | "approve" | "dispute" | "cancel" | "rate" | "hold" | "release" | "reassign" | "resolve" | "review" | "create-review-job" | "message")[];
                        /** @enum {string} */
                        status: "PENDING" | "PREPROCESSING" | "IN_PROGRESS" | "DELAYED" | "READY" | "IN_REVIEW" | "POSTPROCESSING" | "COMPLETED" | "HOLD" | "CANCELLED" | "DISPUTED";
                        statusLabel: string;
                        type: string;
                        typeName: string;
                        /** @enum {string} */
                        kind: "classic" | "bundle" | "bonus" | "qa" | "ll" | "rating" | "model-training";
                        sourceLanguage: string | null;
                        targetLanguage: string | null;
                        expertise: string | null;
                        wordCount: number;
                        deadline: string | null;
                        createdAt: string;
                        tags: string[];
                        priceCredits?: number;
                        earningsCredits?: number;
                        rating: number | null;
                        badges: ("E" | "MT" | "TR")[];
                        translatorName: string | null;
                        customerName: string | null;
                        brief: string | null;
                        translationCategory: string | null;
                        needProofreading: boolean;
                        expedite: boolean;
                        certificate: boolean;
                        deliveredAt: string | null;
                        completedAt: string | null;
                        autoCompleteAt: string | null;
                        earningsAvailableAt: string | null;
                        disputeReason: string | null;
                        ratingReasons: string[] | null;
                        ratingComment: string | null;
                        /** @enum {string} */
                        viewerRole: "customer" | "translator" | "editor" | "admin" | "staff" | "candidate" | "reviewer";
                        files: {
                            id: string;
                            uuid: string;
                            name: string;
                            mime: string;
                            size: number;
                            /** @enum {string} */
                            context: "source" | "reference" | "translation" | "edited" | "post";
                            createdAt: string;
                        }[];
                        events: {
                            id: number;
                            /** @enum {string|null} */
                            fromStatus: "PENDING" | "PREPROCESSING" | "IN_PROGRESS" | "DELAYED" | "READY" | "IN_REVIEW" | "POSTPROCESSING" | "COMPLETED" | "HOLD" | "CANCELLED" | "DISPUTED" | null;
                            /** @enum {string} */
                            toStatus: "PENDING" | "PREPROCESSING" | "IN_PROGRESS" | "DELAYED" | "READY" | "IN_REVIEW" | "POSTPROCESSING" | "COMPLETED" | "HOLD" | "CANCELLED" | "DISPUTED";
                            action: string;
                            actorName: string | null;
                            note: string | null;
                            createdAt: string;
                        }[];
                        messages: {
                            id: number;
                            authorId: number;
                            authorName: string;
                            mine: boolean;
                            body: string;
                            createdAt: string;
                            /** @enum {string|null} */
                            moderationStatus: "pending" | "approved" | "declined" | null;
                        }[];
                        reviewedProjectId: number | null;
                        review: {
                            score: number;
                            errors: {
                                category: string;
                                severity: string;
                                count: number;
                            }[];
                            comment: string | null;
                        } | null;
                        machineTranslation: {
                            /** @enum {string} */
                            state: "queued" | "running" | "done" | "failed";
                            segmentsDone: number;
                            segmentsTotal: number;
                            wordsDone: number;
                            wordsTotal: number;
                            error: string | null;
                        } | null;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not possible in the current state (already done, changed since you read it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A path parameter is too long (over 100 characters) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is of a content type this call does not read (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The Idempotency-Key was used for a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    postApiV1ProjectsByIdDispute: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your choice (a UUID): a retry with the same key answers the first result and changes nothing */
                "idempotency-key"?: string;
            };
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Calls allowed per window */
                    "RateLimit-Limit"?: number;
                    /** @description Calls left in this window */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window starts again */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        actions: ("take" | "take-edit" | "open-editor" | "deliver" | "approve" | "dispute" | "cancel" | "rate" | "hold" | "release" | "reassign" | "resolve" | "review" | "create-review-job" | "message")[];
                        /** @enum {string} */
                        status: "PENDING" | "PREPROCESSING" | "IN_PROGRESS" | "DELAYED" | "READY" | "IN_REVIEW" | "POSTPROCESSING" | "COMPLETED" | "HOLD" | "CANCELLED" | "DISPUTED";
                        statusLabel: string;
                        type: string;
                        typeName: string;
                        /** @enum {string} */
                        kind: "classic" | "bundle" | "bonus" | "qa" | "ll" | "rating" | "model-training";
                        sourceLanguage: string | null;
                        targetLanguage: string | null;
                        expertise: string | null;
                        wordCount: number;
                        deadline: string | null;
                        createdAt: string;
                        tags: string[];
                        priceCredits?: number;
                        earningsCredits?: number;
                        rating: number | null;
                        badges: ("E" | "MT" | "TR")[];
                        translatorName: string | null;
                        customerName: string | null;
                        brief: string | null;
                        translationCategory: string | null;
                        needProofreading: boolean;
                        expedite: boolean;
                        certificate: boolean;
                        deliveredAt: string | null;
                        completedAt: string | null;
                        autoCompleteAt: string | null;
                        earningsAvailableAt: string | null;
                        disputeReason: string | null;
                        ratingReasons: string[] | null;
                        ratingComment: string | null;
                        /** @enum {string} */
                        viewerRole: "customer" | "translator" | "editor" | "admin" | "staff" | "candidate" | "reviewer";
                        files: {
                            id: string;
                            uuid: string;
                            name: string;
                            mime: string;
                            size: number;
                            /** @enum {string} */
                            context: "source" | "reference" | "translation" | "edited" | "post";
                            createdAt: string;
                        }[];
                        events: {
                            id: number;
                            /** @enum {string|null} */
                            fromStatus: "PENDING" | "PREPROCESSING" | "IN_PROGRESS" | "DELAYED" | "READY" | "IN_REVIEW" | "POSTPROCESSING" | "COMPLETED" | "HOLD" | "CANCELLED" | "DISPUTED" | null;
                            /** @enum {string} */
                            toStatus: "PENDING" | "PREPROCESSING" | "IN_PROGRESS" | "DELAYED" | "READY" | "IN_REVIEW" | "POSTPROCESSING" | "COMPLETED" | "HOLD" | "CANCELLED" | "DISPUTED";
                            action: string;
                            actorName: string | null;
                            note: string | null;
                            createdAt: string;
                        }[];
                        messages: {
                            id: number;
                            authorId: number;
                            authorName: string;
                            mine: boolean;
                            body: string;
                            createdAt: string;
                            /** @enum {string|null} */
                            moderationStatus: "pending" | "approved" | "declined" | null;
                        }[];
                        reviewedProjectId: number | null;
                        review: {
                            score: number;
                            errors: {
                                category: string;
                                severity: string;
                                count: number;
                            }[];
                            comment: string | null;
                        } | null;
                        machineTranslation: {
                            /** @enum {string} */
                            state: "queued" | "running" | "done" | "failed";
                            segmentsDone: number;
                            segmentsTotal: number;
                            wordsDone: number;
                            wordsTotal: number;
                            error: string | null;
                        } | null;
                    };
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not possible in the current state (already done, changed since you read it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is too large (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A path parameter is too long (over 100 characters) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The body is of a content type this call does not read (`unsupported_media_type`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The Idempotency-Key was used for a different request (`idempotency_key_reused`) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    getApiV1FilesById: {
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
            /** @description The file (its own content type; Content-Disposition names it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Invalid input: `error.fields` names each invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description No key or token, or an unknown, revoked or expired one */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The key lacks the scope of this call (`insufficient_scope`), or the account is not a customer */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Not found (also what you get for an object that is not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description A path parameter is too long (over 100 characters) */
            414: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description Too many calls with this key: wait `Retry-After` seconds */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
            /** @description The request headers, or the address with its query, are too large (over 16 kB) */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            fields?: {
                                [key: string]: string;
                            };
                            /** @description The id of this request (also the `x-request-id` header): quote it to support */
                            request_id?: string;
                        };
                    };
                };
            };
        };
    };
    webhookProjectStarted: {
        parameters: {
            query?: never;
            header: {
                "Parlance-Signature": string;
                "Parlance-Delivery": string;
                "Parlance-Timestamp": string;
                "Parlance-Event": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The delivery id (also the Parlance-Delivery header): deduplicate on it */
                    id: string;
                    /** @enum {string} */
                    type: "project.started";
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        projectId: number;
                        status?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookProjectDelivered: {
        parameters: {
            query?: never;
            header: {
                "Parlance-Signature": string;
                "Parlance-Delivery": string;
                "Parlance-Timestamp": string;
                "Parlance-Event": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The delivery id (also the Parlance-Delivery header): deduplicate on it */
                    id: string;
                    /** @enum {string} */
                    type: "project.delivered";
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        projectId: number;
                        status?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookProjectCompleted: {
        parameters: {
            query?: never;
            header: {
                "Parlance-Signature": string;
                "Parlance-Delivery": string;
                "Parlance-Timestamp": string;
                "Parlance-Event": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The delivery id (also the Parlance-Delivery header): deduplicate on it */
                    id: string;
                    /** @enum {string} */
                    type: "project.completed";
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        projectId: number;
                        status?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookProjectCancelled: {
        parameters: {
            query?: never;
            header: {
                "Parlance-Signature": string;
                "Parlance-Delivery": string;
                "Parlance-Timestamp": string;
                "Parlance-Event": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The delivery id (also the Parlance-Delivery header): deduplicate on it */
                    id: string;
                    /** @enum {string} */
                    type: "project.cancelled";
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        projectId: number;
                        status?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookProjectMessage: {
        parameters: {
            query?: never;
            header: {
                "Parlance-Signature": string;
                "Parlance-Delivery": string;
                "Parlance-Timestamp": string;
                "Parlance-Event": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The delivery id (also the Parlance-Delivery header): deduplicate on it */
                    id: string;
                    /** @enum {string} */
                    type: "project.message";
                    /** Format: date-time */
                    createdAt: string;
                    data: {
                        projectId: number;
                        status?: string;
                        messageId?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

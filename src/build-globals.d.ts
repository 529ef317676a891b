/** Constants the build writes into the code (vite.config.ts `define`; docs/decisions/240-service-worker.md). */
/** Whether this build has a service worker (`PORTAL_SERVICE_WORKER=off`: the build that removes it). */
declare const __PORTAL_SERVICE_WORKER__: boolean;
/** The name a deploy gives its build (`PORTAL_BUILD`), empty when none. */
declare const __PORTAL_BUILD__: string;

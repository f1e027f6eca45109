// The browser's error reporter (decision 0080). The page's first script
// (app/server/error-reporting.server.ts) loads it on the page's first error,
// never with the page: it and Sentry's SDK are a chunk of their own
// (vite.config.ts), which no page imports, so a page's first load costs the
// same with reporting on or off.
import {
  captureException,
  dedupeIntegration,
  eventFiltersIntegration,
  init,
  linkedErrorsIntegration,
  withScope,
} from "@sentry/browser";
import { DATA_COLLECTION, scrubbed } from "./error-scrubbing";

/** What the server gives the page's first script for the reporter; the DSN's key is public by design. */
export interface BrowserErrorReporting {
  dsn: string;
  environment: string;
  release?: string;
  /** The reporter's own address. */
  script: string;
  /** The route pattern the page was rendered for. */
  route?: string;
}

interface RouterState {
  matches: { route: { path?: string } }[];
}

/**
 * The route pattern the page is on now, as the server's reports name it
 * ("/buy/:slug"): from React Router's router, which framework mode keeps on
 * the window, once the page has come alive; until then, the one it was
 * rendered for.
 */
function currentRoute(rendered: string | undefined): string | undefined {
  const router = (window as { __reactRouterDataRouter?: { state: RouterState } }).__reactRouterDataRouter;
  if (!router) return rendered;
  const parts = router.state.matches.map(({ route }) => route.path?.replace(/^\/|\/$/g, "")).filter(Boolean);
  return `/${parts.join("/")}`;
}

/** Sets the SDK up and answers how to report an error; the page's first script calls it once. */
export function start({ dsn, environment, release, route }: BrowserErrorReporting) {
  init({
    dsn,
    environment,
    release,
    dataCollection: DATA_COLLECTION,
    // Only what makes a report of an error: none of the SDK's breadcrumbs (clicks, inputs, requests,
    // console lines), page address with its query string, sessions, replays or tracing.
    defaultIntegrations: false,
    integrations: [eventFiltersIntegration(), linkedErrorsIntegration(), dedupeIntegration()],
    maxBreadcrumbs: 0,
    sendClientReports: false,
    beforeSend: scrubbed,
  });
  return (error: unknown) =>
    withScope((scope) => {
      const where = currentRoute(route);
      if (where) scope.setTransactionName(where).setTag("route", where);
      const request = { url: location.origin + location.pathname, headers: { "User-Agent": navigator.userAgent } };
      scope.addEventProcessor((event) => ({ ...event, request }));
      captureException(error, { mechanism: { handled: false, type: "hbs.browser" } });
    });
}

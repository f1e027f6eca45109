// What an error report may say (decision 0080), the same for the server's and
// the browser's: which route, which path, which release, the error and its
// stack. Never who the visitor is or what they typed: no cookies, no headers
// but the user agent, no body or form values, no query string (the path
// stays), no user, no breadcrumbs. The SDKs are set up to attach none of these
// (dataCollection below, no default integrations); this is the last look
// before a report leaves, so that nothing they or a later version add gets
// through.
import type { BrowserOptions, ErrorEvent } from "@sentry/browser";

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** What the SDKs may collect of their own accord (Sentry's dataCollection, the successor of sendDefaultPii): nothing personal. */
export const DATA_COLLECTION: BrowserOptions["dataCollection"] = {
  userInfo: false,
  cookies: false,
  httpHeaders: { request: { allow: ["user-agent"] }, response: false },
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
  stackFrameVariables: false,
};

/** An address without its query string and fragment. */
export const withoutQuery = (url: string) => url.replace(/[?#].*$/s, "");

/**
 * An error's message without what it may quote of a visitor's data: e-mail
 * addresses, and the values Drizzle lists after a failed query's SQL.
 */
export const scrubText = (text: string) =>
  text.replace(/\nparams: [\s\S]*$/, "\nparams: [removed]").replace(EMAIL, "[email]");

/** The report as it may leave: Sentry's beforeSend on the server and in the browser. */
export function scrubbed(event: ErrorEvent): ErrorEvent {
  delete event.user;
  delete event.breadcrumbs;
  delete event.extra;
  if (event.request) {
    const { method, url, headers } = event.request;
    const userAgent = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "user-agent")?.[1];
    event.request = {
      ...(method ? { method } : {}),
      ...(url ? { url: withoutQuery(url) } : {}),
      ...(userAgent ? { headers: { "User-Agent": userAgent } } : {}),
    };
  }
  if (typeof event.message === "string") event.message = scrubText(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) {
      // A script in the page itself is named by the page's address, query string included.
      if (frame.filename) frame.filename = withoutQuery(frame.filename);
      if (frame.abs_path) frame.abs_path = withoutQuery(frame.abs_path);
      delete frame.vars;
    }
  }
  return event;
}

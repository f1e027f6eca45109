import { lazy, Suspense, useEffect, type ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { CookieBanner } from "./components/layout/cookie-banner";
import { FlashToast } from "./components/layout/flash-toast";
import { NotFound } from "./components/layout/not-found";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { VerifyEmailBanner } from "./components/layout/verify-email-banner";
import type { RootHandle } from "./components/layout/root-handle";
import { accountLinks } from "./components/layout/navigation";
import { savedIdsOf } from "./features/account/member.server";
import { displayName, readSession } from "./features/account/session.server";
import { unreadCount } from "./features/messages/threads.server";
import { consentFromCookieHeader } from "./lib/consent";
import { useNonce } from "./lib/nonce";
import { useHydrated } from "./lib/use-hydrated";
import { env } from "./server/env.server";
import { answerOutagesWith503 } from "./server/outage.server";
import { pageCache } from "./server/page-cache.server";
import { getToast } from "./server/toast.server";
import stylesheet from "./app.css?url";

// A page from the cache needs neither the database nor a render.
/** Handed down to the pages (account-links.ts). */
export const handle: RootHandle = { accountLinks, NotFound };

export const middleware: Route.MiddlewareFunction[] = [pageCache, answerOutagesWith503];

// The location prompt needs JavaScript and shows 2 s after load at the
// earliest: its code loads once the page has come alive, not with the page.
// Members only, after hydration: visitors' pages never download it.
const LiveUpdates = lazy(() =>
  import("./features/messages/live-updates").then((module) => ({ default: module.LiveUpdates })),
);
const LocationPrompt = lazy(() =>
  import("./components/layout/location-prompt").then((module) => ({ default: module.LocationPrompt })),
);

// Made once: a formatter is costly to make, and the root loader runs for every page.
const londonYear = new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: "Europe/London" });

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers: toastHeaders } = await getToast(request);
  const session = await readSession(request);
  const headers = new Headers();
  for (const cookie of [...(toastHeaders?.getSetCookie() ?? []), ...session.headers.getSetCookie()]) {
    headers.append("set-cookie", cookie);
  }
  const e = env();
  return data(
    {
      toast,
      // What the header's account menu needs, and the details a member's enquiry forms start
      // with (read with the session, no query of their own); nothing more goes to the page.
      user: session.user
        ? {
            displayName: displayName(session.user),
            contact: {
              fullName: session.user.fullName ?? "",
              email: session.user.email,
              phone: session.user.phone ?? "",
            },
            emailVerified: session.user.emailVerified,
            isStaff: session.user.role === "admin",
            saved: await savedIdsOf(session.user.id),
            unread: await unreadCount(session.user.id),
          }
        : null,
      consent: consentFromCookieHeader(request.headers.get("cookie")),
      site: {
        email: e.SITE_EMAIL,
        phone: e.SITE_PHONE,
        address: e.SITE_ADDRESS,
        instagramUrl: e.INSTAGRAM_URL,
        tiktokUrl: e.TIKTOK_URL,
        facebookUrl: e.FACEBOOK_URL,
      },
      // The footer's year, in the UK's time zone rather than the server's.
      year: Number(londonYear.format(new Date())),
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "HBS — the UK marketplace and directory for halal businesses" },
  {
    name: "description",
    content: "Find halal businesses near you, buy or sell a halal business, and grow yours with HBS.",
  },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const hydrated = useHydrated();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#065f46" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence React puts the stylesheet ahead of the scripts'
            preloads: it is what the first paint waits for. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-slate-50">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SiteHeader user={rootData?.user ?? null} />
        {hydrated && rootData?.user ? (
          <Suspense fallback={null}>
            <LiveUpdates />
          </Suspense>
        ) : null}
        {rootData?.user && !rootData.user.emailVerified ? <VerifyEmailBanner /> : null}
        {rootData ? <FlashToast toast={rootData.toast} /> : null}
        <main id="main" className="flex-1">
          {children}
        </main>
        {/* Without the root's data (it failed) the page still has its header. */}
        {rootData ? (
          <>
            <SiteFooter />
            <CookieBanner storedChoice={rootData.consent} />
            {hydrated ? (
              <Suspense fallback={null}>
                <LocationPrompt />
              </Suspense>
            ) : null}
          </>
        ) : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Says on the document that the page has come alive: until then buttons
  // that open dialogs are still plain links. Browser tests wait on it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

const refusalTitles: Record<number, string> = { 403: "Access denied", 429: "Too many requests" };

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // Refusals the server explains in words: not allowed, or too many requests.
  const refusal = isRouteErrorResponse(error) ? refusalTitles[error.status] : undefined;
  if (refusal && isRouteErrorResponse(error)) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-4xl font-bold">{refusal}</h1>
        <p className="mt-4 text-xl text-slate-700">
          {typeof error.data === "string" ? error.data : "You cannot see this page."}
        </p>
        <a href="/" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
          Return to Home
        </a>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-4xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-xl text-slate-700">Sorry, we could not show this page. Please try again.</p>
      <a href="/" className="mt-8 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Return to Home
      </a>
    </section>
  );
}

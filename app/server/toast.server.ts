// Toasts that survive a redirect: an action stores one in a signed flash
// cookie, the next page's root loader reads it (which clears it) and the
// client shows it with sonner. Works without JavaScript too: the root renders
// the flashed toast as a status message.
import { createCookieSessionStorage } from "react-router";
import { toastSchema, type Toast, type ToastInput } from "~/lib/toast";
import { secureCookies } from "./cookies.server";
import { sessionSecret } from "./secret.server";
import { redirectInside } from "./redirects.server";

const FLASH_KEY = "toast" as const;
type FlashData = { [FLASH_KEY]: Toast };
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, FlashData>> | undefined;

function toastStorage() {
  const secure = secureCookies();
  storage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: {
      // __Host-: only this exact origin over https may set or read it.
      name: secure ? "__Host-hbs_toast" : "hbs_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
      secrets: [sessionSecret()],
    },
  });
  return storage;
}

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash(FLASH_KEY, toastSchema.parse(input));
  return new Headers({ "set-cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [name, value] of await createToastHeaders(input)) headers.append(name, value);
  return redirectInside(url, { ...init, headers });
}

/** Reads (and so clears) the flashed toast of this request. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("cookie"));
  const parsed = toastSchema.safeParse(session.get(FLASH_KEY));
  const toast = parsed.success ? parsed.data : null;
  return {
    toast,
    headers: toast ? new Headers({ "set-cookie": await toastStorage().destroySession(session) }) : null,
  };
}

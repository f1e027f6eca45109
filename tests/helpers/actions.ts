// Calling a route's action as React Router would, with the visitor's IP in
// the context, and reading its answer whether it was returned or thrown.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { clientIpContext } from "../../app/context";
import { action as authAction } from "../../app/routes/auth";
import { db } from "../../app/server/db.server";
import { user } from "../../app/server/schema";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's action, whatever its typed arguments
type AnyAction = (args: any) => unknown;

export interface ActionAnswer<T> {
  status: number;
  data: T;
  headers: Headers;
}

interface DataWithInit<T> {
  type: "DataWithResponseInit";
  data: T;
  init: ResponseInit | null;
}

function isDataWithInit<T>(value: unknown): value is DataWithInit<T> {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}

export async function callAction<T>(
  action: AnyAction,
  {
    path,
    body,
    ip = "198.51.100.1",
    params = {},
    headers = {},
  }: { path: string; body: BodyInit; ip?: string; params?: Record<string, string>; headers?: Record<string, string> },
): Promise<ActionAnswer<T>> {
  const request = new Request(`http://localhost${path}`, { method: "POST", body, headers });
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  let answer: unknown;
  try {
    answer = await action({ request, params, context, url: new URL(request.url), pattern: path });
  } catch (thrown) {
    // A thrown data() or Response is an answer; anything else would be a 500.
    if (!isDataWithInit(thrown) && !(thrown instanceof Response)) throw thrown;
    answer = thrown;
  }
  if (answer instanceof Response) {
    return { status: answer.status, data: null as T, headers: answer.headers };
  }
  if (isDataWithInit<T>(answer)) {
    return { status: answer.init?.status ?? 200, data: answer.data, headers: new Headers(answer.init?.headers) };
  }
  return { status: 200, data: answer as T, headers: new Headers() };
}

/** The Cookie header of the session an answer set (Better Auth's hbs.* cookies). */
export function sessionCookieOf(answer: { headers: Headers }) {
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.startsWith("hbs."))
    .join("; ");
}

/** A new member signed up and in through /auth's action, from `ip`; their id and session cookie. */
export async function signedInMember(email: string, { ip, fullName }: { ip: string; fullName: string }) {
  const password = "Quiet-Harbour-19";
  let cookie = "";
  for (const intent of ["sign-up", "sign-in"]) {
    const answer = await callAction(authAction, {
      path: "/auth",
      body: new URLSearchParams({ intent, email, password, fullName }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ip,
    });
    if (answer.status !== 302) throw new Error(`${intent} answered ${answer.status}`);
    cookie = sessionCookieOf(answer);
  }
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return { id: row!.id, cookie };
}

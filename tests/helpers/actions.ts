// Calling a route's action as React Router would, with the visitor's IP in
// the context, and reading its answer whether it was returned or thrown.
import { RouterContextProvider } from "react-router";
import { clientIpContext } from "../../app/context";

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

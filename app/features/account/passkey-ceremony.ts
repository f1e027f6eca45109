// The browser's half of a passkey: WebAuthn's two ceremonies against Better
// Auth's passkey endpoints (the only ones /api/auth leaves open besides the
// e-mailed links). Imported on click, so no page carries it until it is used.
import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { deviceName } from "~/lib/user-agent";

export type PasskeyOutcome = { ok: true } | { ok: false; message: string };

const UNREACHABLE = "We could not reach HBS. Please check your connection and try again.";
const TOO_MANY = "Too many attempts. Please try again later.";

async function call(step: string, body?: object) {
  const response = await fetch(`/api/auth/passkey/${step}`, {
    method: body ? "POST" : "GET",
    headers: body ? { "content-type": "application/json" } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, ok: response.ok, json: await response.json().catch(() => null) };
}

/** Runs one ceremony: options from the server, the authenticator, the server's check. */
async function ceremony(
  steps: { options: string; verify: string },
  authenticate: (options: never) => Promise<object>,
  messages: { refused: (status: number) => string; cancelled: (error: unknown) => string; failed: string },
  extra: object = {},
): Promise<PasskeyOutcome> {
  try {
    const options = await call(steps.options);
    if (!options.ok)
      return { ok: false, message: options.status === 429 ? TOO_MANY : messages.refused(options.status) };
    let response: object;
    try {
      response = await authenticate(options.json as never);
    } catch (error) {
      return { ok: false, message: messages.cancelled(error) };
    }
    const verified = await call(steps.verify, { response, ...extra });
    if (verified.ok) return { ok: true };
    return { ok: false, message: verified.status === 429 ? TOO_MANY : messages.failed };
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
}

/** Adds a passkey on this device to the signed-in member's account. */
export function addPasskey() {
  return ceremony(
    { options: "generate-register-options", verify: "verify-registration" },
    (optionsJSON) => startRegistration({ optionsJSON }),
    {
      // Better Auth asks for a session signed in within the last day.
      refused: (status) =>
        status === 403 || status === 401
          ? "For your security, please sign out and in again before adding a passkey."
          : "We could not start adding a passkey. Please try again.",
      cancelled: (error) =>
        error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED"
          ? "This device already has a passkey for your account."
          : "Adding a passkey was cancelled.",
      failed: "We could not add that passkey. Please try again.",
    },
    { name: deviceName(navigator.userAgent) },
  );
}

/** Signs in with a passkey: the session cookie comes back with the answer. */
export function signInWithPasskey() {
  return ceremony(
    { options: "generate-authenticate-options", verify: "verify-authentication" },
    (optionsJSON) => startAuthentication({ optionsJSON }),
    {
      refused: () => "We could not start signing in with a passkey. Please try again.",
      cancelled: () => "Signing in with a passkey was cancelled.",
      failed: "That passkey is not recognised. Please sign in with your email and password.",
    },
  );
}

import { KeyRound } from "lucide-react";
import { useState } from "react";
import { Form, useRevalidator, useSubmit } from "react-router";
import { showToast } from "~/lib/toasts";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import type * as ceremonies from "../passkey-ceremony";

type Ceremony = (module: typeof ceremonies) => Promise<ceremonies.PasskeyOutcome>;

/**
 * A WebAuthn ceremony behind a button: the code is fetched on the first
 * click, and a failure is told in a toast. WebAuthn needs JavaScript, so the
 * button stays disabled until the page is hydrated.
 */
function usePasskeyButton(ceremony: Ceremony, onSuccess: () => void) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  async function run() {
    if (typeof window.PublicKeyCredential !== "function") {
      showToast("error", "This browser does not support passkeys.");
      return;
    }
    setBusy(true);
    try {
      const outcome = await ceremony(await import("../passkey-ceremony"));
      if (outcome.ok) onSuccess();
      else showToast("error", outcome.message);
    } catch {
      showToast("error", "We could not reach HBS. Please check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }
  return { disabled: !hydrated || busy, busy, onClick: () => void run() };
}

const noScript = (
  <noscript>
    <p className="text-sm text-slate-700">Passkeys need JavaScript to be turned on.</p>
  </noscript>
);

/** On /auth's sign-in tab: sign in with a passkey instead of a password. */
export function PasskeySignInButton({ redirectTo }: { redirectTo: string }) {
  const submit = useSubmit();
  const { busy, ...button } = usePasskeyButton(
    ({ signInWithPasskey }) => signInWithPasskey(),
    // The session cookie is set; /auth's action checks it and moves on.
    () => void submit({ intent: "passkey-signed-in", redirectTo }, { method: "post", action: "/auth" }),
  );
  return (
    <div className="grid gap-2">
      <Button type="button" variant="outline" size="lg" className="w-full" {...button}>
        <KeyRound aria-hidden />
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
      {noScript}
    </div>
  );
}

export interface PasskeyRow {
  id: string;
  name: string;
  added: string;
}

/** /my-account: the member's passkeys, each removable, and 'Add a passkey'. */
export function PasskeySettings({ passkeys }: { passkeys: PasskeyRow[] }) {
  const revalidator = useRevalidator();
  const { busy, ...button } = usePasskeyButton(
    ({ addPasskey }) => addPasskey(),
    () => {
      showToast("success", "Passkey added", { description: "You can now sign in with it instead of your password." });
      void revalidator.revalidate();
    },
  );
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">
        Sign in with your fingerprint, face or screen lock instead of a password. A passkey stays on your device.
      </p>
      {passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="divide-y divide-slate-200">
          {passkeys.map(({ id, name, added }) => (
            <li key={id} className="flex items-center gap-3 py-3">
              <KeyRound aria-hidden className="size-5 shrink-0 text-slate-600" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-slate-900">{name}</p>
                <p className="text-slate-700">Added {added}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-passkey" />
                <input type="hidden" name="passkeyId" value={id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Remove passkey: ${name}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <Button type="button" variant="outline" {...button}>
          <KeyRound aria-hidden />
          {busy ? "Waiting for your device..." : "Add a passkey"}
        </Button>
      </div>
      {noScript}
    </div>
  );
}

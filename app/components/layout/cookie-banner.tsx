import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { CONSENT_KEY, isConsentChoice, type ConsentChoice } from "~/lib/consent";
import { useOverlayWaiting } from "~/lib/overlays";
import { useLocalStorageValue } from "~/lib/use-hydrated";

/**
 * The spec's consent banner. It appears 1 s after load (a CSS delay, so it
 * behaves the same without JavaScript) unless a choice is stored. With
 * JavaScript it waits while a toast is showing (app/lib/overlays.ts).
 */
export function CookieBanner({ storedChoice }: { storedChoice: ConsentChoice | null }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const choiceInBrowser = useLocalStorageValue(CONSENT_KEY);
  const [dismissed, setDismissed] = useState(false);

  const answered = dismissed || storedChoice !== null || isConsentChoice(choiceInBrowser);
  const waiting = useOverlayWaiting("banner", !answered);

  if (answered || waiting) return null;

  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="animate-appear-after-1s invisible fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white shadow-[0_-4px_24px_rgba(0,0,0,0.12)]"
    >
      {/* Compact on a phone: it covers the foot of the first screen until answered. */}
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 md:flex-row md:items-center md:justify-between md:gap-4 md:py-5">
        <div>
          <h2 id="cookie-banner-title" className="text-base font-semibold">
            We value your privacy
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">
            We use cookies to enhance your browsing experience, analyse site traffic and provide personalised content.
          </p>
        </div>
        <fetcher.Form
          method="post"
          action="/cookie-consent"
          className="flex shrink-0 gap-3"
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            const choice = submitter?.value;
            if (isConsentChoice(choice)) localStorage.setItem(CONSENT_KEY, choice);
            setDismissed(true);
          }}
        >
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <Button type="submit" name="choice" value="declined" variant="outline">
            Decline
          </Button>
          <Button type="submit" name="choice" value="accepted">
            Accept all
          </Button>
        </fetcher.Form>
      </div>
    </section>
  );
}

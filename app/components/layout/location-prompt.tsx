import { MapPin } from "lucide-react";
import { useEffect, useEffectEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { useOverlayWaiting } from "~/lib/overlays";
import { useLocationPromptWanted } from "./page-handle";
import { LOCATION_PERMISSION_KEY, readLocationPermission, requestUserLocation } from "~/lib/user-location";

const PROMPT_DELAY_MS = 2000;

/**
 * The spec's location prompt: 2 s after load unless a choice is stored. With
 * permission already granted the position is refreshed at once, silently.
 * Geolocation needs JavaScript, so without it the prompt never shows. It
 * waits its turn behind a toast and the cookie banner (app/lib/overlays.ts),
 * at the foot of the screen, so it never covers a page's heading.
 */
export function LocationPrompt() {
  // Checked here, in the prompt's own lazily loaded script, not in the root's that every page waits for.
  return useLocationPromptWanted() ? <Prompt /> : null;
}

function Prompt() {
  const [visible, setVisible] = useState(false);
  const { revalidate } = useRevalidator();

  // The lists put the nearest first once the server has the position (a
  // cookie), so reload the page's data when the position is new.
  const locate = async () => {
    const before = document.cookie;
    const location = await requestUserLocation();
    if (location && document.cookie !== before) await revalidate();
  };
  const locateOnLoad = useEffectEvent(() => void locate());

  useEffect(() => {
    const permission = readLocationPermission();
    if (permission === "granted") {
      locateOnLoad();
      return;
    }
    if (permission === "denied") return;
    const timer = setTimeout(() => setVisible(true), PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const waiting = useOverlayWaiting("prompt", visible);

  if (!visible || waiting) return null;

  return (
    <section
      aria-labelledby="location-prompt-title"
      className="fixed right-4 bottom-4 left-4 z-40 mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:left-auto"
    >
      <div className="flex gap-3">
        <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <h2 id="location-prompt-title" className="font-semibold">
            Show businesses near you?
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Share your location and we'll list the nearest halal businesses first. It stays in your browser.
          </p>
          <div className="mt-3 flex gap-3">
            <Button
              size="sm"
              onClick={() => {
                setVisible(false);
                void locate();
              }}
            >
              Allow
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                localStorage.setItem(LOCATION_PERMISSION_KEY, "denied");
                setVisible(false);
              }}
            >
              Not now
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

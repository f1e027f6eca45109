// The things that float over the page — a toast, the cookie banner, the
// location prompt — take turns, one at a time, in that order (decision 0073):
// on a phone two of them at once covered the heading, the first result and the
// bar asking a member to confirm their e-mail. Each says whether it wants to
// show; the first in the order that wants to is the one shown.
import { useEffect, useSyncExternalStore } from "react";

const ORDER = ["toast", "banner", "prompt"] as const;
export type Overlay = (typeof ORDER)[number];

const wanting = new Set<Overlay>();
const listeners = new Set<() => void>();

export function setOverlayWanted(overlay: Overlay, wanted: boolean) {
  if (wanting.has(overlay) === wanted) return;
  if (wanted) wanting.add(overlay);
  else wanting.delete(overlay);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The overlay whose turn it is, or null when none wants to show. */
export function overlayShown(): Overlay | null {
  return ORDER.find((overlay) => wanting.has(overlay)) ?? null;
}

/**
 * Says whether `overlay` wants to show, and answers whether one before it in
 * the order is showing instead (on the server and while hydrating: no).
 */
export function useOverlayWaiting(overlay: Overlay, wanted: boolean): boolean {
  useEffect(() => {
    setOverlayWanted(overlay, wanted);
    return () => setOverlayWanted(overlay, false);
  }, [overlay, wanted]);
  const shown = useSyncExternalStore(subscribe, overlayShown, () => null);
  return shown !== null && ORDER.indexOf(shown) < ORDER.indexOf(overlay);
}

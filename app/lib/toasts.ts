// Toasts, by sonner, loaded with the first one: most visits show none, and
// sonner would be a sixteenth of every page's JavaScript. The root renders
// the Toaster once one is wanted (FlashToast), and a toast is shown once that
// Toaster is on the page, so screen readers hear it in a region already there.
import { useSyncExternalStore } from "react";
import { setOverlayWanted } from "./overlays";

type ToastKind = "message" | "success" | "error" | "info";

let wanted = false;
const listeners = new Set<() => void>();
let onMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => (onMounted = resolve));

export function showToast(kind: ToastKind, title: string, options?: { id?: string; description?: string }) {
  // The banner and the prompt wait until the toast has gone (the Toaster says when).
  setOverlayWanted("toast", true);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([import("sonner"), mounted]).then(([{ toast }]) => {
    (kind === "message" ? toast : toast[kind])(title, options);
  });
}

/** For the root: whether a toast has been asked for, so the Toaster is needed. */
export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

/** Called by the Toaster once it is on the page. */
export function toasterMounted() {
  onMounted();
}

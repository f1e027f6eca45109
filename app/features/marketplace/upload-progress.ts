import { useSyncExternalStore } from "react";

// How far the sell form's photos have gone up, from 0 to 1, or undefined when
// nothing is uploading. The route's clientAction sends them and the form shows
// the bar, so the two share this one small value rather than props.
let progress: number | undefined;
const listeners = new Set<() => void>();

export function setUploadProgress(value: number | undefined) {
  progress = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The upload's progress; always undefined on the server, where nothing uploads. */
export function useUploadProgress() {
  return useSyncExternalStore(
    subscribe,
    () => progress,
    () => undefined,
  );
}

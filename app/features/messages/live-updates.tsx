import { useEffect, useEffectEvent, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * A signed-in member's page listens to /events (decision 0032) and, when told
 * something changed, reloads its data: the open thread shows the new message
 * and the header its unread count, without a reload of the page. An event
 * that arrives while data is loading is not lost: one more load follows.
 */
export function LiveUpdates() {
  const revalidator = useRevalidator();
  const loading = useRef({ busy: false, again: false });
  const refresh = useEffectEvent(async () => {
    const state = loading.current;
    if (state.busy) {
      state.again = true;
      return;
    }
    state.busy = true;
    try {
      do {
        state.again = false;
        await revalidator.revalidate();
      } while (state.again);
    } finally {
      state.busy = false;
    }
  });

  useEffect(() => {
    const source = new EventSource("/events");
    source.addEventListener("change", () => void refresh());
    return () => source.close();
  }, []);

  return null;
}

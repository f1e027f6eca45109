import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * Our menus are native <details> disclosures, so they open and close without
 * JavaScript. With JavaScript they also close on navigation, on a click
 * outside, and on Escape (which returns focus to the toggle).
 */
export function useDisclosureClose(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();
  const shownKey = useRef(location.key);

  // Only a navigation closes the menu: one the visitor opened before the page
  // came alive stays open as the page hydrates.
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    ref.current?.removeAttribute("open");
  }, [ref, location.key]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [ref]);
}

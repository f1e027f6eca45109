import { useEffect, useState } from "react";
import { typewriterPlaceholder, typewriterStart, typewriterStep } from "./typewriter";
import { usePrefersReducedMotion } from "./use-reduced-motion";

/**
 * The search box's animated placeholder: "Search restaurants...", deleted and
 * typed again with the next word, at the spec's speed (see typewriter.ts).
 *
 * It shows the first word in full on the server and under
 * prefers-reduced-motion. While the box has focus it holds the current word in
 * full, so nothing moves while someone is about to type; on blur it carries on
 * from that word. Spread `focusHandlers` on the input.
 */
export function useTypewriter(words: readonly string[]) {
  const reducedMotion = usePrefersReducedMotion();
  const [state, setState] = useState(() => typewriterStart(words));
  const [focused, setFocused] = useState(false);
  const still = reducedMotion || focused;

  useEffect(() => {
    if (still) return;
    const { next, delay } = typewriterStep(state, words);
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [state, still, words]);

  const focusHandlers = {
    onFocus() {
      setFocused(true);
      setState((s) => typewriterStart(words, s.wordIndex));
    },
    onBlur() {
      setFocused(false);
    },
  };

  const shown = reducedMotion ? typewriterStart(words) : state;
  return { placeholder: typewriterPlaceholder(shown, words), focusHandlers };
}

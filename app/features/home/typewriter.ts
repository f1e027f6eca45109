// The hero's typed-text placeholder (spec section 2 "Home", timings from
// section 9): type a word, pause on it, delete it, type the next, forever.
// Pure, so the timings are unit-tested; `useTypewriter` runs it with timers.

/** The words the placeholder cycles through, in the spec's order. */
export const HERO_WORDS = [
  "restaurants",
  "cafes",
  "takeaways",
  "retail shops",
  "groceries",
  "beauty salons",
  "car dealerships",
  "home decor stores",
  "bookshops",
  "clothing stores",
] as const;

/** Milliseconds per character typed, per character deleted, and the pause on a full word. */
export const TYPE_MS = 100;
export const DELETE_MS = 50;
export const PAUSE_MS = 2000;

export interface TypewriterState {
  /** Which word is on screen. */
  wordIndex: number;
  /** How many of its characters are shown. */
  length: number;
  phase: "typing" | "deleting";
}

/** The first word, already in full: the server renders it, then the pause starts. */
export function typewriterStart(words: readonly string[], wordIndex = 0): TypewriterState {
  return { wordIndex, length: words[wordIndex]?.length ?? 0, phase: "typing" };
}

/** The text on screen in a state. */
export function typewriterText(state: TypewriterState, words: readonly string[]): string {
  return (words[state.wordIndex] ?? "").slice(0, state.length);
}

/** Whether the whole word is shown. */
export function isFullWord(state: TypewriterState, words: readonly string[]): boolean {
  return state.length >= (words[state.wordIndex]?.length ?? 0);
}

/**
 * What comes after `state`, and how long `state` stays on screen first:
 * 100 ms per character typed, 2000 ms on the full word, 50 ms per character
 * deleted. Deleting the last character moves straight on to the next word
 * (wrapping to the first after the last).
 */
export function typewriterStep(
  state: TypewriterState,
  words: readonly string[],
): { next: TypewriterState; delay: number } {
  const word = words[state.wordIndex] ?? "";
  if (state.phase === "typing") {
    if (state.length < word.length) {
      return { next: { ...state, length: state.length + 1 }, delay: TYPE_MS };
    }
    return { next: { ...state, phase: "deleting" }, delay: PAUSE_MS };
  }
  if (state.length > 1) {
    return { next: { ...state, length: state.length - 1 }, delay: DELETE_MS };
  }
  const wordIndex = words.length === 0 ? 0 : (state.wordIndex + 1) % words.length;
  return { next: { wordIndex, length: 0, phase: "typing" }, delay: DELETE_MS };
}

/** The search box's placeholder for a state: "Search restaurants..." on a full word. */
export function typewriterPlaceholder(state: TypewriterState, words: readonly string[]): string {
  const text = typewriterText(state, words);
  return isFullWord(state, words) ? `Search ${text}...` : `Search ${text}`;
}

import { describe, expect, it } from "vitest";
import {
  DELETE_MS,
  HERO_WORDS,
  PAUSE_MS,
  TYPE_MS,
  typewriterPlaceholder,
  typewriterStart,
  typewriterStep,
  typewriterText,
  type TypewriterState,
} from "./typewriter";

/** Runs the typewriter for `steps` steps: each frame's text and how long it stays. */
function run(words: readonly string[], steps: number, start: TypewriterState = typewriterStart(words)) {
  const frames: { text: string; delay: number }[] = [];
  let state = start;
  for (let i = 0; i < steps; i++) {
    const { next, delay } = typewriterStep(state, words);
    frames.push({ text: typewriterText(state, words), delay });
    state = next;
  }
  return { frames, state };
}

describe("typewriter", () => {
  it("cycles through the spec's words, in order", () => {
    expect(HERO_WORDS).toEqual([
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
    ]);
  });

  it("uses the spec's timings", () => {
    expect([TYPE_MS, DELETE_MS, PAUSE_MS]).toEqual([100, 50, 2000]);
  });

  it("starts on the first word in full, pauses 2000 ms, deletes at 50 ms and types at 100 ms a character", () => {
    const { frames } = run(["ab", "cde"], 2 + 1 + 3 + 1);
    expect(frames).toEqual([
      { text: "ab", delay: 2000 }, // full word: pause
      { text: "ab", delay: 50 }, // deleting: b goes
      { text: "a", delay: 50 }, // a goes, and the next word starts
      { text: "", delay: 100 },
      { text: "c", delay: 100 },
      { text: "cd", delay: 100 },
      { text: "cde", delay: 2000 }, // full word: pause
    ]);
  });

  it("shows every word in full, in order, then wraps to the first", () => {
    const full: string[] = [];
    let state = typewriterStart(HERO_WORDS);
    for (let i = 0; full.length < HERO_WORDS.length + 1; i++) {
      const { next, delay } = typewriterStep(state, HERO_WORDS);
      if (delay === PAUSE_MS) full.push(typewriterText(state, HERO_WORDS));
      state = next;
      expect(i).toBeLessThan(10_000);
    }
    expect(full).toEqual([...HERO_WORDS, "restaurants"]);
  });

  it("spends exactly the spec's time on each word", () => {
    // From "restaurants" in full to "cafes" in full.
    const start = typewriterStart(HERO_WORDS);
    let state = start;
    let elapsed = 0;
    const delays: number[] = [];
    do {
      const { next, delay } = typewriterStep(state, HERO_WORDS);
      delays.push(delay);
      elapsed += delay;
      state = next;
    } while (!(state.wordIndex === 1 && state.phase === "typing" && state.length === "cafes".length));
    expect(delays).toEqual([PAUSE_MS, ...Array(11).fill(DELETE_MS), ...Array(5).fill(TYPE_MS)]);
    expect(elapsed).toBe(2000 + 11 * 50 + 5 * 100);
  });

  it("makes the placeholder, with an ellipsis on a full word", () => {
    const start = typewriterStart(HERO_WORDS);
    expect(typewriterPlaceholder(start, HERO_WORDS)).toBe("Search restaurants...");
    expect(typewriterPlaceholder({ wordIndex: 3, length: 6, phase: "typing" }, HERO_WORDS)).toBe("Search retail");
    expect(typewriterPlaceholder({ wordIndex: 1, length: 0, phase: "typing" }, HERO_WORDS)).toBe("Search ");
  });
});

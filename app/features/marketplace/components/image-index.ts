// The image viewer's position logic (spec sections 2 and 4): it opens at an
// index, moves within bounds without wrapping, and counts "n / total".

/** An index kept inside 0 … total − 1 (0 when there are no images). */
export function clampImageIndex(index: number, total: number): number {
  if (total <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), total - 1);
}

/** Moves by `delta` images, stopping at the first and the last: no wrap. */
export function stepImage(index: number, delta: number, total: number): number {
  return clampImageIndex(clampImageIndex(index, total) + delta, total);
}

/** Whether there is an image before this one (the on-screen previous arrow). */
export function hasPreviousImage(index: number, total: number): boolean {
  return total > 0 && clampImageIndex(index, total) > 0;
}

/** Whether there is an image after this one (the on-screen next arrow). */
export function hasNextImage(index: number, total: number): boolean {
  return total > 0 && clampImageIndex(index, total) < total - 1;
}

/** The counter: position out of total, counting from 1, e.g. "3 / 10". */
export function imageCounter(index: number, total: number): string {
  return total > 0 ? `${clampImageIndex(index, total) + 1} / ${total}` : "0 / 0";
}

/** The index a key moves to (Left/Right arrows), or null for other keys. */
export function indexForKey(key: string, index: number, total: number): number | null {
  if (key === "ArrowLeft") return stepImage(index, -1, total);
  if (key === "ArrowRight") return stepImage(index, 1, total);
  return null;
}

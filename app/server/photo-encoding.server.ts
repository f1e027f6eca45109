// Members' photos as we keep them: decoded by sharp, so a file that is not a
// picture is refused whatever its name or type says; turned upright; no
// larger than the caller's bound; re-encoded as WebP, which writes none of
// the original's metadata (the camera, the time, the GPS position).
import sharp from "sharp";

/** A small file can still decode to an enormous bitmap; refuse those. */
export const MAX_PHOTO_PIXELS = 40_000_000;

/** The photo re-encoded within `longestSide` on both sides; throws when it is not a picture. */
export function photoAsWebp(input: Buffer, { longestSide, quality }: { longestSide: number; quality: number }) {
  return sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS })
    .rotate()
    .resize({ width: longestSide, height: longestSide, fit: "inside", withoutEnlargement: true })
    .webp({ quality })
    .toBuffer();
}

/** The picture's smaller side in pixels; throws when it is not a picture. */
export async function shorterSide(input: Buffer) {
  const { width = 0, height = 0 } = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata();
  return Math.min(width, height);
}

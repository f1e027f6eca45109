// Photos sent with a listing submission. Each is decoded and re-encoded by
// sharp: a file that is not really an image is refused, camera metadata (GPS
// position included) is dropped, and what is kept is a WebP of sensible size
// named by its content hash. They stay out of the public uploads until staff
// publish the listing.
import crypto from "node:crypto";
import { photoAsWebp } from "~/server/photo-encoding.server";
import type { ObjectStore } from "~/server/storage.server";

const LONGEST_SIDE = 2000;

export type StoredPhotos = { names: string[] } | { error: string };

export async function storeSubmissionPhotos(files: File[], store: ObjectStore): Promise<StoredPhotos> {
  const encoded: Buffer[] = [];
  for (const [index, file] of files.entries()) {
    try {
      const input = Buffer.from(await file.arrayBuffer());
      encoded.push(await photoAsWebp(input, { longestSide: LONGEST_SIDE, quality: 82 }));
    } catch {
      return { error: `Photo ${index + 1} could not be read as an image. Please choose a JPEG, PNG or WebP photo.` };
    }
  }
  const names = new Set<string>();
  for (const bytes of encoded) {
    const name = `${crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.webp`;
    if (!names.has(name)) await store.put(name, bytes);
    names.add(name);
  }
  return { names: [...names] };
}

// Private documents members send (a listing's data room, decision 0089): a
// PDF or a photo of a page, checked by what the bytes are, never by the name
// or type the browser gave, and stamped with who they were given to.
import { PDFDocument, degrees, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { sniffDocumentType } from "./file-type.server";

export interface CheckedDocument {
  bytes: Buffer;
  contentType: "application/pdf" | "image/jpeg";
  extension: "pdf" | "jpg";
}

/** Largest document a member may send: a year's accounts scanned at a readable resolution. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_REFUSED = "Please choose a PDF, or a JPEG, PNG or WebP photo of the document.";
export const DOCUMENT_LOCKED = "This PDF is protected by a password. Please send a copy without one.";
export const DOCUMENT_TOO_SMALL = "This photo is too small to read. Please send one at least 300 pixels across.";
const MIN_SIDE = 300;

/**
 * The document as it is kept: a PDF that opens (and is not locked, so that it can be stamped), or an
 * image re-encoded as JPEG, turned upright and stripped of its metadata (the camera's location among it).
 * Anything else, whatever its name, is refused with the message to show.
 */
export async function checkDocument(bytes: Buffer): Promise<CheckedDocument | { error: string }> {
  // What the first bytes say it is (as for a seller's evidence, kept as sent), then that it opens as one.
  const type = sniffDocumentType(bytes);
  if (!type || bytes.length > MAX_DOCUMENT_BYTES) return { error: DOCUMENT_REFUSED };
  if (type === "application/pdf") {
    try {
      await PDFDocument.load(bytes);
    } catch (error) {
      return { error: (error as Error).name === "EncryptedPDFError" ? DOCUMENT_LOCKED : DOCUMENT_REFUSED };
    }
    return { bytes, contentType: "application/pdf", extension: "pdf" };
  }
  try {
    const image = sharp(bytes, { limitInputPixels: 60_000_000 });
    const { format, width = 0, height = 0 } = await image.metadata();
    if (format !== "jpeg" && format !== "png" && format !== "webp") return { error: DOCUMENT_REFUSED };
    if (width < MIN_SIDE || height < MIN_SIDE) return { error: DOCUMENT_TOO_SMALL };
    const jpeg = await image.rotate().flatten({ background: "#ffffff" }).jpeg({ quality: 88 }).toBuffer();
    return { bytes: jpeg, contentType: "image/jpeg", extension: "jpg" };
  } catch {
    return { error: DOCUMENT_REFUSED };
  }
}

/** Pango markup's special characters, so that a name is drawn as written. */
const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A copy of the document with `words` (who it was given to, and when) across every PDF page and along
 * an image's top and bottom: a copy that leaks says whose it was. The kept document is unchanged.
 */
export async function watermark(
  document: { bytes: Buffer; contentType: CheckedDocument["contentType"] },
  words: string,
) {
  if (document.contentType === "application/pdf") {
    const pdf = await PDFDocument.load(document.bytes);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    // The standard fonts draw Latin-1 only: anything else in a name becomes "?".
    const drawable = words.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
    for (const page of pdf.getPages()) {
      const { width, height } = page.getSize();
      page.drawText(drawable, { x: 24, y: 16, size: 9, font, color: rgb(0.35, 0.35, 0.35) });
      const size = Math.max(12, Math.min(28, width / (drawable.length * 0.45)));
      page.drawText(drawable, {
        x: width * 0.12,
        y: height * 0.3,
        size,
        font,
        color: rgb(0.6, 0.6, 0.6),
        opacity: 0.35,
        rotate: degrees(35),
      });
    }
    return Buffer.from(await pdf.save());
  }
  const image = sharp(document.bytes);
  const { width = 800 } = await image.metadata();
  const band = await sharp({
    text: {
      text: `<span background="#ffffffcc" foreground="#333333"> ${escapeMarkup(words)} </span>`,
      // Nine tenths of the width, in a size that grows with it (a photo is at least 300 pixels across).
      width: Math.round(width * 0.9),
      dpi: Math.round(width / 8),
      rgba: true,
    },
  })
    .png()
    .toBuffer();
  return image
    .composite([
      { input: band, gravity: "north" },
      { input: band, gravity: "south" },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}

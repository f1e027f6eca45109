// A kept page is compressed once, yet every replay carries a fresh CSP nonce.
//
// The page is cut where its nonce stood, and each piece is compressed on its
// own, ending on a byte boundary (a sync flush). A replay joins the pieces
// with the new nonce as an uncompressed ("stored") block between each pair —
// valid DEFLATE (RFC 1951, 3.2.4) — and wraps them in a gzip member (RFC
// 1952) whose checksum covers the bytes as sent: a copy and a CRC-32 instead
// of a compression.
//
// So that the pieces compress nearly as well as the whole page would, each is
// compressed with what precedes it in the page as its dictionary, the nonces
// stood in for by a byte the page never contains. No match can cover such a
// byte, so no back-reference ever reaches a nonce, and the distances are the
// same whatever nonce fills those places (every nonce has the same length).
import { promisify } from "node:util";
import zlib from "node:zlib";

const deflateRaw = promisify(zlib.deflateRaw) as (input: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>;

export interface SplicedGzip {
  /** The pieces as they are, for checksums and for clients without gzip. */
  pieces: Buffer[];
  /** Each piece as raw DEFLATE blocks, ending on a byte boundary. */
  compressed: Buffer[];
  /** The one length of joint the compressed pieces allow for. */
  jointLength: number;
}

// No file name, no time stamp (RFC 1952, 2.3).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
// An empty stored block with BFINAL set: the end of the DEFLATE stream.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
// How much of what precedes a piece is its dictionary. DEFLATE can refer
// 32 KB back, but the pieces that gain are the short ones between the head's
// script links, which repeat what is just before them; and a dictionary is
// read through on the main thread before its piece is handed to zlib's threads.
const DICTIONARY = 4 * 1024;

/** A byte value that occurs in none of the pieces, if there is one. */
function absentByte(pieces: Buffer[]): number | undefined {
  for (let value = 0; value < 256; value++) {
    if (!pieces.some((piece) => piece.includes(value))) return value;
  }
  return undefined;
}

/**
 * Compresses the pieces, all at once on libuv's threads: what each piece may
 * refer back to is known before any is compressed.
 */
export async function compressPieces(pieces: Buffer[], jointLength: number): Promise<SplicedGzip> {
  const filler = absentByte(pieces);
  const standIn = filler === undefined ? undefined : Buffer.alloc(jointLength, filler);
  let before = Buffer.alloc(0);
  const compressed = await Promise.all(
    pieces.map((piece) => {
      const options: zlib.ZlibOptions = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
      if (standIn && before.length) options.dictionary = before;
      if (standIn) before = Buffer.concat([before, piece, standIn]).subarray(-DICTIONARY);
      // An empty input would come out as a final block: it needs no block at all.
      return piece.length ? deflateRaw(piece, options) : Buffer.alloc(0);
    }),
  );
  return { pieces, compressed, jointLength };
}

/** A stored block holding `bytes` as they are (at most 65,535 of them). */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/** The pieces joined by `joint`, as one gzip member. */
export function splicedGzip({ pieces, compressed, jointLength }: SplicedGzip, joint: Buffer): Buffer<ArrayBuffer> {
  if (joint.length !== jointLength) throw new RangeError(`the joint must be ${jointLength} bytes long`);
  const jointBlock = storedBlock(joint);
  const blocks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  pieces.forEach((piece, i) => {
    if (i > 0) {
      blocks.push(jointBlock);
      crc = zlib.crc32(joint, crc);
      size += joint.length;
    }
    blocks.push(compressed[i]!);
    crc = zlib.crc32(piece, crc);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4); // the size modulo 2^32, as the format says
  blocks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(blocks);
}

/** The pieces joined by `joint`, uncompressed. */
export function joined(pieces: Buffer[], joint: Buffer): Buffer<ArrayBuffer> {
  return Buffer.concat(pieces.flatMap((piece, i) => (i ? [joint, piece] : [piece])));
}

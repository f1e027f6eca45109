// A local stand-in for a map tile server (decision 0034): any /{z}/{x}/{y}.png
// answers a small grey PNG, so the browser tests draw maps without reaching
// OpenStreetMap. GET /_peer/requests lists the tiles asked for.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

/** A 256×256 PNG of one grey, built here (8-bit greyscale, no filter). */
function greyTile(): Buffer {
  const size = 256;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc(size * (size + 1), 0xdd);
  for (let y = 0; y < size; y++) rows[y * (size + 1)] = 0; // each row's filter byte: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export async function startTilePeer(port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const tile = greyTile();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://peer").pathname;
    if (path === "/_peer/requests") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(requests));
    } else if (/^\/\d+\/\d+\/\d+\.png$/.test(path)) {
      requests.push(path);
      // Tiles are other sites' images on our pages: allow them cross-origin, as tile servers do.
      res.writeHead(200, { "content-type": "image/png", "access-control-allow-origin": "*" }).end(tile);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

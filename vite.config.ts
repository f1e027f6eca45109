import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import zlib from "node:zlib";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Scripts and styles compressed once, as hard as gzip and brotli go, at
    // build time; server.ts sends these files rather than compressing each
    // request.
    compression({
      include: /\.(js|css|svg)$/,
      algorithms: [
        defineAlgorithm("gzip", { level: zlib.constants.Z_BEST_COMPRESSION }),
        defineAlgorithm("brotliCompress", { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
    }),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  server: { middlewareMode: true },
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import zlib from "node:zlib";

/**
 * The browser's error reporter and Sentry's SDK (decision 0080), built as a
 * chunk of their own, assets/error-reporter-<hash>.js, which no page imports:
 * the page's first script loads it on the page's first error, and the server
 * finds its name in the build (app/server/error-reporting.server.ts).
 */
function errorReporterChunk(): Plugin {
  return {
    name: "hbs:error-reporter",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      this.emitFile({
        type: "chunk",
        id: new URL("./app/lib/error-reporter.ts", import.meta.url).pathname,
        name: "error-reporter",
        // Its `start` is called by name, so the build must keep the export.
        preserveSignature: "strict",
      });
    },
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    errorReporterChunk(),
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

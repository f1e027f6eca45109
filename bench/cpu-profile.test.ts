import { describe, expect, it } from "vitest";
import { partOf, summariseProfile } from "./cpu-profile";

describe("CPU profile summary", () => {
  it("names packages, Node's modules, our build, garbage collection and idle", () => {
    expect(partOf({ functionName: "x", url: "file:///app/node_modules/@electric-sql/pglite/dist/a.js" })).toBe(
      "@electric-sql/pglite",
    );
    expect(partOf({ functionName: "x", url: "file:///app/node_modules/a/node_modules/react-dom/cjs/b.js" })).toBe(
      "react-dom",
    );
    expect(partOf({ functionName: "gzip", url: "node:zlib" })).toBe("node:zlib");
    expect(partOf({ functionName: "x", url: "node:internal/streams/readable" })).toBe("Node.js internals");
    expect(partOf({ functionName: "loader", url: "file:///app/build/server/index.js" })).toBe("HBS (app code)");
    expect(partOf({ functionName: "(garbage collector)", url: "" })).toBe("garbage collection");
    expect(partOf({ functionName: "(idle)", url: "" })).toBe("idle");
  });

  it("shares the sampled time out by part, largest first", () => {
    const shares = summariseProfile({
      nodes: [
        { id: 1, callFrame: { functionName: "(idle)", url: "" } },
        { id: 2, callFrame: { functionName: "render", url: "file:///x/node_modules/react-dom/server.js" } },
        { id: 3, callFrame: { functionName: "hydrate", url: "file:///x/node_modules/react-dom/client.js" } },
      ],
      samples: [1, 2, 3, 2],
      timeDeltas: [100, 200, 100, 600],
    });
    expect(shares).toEqual([
      { part: "react-dom", percent: 90 },
      { part: "idle", percent: 10 },
    ]);
  });
});

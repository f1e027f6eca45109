import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { admission } from "./admission.server";

/** A request as far as admission sees it: its headers, and a response that closes when done. */
function arrive(
  admit: ReturnType<typeof admission>,
  started: string[],
  name: string,
  { url = "/", contentType }: { url?: string; contentType?: string } = {},
) {
  const req = { url, headers: contentType ? { "content-type": contentType } : {} } as unknown as IncomingMessage;
  const res = new EventEmitter() as unknown as ServerResponse;
  admit(req, res, () => started.push(name));
  return { close: () => res.emit("close") };
}

describe("admission", () => {
  it("works on at most `limit` requests at once, starting the others in the order they came", () => {
    const admit = admission({ limit: 2 });
    const started: string[] = [];
    const [a, b] = ["a", "b", "c", "d"].map((name) => arrive(admit, started, name));
    expect(started).toEqual(["a", "b"]);
    b!.close();
    expect(started).toEqual(["a", "b", "c"]);
    a!.close();
    expect(started).toEqual(["a", "b", "c", "d"]);
  });

  it("does not start a request whose visitor left while it waited", () => {
    const admit = admission({ limit: 1 });
    const started: string[] = [];
    const first = arrive(admit, started, "first");
    const gone = arrive(admit, started, "gone");
    arrive(admit, started, "next");
    gone.close();
    first.close();
    expect(started).toEqual(["first", "next"]);
  });

  it("never holds up uploads or the requests it is told to let pass", () => {
    const admit = admission({ limit: 1, passes: (req) => req.url === "/healthz" });
    const started: string[] = [];
    arrive(admit, started, "busy");
    arrive(admit, started, "upload", { contentType: "multipart/form-data; boundary=x" });
    arrive(admit, started, "health", { url: "/healthz" });
    arrive(admit, started, "page");
    expect(started).toEqual(["busy", "upload", "health"]);
  });
});

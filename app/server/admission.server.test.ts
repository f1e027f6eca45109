import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it, vi } from "vitest";
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

  it("does work for later when no request waits, one task at a time", async () => {
    const admit = admission({ limit: 2 });
    const started: string[] = [];
    const finish: Record<string, () => void> = {};
    const task = (name: string) => () => {
      started.push(name);
      return new Promise<void>((resolve) => (finish[name] = resolve));
    };
    const [a, b] = ["a", "b"].map((name) => arrive(admit, started, name));
    admit.later(task("refresh 1"));
    admit.later(task("refresh 2"));
    const c = arrive(admit, started, "c");
    a!.close();
    expect(started).toEqual(["a", "b", "c"]); // the request came later, but a visitor waits for it
    b!.close();
    expect(started).toEqual(["a", "b", "c", "refresh 1"]);
    c.close();
    expect(started).toEqual(["a", "b", "c", "refresh 1"]); // never two at once
    finish["refresh 1"]!();
    await vi.waitFor(() => expect(started.at(-1)).toBe("refresh 2"));
    arrive(admit, started, "d");
    expect(started.at(-1)).toBe("d"); // the task holds one place of two
  });
});

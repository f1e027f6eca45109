// A kept page past its s-maxage, on a production server: answered at once
// from the page kept, while the server renders it again once no visitor
// waits, and keeps the new render (decision 0055). A minute passes for real.
// The set-up where the server's page cache is on (decision 0081): one server,
// no shared cache in front, PAGE_CACHE=on.
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startProductionServer, type ServerProcess } from "../helpers/server-process";

let server: ServerProcess;
beforeAll(async () => {
  server = await startProductionServer({
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    PAGE_CACHE: "on",
  });
});
afterAll(() => server?.stop());

const answered = async (url: string) => {
  const response = await fetch(url);
  await response.arrayBuffer();
  return { timing: response.headers.get("server-timing") ?? "", age: Number(response.headers.get("age")) };
};

it("answers a page past its s-maxage from the page kept, then keeps a new render of it", async () => {
  const page = `${server.url}/about?visit=${crypto.randomUUID()}`;
  expect((await answered(page)).timing).not.toContain("page cache");
  expect((await answered(page)).timing).toContain("page cache hit");

  await new Promise((resolve) => setTimeout(resolve, 61_000));
  const stale = await answered(page);
  expect(stale.timing).toContain("page cache stale");
  expect(stale.age).toBeGreaterThanOrEqual(60);

  await vi.waitFor(
    async () => {
      const again = await answered(page);
      expect(again.timing).toContain("page cache hit");
      expect(again.age).toBeLessThan(10);
    },
    { timeout: 10_000, interval: 250 },
  );
}, 120_000);

import { describe, expect, it } from "vitest";
import { countsAsVisitor, ViewCounter, visitorHash, type View } from "./page-views.server";

const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const safari =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe("visitor hashes", () => {
  it("are the same for one visitor on one day, on any server with the secret", () => {
    expect(visitorHash("secret", "2026-11-23", "203.0.113.7", firefox)).toBe(
      visitorHash("secret", "2026-11-23", "203.0.113.7", firefox),
    );
  });

  it("change with the day, the secret, the address and the browser", () => {
    const hash = visitorHash("secret", "2026-11-23", "203.0.113.7", firefox);
    expect(visitorHash("secret", "2026-11-24", "203.0.113.7", firefox)).not.toBe(hash);
    expect(visitorHash("other secret", "2026-11-23", "203.0.113.7", firefox)).not.toBe(hash);
    expect(visitorHash("secret", "2026-11-23", "203.0.113.8", firefox)).not.toBe(hash);
    expect(visitorHash("secret", "2026-11-23", "203.0.113.7", safari)).not.toBe(hash);
  });

  it("hold neither the address nor the browser", () => {
    const hash = visitorHash("secret", "2026-11-23", "203.0.113.7", firefox);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(hash).not.toContain("203");
  });
});

describe("who counts", () => {
  it("browsers count; crawlers, tools and clients without a user agent do not", () => {
    expect(countsAsVisitor(firefox)).toBe(true);
    expect(countsAsVisitor(safari)).toBe(true);
    for (const bot of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "curl/8.5.0",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    ]) {
      expect(countsAsVisitor(bot), bot).toBe(false);
    }
    expect(countsAsVisitor(undefined)).toBe(false);
    expect(countsAsVisitor("")).toBe(false);
  });
});

describe("the view counter", () => {
  const at = (iso: string) => () => new Date(iso);

  it("writes nothing until flushed, then one row per visitor, listing and UK day", async () => {
    let now = at("2026-11-23T12:00:00Z");
    const counter = new ViewCounter({ secret: () => "secret", now: () => now() });
    const written: View[][] = [];
    counter.start(
      async (views) => void written.push(views),
      60_000,
      () => {},
    );
    expect(counter.count("grill", "203.0.113.7", firefox)).toBe(true);
    counter.count("grill", "203.0.113.7", firefox);
    counter.count("grill", "203.0.113.8", firefox);
    counter.count("cafe", "203.0.113.7", firefox);
    expect(counter.count("grill", "203.0.113.9", "Googlebot/2.1")).toBe(false);
    // Just after midnight in London (BST: 23:30 UTC is 00:30 the next day).
    now = at("2026-07-01T23:30:00Z");
    counter.count("grill", "203.0.113.7", firefox);
    expect(written).toEqual([]);

    await counter.stop();
    const views = written.flat();
    expect(views).toHaveLength(4);
    expect(views.map((view) => `${view.subject} ${view.day}`).sort()).toEqual([
      "cafe 2026-11-23",
      "grill 2026-07-02",
      "grill 2026-11-23",
      "grill 2026-11-23",
    ]);
    expect(JSON.stringify(views)).not.toContain("203.0.113");
    expect(counter.size).toBe(0);
  });

  it("keeps a batch the database refused, for the next attempt", async () => {
    const counter = new ViewCounter({ secret: () => "secret" });
    let fail = true;
    const written: View[] = [];
    counter.start(
      async (views) => {
        if (fail) throw new Error("database down");
        written.push(...views);
      },
      60_000,
      () => {},
    );
    counter.count("grill", "203.0.113.7", firefox);
    await expect(counter.flush()).rejects.toThrow("database down");
    expect(counter.size).toBe(1);
    fail = false;
    counter.count("grill", "203.0.113.7", firefox);
    await counter.stop();
    expect(written).toHaveLength(1);
  });
});

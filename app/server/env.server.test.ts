import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseFreePort, EnvError, loadDotEnv, mapTilesSource, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives every variable a working default", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_ADDRESS).toBe("Newport, United Kingdom");
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => parseEnv({ SITE_EMAIL: "not-an-email" })).toThrow(/SITE_EMAIL/);
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});

describe("SITE_URL", () => {
  it("is, when unset, the site on this machine at the port it listens on", () => {
    expect(parseEnv({}).SITE_URL).toBe("http://localhost:3000");
    expect(parseEnv({ PORT: "4000" }).SITE_URL).toBe("http://localhost:4000");
    // An empty line in .env, as a commented-out one.
    expect(parseEnv({ PORT: "4000", SITE_URL: "" }).SITE_URL).toBe("http://localhost:4000");
  });

  it("is the public address when set, whatever the port", () => {
    expect(parseEnv({ PORT: "4000", SITE_URL: "https://hbs.example" }).SITE_URL).toBe("https://hbs.example");
    expect(() => parseEnv({ SITE_URL: "ftp://hbs.example" })).toThrow(/SITE_URL/);
  });

  it("names the port chosen for PORT=0, before the server listens", async () => {
    const before = process.env.PORT;
    try {
      process.env.PORT = "0";
      await chooseFreePort();
      const port = Number(process.env.PORT);
      expect(port).toBeGreaterThan(0);
      expect(parseEnv(process.env).SITE_URL).toBe(`http://localhost:${port}`);
      process.env.PORT = "4000";
      await chooseFreePort();
      expect(process.env.PORT).toBe("4000");
    } finally {
      if (before === undefined) delete process.env.PORT;
      else process.env.PORT = before;
    }
  });
});

describe("loadDotEnv", () => {
  it("reads a .env file without overriding what is already set", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hbs-env-")), ".env");
    fs.writeFileSync(file, "HBS_TEST_FROM_FILE=file\nHBS_TEST_ALREADY_SET=file\n");
    process.env.HBS_TEST_ALREADY_SET = "environment";
    loadDotEnv(file);
    expect(process.env.HBS_TEST_FROM_FILE).toBe("file");
    expect(process.env.HBS_TEST_ALREADY_SET).toBe("environment");
    delete process.env.HBS_TEST_FROM_FILE;
    delete process.env.HBS_TEST_ALREADY_SET;
  });
});

describe("BETTER_AUTH_SECRET", () => {
  const production = { NODE_ENV: "production", SITE_URL: "https://hbs.example" };
  const good = "0f9c2a7e5b1d4c8a9e3f6b2d7a1c5e8f0b4d9a2c6e1f7b3d";

  it("is required by a production site others can reach", () => {
    expect(() => parseEnv(production)).toThrow(/BETTER_AUTH_SECRET: is required in production/);
    expect(parseEnv({ ...production, BETTER_AUTH_SECRET: good }).BETTER_AUTH_SECRET).toBe(good);
  });

  it("may be generated for development and for a production build on this machine", () => {
    expect(parseEnv({ SITE_URL: "https://hbs.example" }).BETTER_AUTH_SECRET).toBeUndefined();
    expect(parseEnv({ NODE_ENV: "production", SITE_URL: "http://localhost:3000" }).BETTER_AUTH_SECRET).toBeUndefined();
    expect(() => parseEnv({ NODE_ENV: "production", SITE_URL: "http://hbs.internal:3000" })).toThrow(EnvError);
  });

  it("refuses a published, short or predictable secret wherever it runs", () => {
    const refuse = (secret: string, message: RegExp) =>
      expect(() => parseEnv({ BETTER_AUTH_SECRET: secret })).toThrow(message);
    refuse("better-auth-secret-12345678901234567890", /published example/);
    refuse("too-short", /at least 32 characters/);
    refuse("ab".repeat(20), /too predictable/);
  });
});

describe("Stripe", () => {
  it("is off with neither key, and wants both keys together", () => {
    expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toMatchObject({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_WEBHOOK_SECRET: is required/);
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(/STRIPE_SECRET_KEY: is required/);
    expect(() => parseEnv({ STRIPE_API_URL: "ftp://stand-in" })).toThrow(/STRIPE_API_URL/);
  });
});

describe("map tiles", () => {
  it("default to OpenStreetMap's standard tiles, and the CSP names exactly their host", () => {
    const env = parseEnv({});
    expect(env.MAP_TILES_URL).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(env.MAP_ATTRIBUTION).toContain("OpenStreetMap");
    expect(mapTilesSource(env.MAP_TILES_URL)).toBe("https://tile.openstreetmap.org");
    expect(mapTilesSource("https://{s}.tiles.example.com/{z}/{x}/{y}.png")).toBe("https://*.tiles.example.com");
    expect(mapTilesSource("http://127.0.0.1:9420/{z}/{x}/{y}.png")).toBe("127.0.0.1:9420");
  });
  it("refuses a template without {z}, {x} and {y}", () => {
    expect(() => parseEnv({ MAP_TILES_URL: "https://tiles.example.com/tile.png" })).toThrow(/MAP_TILES_URL/);
    expect(() => parseEnv({ MAP_TILES_URL: "javascript:alert(1)/{z}/{x}/{y}" })).toThrow(/MAP_TILES_URL/);
  });
});

describe("PAGE_CACHE", () => {
  it("is on unless set off, as behind nginx's cache (decision 0081)", () => {
    expect(parseEnv({}).PAGE_CACHE).toBe(true);
    expect(parseEnv({ PAGE_CACHE: "off" }).PAGE_CACHE).toBe(false);
    expect(parseEnv({ PAGE_CACHE: "OFF" }).PAGE_CACHE).toBe(false);
    expect(parseEnv({ PAGE_CACHE: "on" }).PAGE_CACHE).toBe(true);
  });

  it("refuses a value that says neither, naming the setting", () => {
    for (const value of ["nginx", "", "sometimes"]) {
      expect(() => parseEnv({ PAGE_CACHE: value })).toThrow(/PAGE_CACHE: must be "on" or "off"/);
    }
  });
});

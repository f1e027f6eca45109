import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, loadDotEnv, parseEnv } from "./env.server";

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

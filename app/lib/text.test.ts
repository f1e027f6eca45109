import { describe, expect, it } from "vitest";
import { cleanLine, cleanText } from "./text";

describe("cleaning text", () => {
  it("drops control and direction-override characters but keeps letters of every script", () => {
    expect(cleanLine(" Zaynab\u0000 \u202Eبن\u200C علي\t\n ")).toBe(" Zaynab بن\u200C علي ");
    expect(cleanText("a\r\nb\rc")).toBe("a\nb\nc");
  });
  it("makes a line of what was several, so a name cannot start a paragraph of its own in an e-mail", () => {
    expect(cleanLine("Alice\r\n\r\nURGENT: account locked").trim()).toBe("Alice URGENT: account locked");
  });
});

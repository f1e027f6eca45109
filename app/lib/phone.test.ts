import { describe, expect, it } from "vitest";
import { telHref } from "./phone";

describe("telHref", () => {
  it("turns a national number into an international tel link", () => {
    expect(telHref("01632 960 123")).toBe("tel:+441632960123");
    expect(telHref("029 2018 0104")).toBe("tel:+442920180104");
  });
  it("keeps an international number", () => {
    expect(telHref("+44 (0)20 7946 0000".replace("(0)", ""))).toBe("tel:+442079460000");
  });
});

import { describe, expect, it } from "vitest";
import { parseLocationCookie } from "./user-location";

describe("parseLocationCookie", () => {
  it("reads the shared position among other cookies", () => {
    expect(parseLocationCookie("a=1; user-location=51.584,-2.998; b=2")).toEqual({
      latitude: 51.584,
      longitude: -2.998,
    });
    expect(parseLocationCookie("user-location=51.5%2C-0.1")).toEqual({ latitude: 51.5, longitude: -0.1 });
  });
  it("ignores anything else", () => {
    expect(parseLocationCookie(null)).toBeNull();
    expect(parseLocationCookie("user-location=")).toBeNull();
    expect(parseLocationCookie("user-location=95,10")).toBeNull();
    expect(parseLocationCookie("user-location=1,2x")).toBeNull();
    expect(parseLocationCookie("x-user-location=51,-2")).toBeNull();
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { overlayShown, setOverlayWanted } from "./overlays";

afterEach(() => {
  for (const overlay of ["toast", "banner", "prompt"] as const) setOverlayWanted(overlay, false);
});

describe("overlays", () => {
  it("show one at a time: a toast, then the cookie banner, then the location prompt", () => {
    expect(overlayShown()).toBeNull();
    setOverlayWanted("prompt", true);
    expect(overlayShown()).toBe("prompt");
    setOverlayWanted("banner", true);
    expect(overlayShown()).toBe("banner");
    setOverlayWanted("toast", true);
    expect(overlayShown()).toBe("toast");
    setOverlayWanted("toast", false);
    expect(overlayShown()).toBe("banner");
    setOverlayWanted("banner", false);
    expect(overlayShown()).toBe("prompt");
  });
});

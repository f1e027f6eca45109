type ChromiumKind = "tests" | "full";
/** Where Debian's Chromium of `kind` is (the tests' headless shell, or the full browser); CHROMIUM_PATH when set. */
export function chromiumPath(kind?: ChromiumKind): string;
/** The path of that Chromium, installed first when missing and possible; otherwise the process exits saying how. */
export function ensureChromium(kind?: ChromiumKind): string;

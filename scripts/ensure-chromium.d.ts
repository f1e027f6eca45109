/** The path of Debian's Chromium, installed first when missing and possible; otherwise the process exits saying how. */
export function ensureChromium(): string;

// Text as people type it, made safe to store: the one place that says what a
// one-line field (a name, a phone number, a title) and a several-line one (a
// message, a description) may hold. A one-line field stays one line wherever
// it is shown later, an e-mail's header or body among them.

// Control characters (NUL cannot even be stored) and the invisible marks
// that reorder text on screen; everything else a person types is kept.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** One line of text: invisible characters removed, runs of white space (line ends among them) made one space. */
export function cleanLine(value: string): string {
  return value.normalize("NFC").replace(INVISIBLE, "").replace(/\s+/g, " ");
}

/** Several lines of text: invisible characters removed, line ends made "\n". */
export function cleanText(value: string): string {
  return value
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]+\n/g, "\n")
    .replace(INVISIBLE, "");
}

// Zod for every schema a page can load. Without `jitless`, Zod probes whether
// it may compile parsers with `new Function`, which our Content-Security-Policy
// forbids (no 'unsafe-eval'): the browser then reports a CSP violation on
// every page. Schemas for the browser import `z` from here, not from "zod".
import { z } from "zod";

z.config({ jitless: true });

export { z };

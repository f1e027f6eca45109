import { createContext } from "react-router";

// Values server.ts hands every request, read with context.get(...).

/** Nonce of this response's Content-Security-Policy, for inline scripts. */
export const cspNonceContext = createContext<string>("");

/** The visitor's IP address (through trusted proxies: TRUST_PROXY), for rate limits. */
export const clientIpContext = createContext<string>("unknown");

/** This render is a kept page made again in the background (decision 0055): kept anew, whatever is kept now. */
export const pageRefreshContext = createContext<boolean>(false);

/** The request's id in the logs (pino-http's), which its error reports carry too (decision 0080). */
export const requestIdContext = createContext<string>("");

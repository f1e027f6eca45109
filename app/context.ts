import { createContext } from "react-router";

// Values server.ts hands every request, read with context.get(...).

/** Nonce of this response's Content-Security-Policy, for inline scripts. */
export const cspNonceContext = createContext<string>("");

import { createContext, useContext } from "react";

// The CSP nonce of this response. Provided by entry.server; on the client the
// browser hides nonces, so it is empty there (and React ignores the mismatch).
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);

import { createContext, useContext } from "react";

// The CSP nonce of the current response; empty in the browser, where it is no longer needed.
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}

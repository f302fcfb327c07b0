import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce of this response (empty in the browser after hydration, which is fine). */
export const useNonce = () => useContext(NonceContext);

import { createContext, useContext } from 'react';

const NonceContext = createContext('');

/** Provides the CSP nonce of this response to components that render inline scripts. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}

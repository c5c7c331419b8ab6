/**
 * What the server hands every React Router loader and action. Server clients (commerce,
 * content, search, media) are added here as their domains land; routes never build them.
 */
export type StorefrontLoadContext = {
  /** Nonce for inline scripts, matching this response's Content-Security-Policy. */
  cspNonce: string;
};

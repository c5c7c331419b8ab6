/**
 * The content package's server-only helpers that route modules call in their loader or action.
 * A route module reaches a server face through a `.server` module: React Router keeps those out
 * of the client bundle, and the lint rule on client modules (eslint.config.js) holds them to it.
 */
export { parseEmailSignup, sanitizeRichText } from '@piste/content/server';

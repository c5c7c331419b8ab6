/** Site search shared by server and browser: document and App Search shapes, and the client. */
export * from './search-document';
export type * from './app-search-types';
export * from './client/search-client';

/** Server-only site search: the embedded engine, its HTTP API and the index's sync with the database. */
export * from './index';
export * from './api/search-api.server';
export * from './api/click-store.server';
export * as searchSchema from './schema/index';
export * from './indexing/search-sync.server';
export * from './indexing/all-documents.server';
export * from './hosted/hosted-documents.server';
export * from './engine/search-engine';
export * from './engine/request-schemas';

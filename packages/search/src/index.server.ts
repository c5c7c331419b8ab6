/** Server-only site search: the embedded engine, its HTTP API and the index's sync with the database. */
export * from './index';

export * from './search-clicks';

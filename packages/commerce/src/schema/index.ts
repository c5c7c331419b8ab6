export * from './regions';
export * from './geography';
export * from './catalogue';

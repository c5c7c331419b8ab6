export * from './staff';
export * from './operations';

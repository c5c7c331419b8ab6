export * from './roles';
export * from './catalogue/catalogue-schemas';

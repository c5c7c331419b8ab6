export * from './roles';
export * from './settings/settings-schemas';

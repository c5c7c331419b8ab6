export * from './index';
export * as adminSchema from './schema/index';
export * from './staff-actor';
export * from './admin-error';
export * from './audit/audit-log';
export * from './staff/staff-accounts';
export * from './staff/staff-sessions';
export * from './catalogue/stock-adjustments';

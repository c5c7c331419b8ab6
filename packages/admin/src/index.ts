export * from './roles';
export * from './staff/staff-schemas';
export * from './audit/audit-schemas';
export * from './dashboard/dashboard-schemas';
export * from './orders/orders-schemas';
export * from './settings/settings-schemas';
export * from './catalogue/catalogue-schemas';

export * from './roles';
export * from './orders/orders-schemas';

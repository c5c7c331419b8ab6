export * from './regions';
export * from './geography';
export * from './catalogue';
export * from './cart';
export * from './shipping';
export * from './tax';
export * from './orders';
export * from './customers';

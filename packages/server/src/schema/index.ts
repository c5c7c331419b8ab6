export * from './sessions';
export * from './bot-protection';

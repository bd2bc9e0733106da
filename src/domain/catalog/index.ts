export * from './services.ts';
export * from './packages.ts';
export * from './templates.ts';
export * from './options.ts';
export * from './pricing.ts';

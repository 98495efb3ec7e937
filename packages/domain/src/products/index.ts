export * from './batch';
export * from './media';
export * from './rules';
export * from './schema';
export * from './variants';
export * from './priceChanges';
export * from './lists';
export * from './promotions';

export * from './disciplines';
export * from './choices';
export * from './race-day';
export * from './policy';
export * from './ui';
export * from './limits';
export * from './ticketing';

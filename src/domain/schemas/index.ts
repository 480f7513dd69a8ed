export * from './common';
export * from './error-body';
export * from './route';
export * from './entities';
export * from './api';

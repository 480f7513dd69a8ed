// The shared domain: constants, messages, error codes, rules and zod schemas of the spec.
// Pure TypeScript (imports only zod and date-fns), used by the browser client and the server.
export * from './constants';
export * from './messages';
export * from './server-messages';
export * from './errors';
export * from './rules';
export * from './schemas';

// The host check's path, apart from its route (session.ts) and free of zod: the app asks it before
// its first screen, whose load must stay small, so the check cannot wait for the schemas.
export const HOST_PATH = '/utils/host';

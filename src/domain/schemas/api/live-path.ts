// The live feed's path (GET /api/sync/live): apart from the sync schemas, so the page's sync
// engine names it without loading them on the first screen.
export const LIVE_PATH = '/api/sync/live';

// Timings and sizes the spec fixes for the user interface.

/** The login form polls for browser autofill this often. */
export const AUTOFILL_POLL_MS = 300;
/** Delay before navigating after a successful login. */
export const LOGIN_REDIRECT_DELAY_MS = 5;

export const GRID_ROW_HEIGHT_PX = 31;
export const GRID_MAX_HEIGHT_PX = 650;
export const GRID_MIN_HEIGHT_PX = 120;

export const ROUTES = {
  home: '/',
  login: '/login',
  startlists: '/startlists',
  down: '/down',
} as const;

// Sizes of the grid on a touch screen, where a finger points: every control at least 44x44 px
// (WCAG 2.5.5) and 8 px apart. A mouse keeps the spec's dense 31 px rows.

/** A control's smallest side on a touch screen. */
export const TOUCH_TARGET_PX = 44;
/** The least space between two controls on a touch screen. */
const TOUCH_GAP_PX = 8;
/** A row holds a 44 px button with half the gap above and below it, and the row's 1 px border. */
export const TOUCH_ROW_HEIGHT_PX = TOUCH_TARGET_PX + TOUCH_GAP_PX + 1;

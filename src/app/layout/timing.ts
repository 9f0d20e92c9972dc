/** Timings of the layout, from the specification. */
export const LARGE_BREAKPOINT_PX = 1025;
export const POPOVER_DELAY_MS = 250;
export const NAV_REINIT_DELAY_MS = 150;

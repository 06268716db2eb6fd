/**
 * Rows of a free-text area (spec §9: "textareas 10 rows"): the room a textarea opens with; it grows with its text
 * (autosize) up to TEXTAREA_MAX_ROWS, then scrolls. The admin page's two receipt texts keep the 5 rows spec §2 gives
 * them.
 */
export const TEXTAREA_ROWS = 10;
export const TEXTAREA_MAX_ROWS = 24;

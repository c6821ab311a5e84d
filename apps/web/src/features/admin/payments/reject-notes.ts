/** The longest rejection note (and template text) the buyer is sent. */
export const NOTES_MAX = 500;

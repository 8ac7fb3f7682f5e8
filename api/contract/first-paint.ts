/**
 * The id of the JSON data block that carries the answers a server-rendered page was drawn with
 * (issue 31): the server writes it after #root, the app hydrates its query cache from it.
 */
export const FIRST_PAINT_STATE_ID = 'efie-first-paint';

// How large a host page's message may be. Apart from the parser (messages.ts) because the parent
// port, on the way of the page's first script, needs only this.

/** A longer string is not parsed at all (a message is a few hundred characters). */
export const MAX_MESSAGE_CHARS = 10_000;

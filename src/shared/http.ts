// A text document as fetched: its text and the address it ended at, after any redirect. A leaf:
// imports nothing of the player's.

export interface FetchedText {
  text: string;
  url: string;
}

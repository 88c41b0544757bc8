// What the controls can ask of the page: the controller's actions (controller.ts makes them). The
// parts that wire a control get them from index.ts, so they need not import the controller.

/** ms: a tenth of a second across the picture at the deepest zoom */
export const MIN_SPAN = 100;

export interface SelectOptions {
  /** false: leave the view where it is, even when the entry is out of it */
  reveal?: boolean;
  /** keep the selected ad (selectAd selects its entry) */
  keepAd?: boolean;
}

export interface Actions {
  render(): void;
  /** The view from..to, kept within the session and to at least MIN_SPAN. */
  setView(from: number, to: number): void;
  /** Centres the view on t when t is out of it. */
  reveal(t: number): void;
  /**
   * Selects an entry: its row in the table (scrolled to, shown whatever the filters), its line in
   * the picture (moved into view unless options.reveal is false), its text in the details.
   */
  select(i: number, options?: SelectOptions): void;
  selectAd(k: number): void;
  /** A finding that names no entry of the log, or a divergence past its end: its text alone. */
  showMarkerOnly(d: DOMStringMap): void;
  runSearch(): void;
  /** Selects the next (direction 1) or previous (-1) match after the selected entry, round. */
  nextMatch(direction: number): void;
  /** After a filter changed: the search (it keeps to what the filters show) or the table, drawn. */
  refilter(): void;
}

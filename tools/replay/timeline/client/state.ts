// What the page shows, changed by the controls: the view, the filters, the search, the selection;
// and the context every part of the page reads it in.
import type { Geometry, Span } from './geometry';
import type { ClientData, Entries } from './unpack';

export interface State {
  /** the whole session with a margin: the widest view */
  full: Span;
  view: Span;
  /** lanes (indexes in data.lanes) and types (indexes in data.strings) the filters hide */
  hiddenLanes: Set<number>;
  hiddenTypes: Set<number>;
  query: string;
  /** per entry: 1 when it matches the search; null without a search */
  matches: Uint8Array | null;
  /** the matching entries that the filters show, in order */
  matchList: number[];
  selected: number;
  /** the selected ad's position in data.ads, -1: none */
  selectedAd: number;
  /** the table's rows: entry indexes */
  rows: number[];
  /** the picture's mapping as last drawn */
  geometry: Geometry | null;
  /** a pan by dragging the picture: where it started; `dragged` once it moved a few pixels */
  drag: { x: number; from: number; to: number; k: number } | null;
  dragged: boolean;
}

export interface Context {
  data: ClientData;
  entries: Entries;
  state: State;
}

export function initialState(data: ClientData): State {
  const pad = Math.max(10, (data.end - data.start) * 0.01);
  const full = { from: data.start - pad, to: data.end + pad };
  return {
    full,
    view: { ...full },
    hiddenLanes: new Set(),
    hiddenTypes: new Set(),
    query: '',
    matches: null,
    matchList: [],
    selected: -1,
    selectedAd: -1,
    rows: [],
    geometry: null,
    drag: null,
    dragged: false,
  };
}

/** Whether the filters let entry i through. */
export const shown = ({ entries: e, state: s }: Context, i: number) =>
  !s.hiddenLanes.has(e.lane(i)) && !s.hiddenTypes.has(e.typeKey(i));

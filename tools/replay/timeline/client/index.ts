// The timeline page's script: page.ts bundles it from here (esbuild) and inlines it in the page. It
// unpacks the data (unpack.ts), draws the picture (picture.ts: only what is in view, entry ticks
// merged per pixel when they crowd), the overview of the whole session, the filters, the search and
// the virtualised table. A plain browser script: no dependencies, no network.
import { controller } from './controller';
import { wireLinks } from './details';
import { wireFilters } from './filters';
import { wireNavigation } from './navigation';
import { renderOverview, wireOverview } from './overview';
import { renderPicture } from './picture';
import { wireSearch } from './search';
import { initialState, type Context } from './state';
import { computeRows, renderRows, wireTable } from './table';
import { wireTooltip } from './tooltip';
import { readData, unpack } from './unpack';

const data = readData();
const ctx: Context = { data, entries: unpack(data), state: initialState(data) };
const { state, entries } = ctx;
const ctl = controller(ctx);
wireNavigation(ctx, ctl);
wireOverview(ctx, ctl);
wireTooltip(ctx);
wireLinks(ctl);
wireTable(ctx, ctl);
wireSearch(ctl);
wireFilters(ctx, ctl);

computeRows(ctx);
renderPicture(ctx);
renderOverview(ctx);
renderRows(ctx);
document.body.dataset.ready = 'true';
/** For scripts and tests: what is shown, and the same moves the controls make. */
Object.assign(window, {
  timeline: {
    view: () => ({ ...state.view }),
    full: () => ({ ...state.full }),
    setView: ctl.setView,
    select: ctl.select,
    rows: () => state.rows.length,
    entry: (i: number) => ({
      seq: entries.seq(i),
      t: entries.t(i),
      lane: entries.laneName(entries.lane(i)),
      type: entries.type(i),
    }),
  },
});

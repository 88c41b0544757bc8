// Moving about the picture: the zoom buttons, the wheel (zoom at the pointer, shift: pan), dragging
// to pan, a click on a mark (its entry), a double click (zoom to an ad or a break), and the keys
// + − 0 ← →.
import { MIN_SPAN, type Actions } from './actions';
import { byId, closest } from './dom';
import { LABEL_W, plotGeometry } from './geometry';
import type { Context } from './state';
import { hideTooltip } from './tooltip';

export function wireNavigation({ state: s }: Context, ctl: Actions) {
  const picture = byId('picture');
  const { full, view } = s;
  /** The view `factor` times as wide, the time t where it was. */
  function zoomAt(t: number, factor: number) {
    const span = Math.min(full.to - full.from, Math.max(MIN_SPAN, (view.to - view.from) * factor));
    const share = (t - view.from) / (view.to - view.from);
    const from = t - share * span;
    ctl.setView(from, from + span);
  }
  const centre = () => (view.from + view.to) / 2;
  /** pixels per ms as the picture was last drawn (it is drawn at the start) */
  const k = () => (s.geometry ?? plotGeometry(view)).k;
  const timeAt = (clientX: number) =>
    view.from + (clientX - picture.getBoundingClientRect().left - LABEL_W) / k();

  byId('zoom-in').addEventListener('click', () => zoomAt(centre(), 0.5));
  byId('zoom-out').addEventListener('click', () => zoomAt(centre(), 2));
  byId('zoom-fit').addEventListener('click', () => ctl.setView(full.from, full.to));

  picture.addEventListener(
    'wheel',
    (ev) => {
      const px = ev.clientX - picture.getBoundingClientRect().left;
      if (px < LABEL_W) return; // over the lane names the page scrolls
      ev.preventDefault();
      const unit = ev.deltaMode === 1 ? 16 : 1;
      const dx = (ev.shiftKey ? ev.deltaY || ev.deltaX : ev.deltaX) * unit;
      const dy = ev.shiftKey ? 0 : ev.deltaY * unit;
      if (Math.abs(dx) > Math.abs(dy)) {
        const shift = dx / k();
        ctl.setView(view.from + shift, view.to + shift);
      } else zoomAt(timeAt(ev.clientX), Math.exp(dy * 0.0015));
    },
    { passive: false },
  );

  picture.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    s.drag = { x: ev.clientX, from: view.from, to: view.to, k: k() };
    s.dragged = false;
  });
  window.addEventListener('pointermove', (ev) => {
    const { drag } = s;
    if (!drag) return;
    const dx = ev.clientX - drag.x;
    if (!s.dragged && Math.abs(dx) < 4) return;
    s.dragged = true;
    picture.classList.add('dragging');
    hideTooltip();
    ctl.setView(drag.from - dx / drag.k, drag.to - dx / drag.k);
  });
  window.addEventListener('pointerup', () => {
    s.drag = null;
    picture.classList.remove('dragging');
  });

  picture.addEventListener('click', (ev) => {
    if (s.dragged) return;
    const el = closest(ev, '[data-index]');
    if (!el) return;
    const ad = el.closest<HTMLElement | SVGElement>('[data-ad]');
    if (ad) ctl.selectAd(Number(ad.dataset.ad));
    else if (Number(el.dataset.index) >= 0) ctl.select(Number(el.dataset.index), { reveal: false });
    else ctl.showMarkerOnly(el.dataset);
  });
  picture.addEventListener('dblclick', (ev) => {
    const el = closest(ev, '[data-zoom]');
    if (el) {
      const [from = 0, to = 0] = (el.dataset.zoom ?? '').split(',').map(Number);
      const margin = Math.max(50, (to - from) * 0.15);
      ctl.setView(from - margin, to + margin);
    } else zoomAt(timeAt(ev.clientX), 0.5);
  });

  document.addEventListener('keydown', (ev) => {
    if (closest(ev, 'input, textarea, select') || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const span = view.to - view.from;
    if (ev.key === '+' || ev.key === '=') zoomAt(centre(), 0.5);
    else if (ev.key === '-') zoomAt(centre(), 2);
    else if (ev.key === '0') ctl.setView(full.from, full.to);
    else if (ev.key === 'ArrowLeft') ctl.setView(view.from - span * 0.2, view.to - span * 0.2);
    else if (ev.key === 'ArrowRight') ctl.setView(view.from + span * 0.2, view.to + span * 0.2);
    else return;
    ev.preventDefault();
  });
  window.addEventListener('resize', ctl.render);
}

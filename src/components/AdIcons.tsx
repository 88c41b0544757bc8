// The industry icons over a linear advert (VAST 4.3 section 3.11), as the state says which are shown
// (sagas/ads/icons.ts), placed clear of the ad layer's controls (iconPlacement.ts); and the fallback
// image an icon's click shows where it has no click-through.
import { css } from '@emotion/react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { ru } from '../i18n/ru';
import { adRequests, type AdIconView } from '../state/ads';
import { keepTabInside } from './focusTrap';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { iconSize, iconWish, placeIcons, type Box } from './iconPlacement';
import { adTextButton } from './styles';

/**
 * Marks what an icon must not cover in the ad layer: its box, or with 'content' its box without the
 * padding above its content (the control bar's gradient, which is no control).
 */
export const ICON_CLEAR = 'data-icon-clear';

/**
 * The page an icon's HTML is written in, beside the player's (public/adHtml.html): the player
 * page's policy would refuse the HTML's own scripts and styles in a srcdoc frame.
 */
export const HTML_PAGE = 'adHtml.html';

/** The frames an icon's page or HTML is drawn in: its scripts run, on an origin of their own. */
export const ICON_SANDBOX = 'allow-scripts allow-popups';

/** The boxes in the ad layer marked ICON_CLEAR, relative to the stage, which covers the layer. */
function measure(stage: HTMLElement) {
  const base = stage.getBoundingClientRect();
  const blocked: Box[] = [];
  const marked = stage.parentElement?.querySelectorAll<HTMLElement>(`[${ICON_CLEAR}]`) ?? [];
  for (const element of marked) {
    const box = element.getBoundingClientRect();
    const above =
      element.getAttribute(ICON_CLEAR) === 'content'
        ? parseFloat(getComputedStyle(element).paddingTop) || 0
        : 0;
    const height = box.height - above;
    if (box.width > 0 && height > 0)
      blocked.push({
        left: box.left - base.left,
        top: box.top - base.top + above,
        width: box.width,
        height,
      });
  }
  return { area: { width: base.width, height: base.height }, blocked };
}

/**
 * Places the icons shown, drawn on `stage` by IconView, where placeIcons finds room for them as the
 * ad layer is laid out now: each made visible at its place, or kept hidden (not seen, not focusable)
 * where there is none. Laid on the elements themselves, as the layout is only known once drawn.
 */
function placeInto(stage: HTMLElement | null, shown: readonly AdIconView[]) {
  if (!stage || shown.length === 0) return;
  const { area, blocked } = measure(stage);
  const boxes = placeIcons(shown.map(iconWish), area, blocked);
  shown.forEach((icon, i) => {
    const element = stage.querySelector<HTMLElement>(`[data-icon-index="${icon.index}"]`);
    const box = boxes[i];
    if (!element) return;
    element.style.visibility = box ? 'visible' : 'hidden';
    if (box) {
      element.style.left = `${box.left}px`;
      element.style.top = `${box.top}px`;
    }
  });
}

/** The icons' own layer, over the whole ad layer: it takes no clicks, its icons do. */
const stageStyle = css`
  position: absolute;
  inset: 0;
  pointer-events: none;
`;

const iconBox = css`
  position: absolute;
  /* until placed (placeInto) */
  visibility: hidden;
  display: flex;
  align-items: center;
  justify-content: center;
  /* an icon's own: a click on it never counts as the advert's click-through beneath */
  pointer-events: auto;
  & > a,
  & > button {
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    margin: 0;
    padding: 0;
    border: 0;
    background: transparent;
    cursor: pointer;
  }
  & > a:focus-visible,
  & > button:focus-visible {
    outline: 2px solid white;
    outline-offset: 1px;
  }
  & img {
    display: block;
  }
  & iframe {
    display: block;
    border: 0;
  }
`;

/** A frame under the icon's own link or button: the player takes the click, as VAST asks. */
const covered = css`
  pointer-events: none;
`;

/** The icon's name for a screen reader: its alt text, or what it is. */
const iconName = (icon: Pick<AdIconView, 'altText'>) => icon.altText ?? ru.adInfo;

/** The icon's one resource: an image, a page in a sandboxed frame, or HTML in one. */
function IconDrawing({ icon }: { icon: AdIconView }) {
  const { width, height } = iconSize(icon);
  const { resource } = icon;
  if (resource.kind === 'static') {
    const title = icon.clickable ? undefined : (icon.hoverText ?? undefined);
    return (
      <img
        src={resource.url}
        alt={iconName(icon)}
        title={title}
        width={width}
        height={height}
        draggable={false}
      />
    );
  }
  const frame = {
    title: iconName(icon),
    width,
    height,
    sandbox: ICON_SANDBOX,
    referrerPolicy: 'no-referrer' as const,
    css: icon.clickable ? covered : undefined,
  };
  return resource.kind === 'iframe' ? (
    <iframe {...frame} src={resource.url} />
  ) : (
    <iframe
      {...frame}
      src={HTML_PAGE}
      onLoad={(event) =>
        event.currentTarget.contentWindow?.postMessage({ html: resource.html }, '*')
      }
    />
  );
}

/** One icon at its place: a link to its click-through, a button, or only its drawing. */
function IconView({ icon }: { icon: AdIconView }) {
  const { width, height } = iconWish(icon);
  const dispatch = usePlayerDispatch();
  const clicked = () => dispatch(adRequests.industryIconClicked({ index: icon.index }));
  const drawing = <IconDrawing icon={icon} />;
  // an image names the control it is in; a frame cannot, so the control is named itself
  const framed = icon.resource.kind !== 'static';
  const named = {
    'aria-label': framed ? iconName(icon) : undefined,
    title: icon.hoverText ?? undefined,
  };
  let control: ReactNode = null;
  if (icon.clickThrough !== null)
    control = (
      <a
        {...named}
        href={icon.clickThrough}
        target="_blank"
        rel="noopener noreferrer"
        onClick={clicked}
      >
        {framed ? null : drawing}
      </a>
    );
  else if (icon.clickable)
    control = (
      <button {...named} type="button" onClick={clicked}>
        {framed ? null : drawing}
      </button>
    );
  return (
    <div
      css={iconBox}
      style={{ width, height }}
      data-testid="ad-icon"
      data-icon-index={icon.index}
      data-program={icon.program ?? undefined}
    >
      {control === null || framed ? drawing : null}
      {control}
    </div>
  );
}

const NO_ICONS: AdIconView[] = [];

/**
 * The advert's icons shown now, on a stage over the ad layer, each at its place clear of what is
 * marked ICON_CLEAR in the layer (placeIcons): placed after each render (the label and the controls
 * change with the advert) and whenever the stage is resized; one with no free place stays hidden.
 */
export function AdIcons() {
  const stage = useRef<HTMLDivElement>(null);
  const icons = usePlayerSelector((s) => s.ads.ad?.icons ?? NO_ICONS);
  const shown = icons.filter((icon) => icon.shown);
  useLayoutEffect(() => placeInto(stage.current, shown));
  useEffect(() => {
    const element = stage.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      placeInto(
        element,
        icons.filter((icon) => icon.shown),
      ),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [icons]);
  if (shown.length === 0) return null;
  return (
    <div ref={stage} css={stageStyle} data-testid="ad-icons">
      {shown.map((icon) => (
        <IconView key={icon.index} icon={icon} />
      ))}
    </div>
  );
}

const fallbackPanel = css`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  padding: 0.5rem;
  box-sizing: border-box;
  background: rgba(0, 0, 0, 0.85);
  pointer-events: auto;
  & > button {
    align-self: flex-end;
  }
  & > img {
    flex: 1 1 auto;
    min-height: 0;
    max-width: 100%;
    width: auto;
    height: auto;
    object-fit: contain;
  }
`;

/**
 * An icon's fallback image over the paused advert, fetched only now that it is asked for (VAST 4.3
 * section 3.11.6): a dialog with 'Закрыть' above the image, never over it, which keeps the keyboard
 * inside and closes with Escape; the focus goes back to the icon.
 */
export function IconFallback() {
  const dispatch = usePlayerDispatch();
  const fallback = usePlayerSelector((s) => s.ads.ad?.iconFallback ?? null);
  const dialog = useRef<HTMLDivElement>(null);
  const open = fallback !== null;
  useEffect(() => {
    if (open && document.hasFocus()) dialog.current?.querySelector('button')?.focus();
  }, [open]);
  if (!fallback) return null;
  const { image, index } = fallback;
  const name = image.altText ?? ru.adInfo;
  const close = () => {
    const icon = `[data-icon-index="${index}"]`;
    const layer = dialog.current?.parentElement;
    layer?.querySelector<HTMLElement>(`${icon} > a, ${icon} > button`)?.focus();
    dispatch(adRequests.iconFallbackClosed());
  };
  return (
    <div
      ref={dialog}
      css={fallbackPanel}
      role="dialog"
      aria-modal="true"
      aria-label={name}
      data-testid="ad-icon-fallback"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        } else if (dialog.current && keepTabInside(dialog.current, e)) e.preventDefault();
      }}
    >
      <button type="button" css={adTextButton} onClick={close}>
        {ru.close}
      </button>
      <img
        src={image.url}
        alt={name}
        width={image.width ?? undefined}
        height={image.height ?? undefined}
      />
    </div>
  );
}

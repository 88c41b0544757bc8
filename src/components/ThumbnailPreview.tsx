import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { selectThumbnails } from '../state/stream';
import { thumbnailAt } from '../stream/thumbnails';
import { formatTime } from '../shared/formatTime';
import { usePlayerSelector } from './hooks';
import { chapterLabel } from './styles';

/** The widest a preview is drawn, in CSS pixels: a larger tile is scaled down to it. */
export const PREVIEW_MAX_WIDTH = 160;
/** The tallest a preview is drawn, in CSS pixels, however much room there is above the bar. */
export const PREVIEW_MAX_HEIGHT = 160;
/**
 * What the preview takes above the bar besides its picture (the gap over the bar, the frame, the
 * time, a margin under the player's top edge), in CSS pixels.
 */
const PREVIEW_CHROME = 48;
/** However short the player, a picture is not drawn smaller than this. */
const PREVIEW_MIN_HEIGHT = 32;
/** A whole-image cue (no tile) is drawn in a 16:9 box this wide. */
const WHOLE_IMAGE = { w: 160, h: 90 };
/** the frame's border, in pixels, each side */
const BORDER = 2;

const preview = css`
  position: absolute;
  bottom: 1.65rem; /* above the slider, whose 24 px target rounds the bar */
  transform: translateX(-50%);
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.2rem;
  pointer-events: none;
  /* over 'Пропустить заставку' and the next-episode card, which a short player puts in its way;
     under the menus */
  z-index: 1;
`;

const frame = css`
  display: block;
  box-sizing: content-box;
  overflow: hidden;
  border: ${BORDER}px solid rgba(255, 255, 255, 0.9);
  border-radius: 0.25rem;
  background: black;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.5);
`;

const picture = css`
  display: block;
  transform-origin: 0 0;
  background-repeat: no-repeat;
`;

/** the hovered chapter's name, over the picture: no wider than it, cut with an ellipsis */
const chapterName = css`
  ${chapterLabel};
  box-sizing: border-box;
`;
/** the room a chapter's name takes over the picture, in CSS pixels */
const CHAPTER_NAME_HEIGHT = 26;

const time = css`
  padding: 0.1rem 0.4rem;
  border-radius: 0.25rem;
  background: rgba(0, 0, 0, 0.85);
  font-size: 0.8rem;
`;

/**
 * Where a preview of this width is centred over the bar: under the pointer, but never past the
 * bar's ends, so that it stays inside the player. A bar narrower than the preview centres it.
 */
export function previewCentre(pointer: number, barWidth: number, previewWidth: number): number {
  const half = previewWidth / 2;
  if (barWidth <= previewWidth) return barWidth / 2;
  return Math.min(barWidth - half, Math.max(half, pointer));
}

/**
 * The picture of the film at the time under the pointer (or the finger), from the stream's
 * thumbnails, with the time under it and the chapter's name over it, one column kept inside the
 * player: a tile of the sprite cropped by its background position.
 * Without a picture for that time, `fallback` (the plain time) shows instead.
 */
export function ThumbnailPreview({
  left,
  width,
  time: at,
  room = Infinity,
  chapter = null,
  fallback,
}: {
  /** the pointer's offset from the bar's left end, in pixels */
  left: number;
  /** the bar's width, in pixels */
  width: number;
  /** the film's time under the pointer, seconds */
  time: number;
  /** the height from the bar's top up to the player's, in pixels: the preview fits in it */
  room?: number;
  /** the name of the chapter under the pointer, shown over the picture; null for none */
  chapter?: string | null;
  fallback: ReactNode;
}) {
  const thumbnails = usePlayerSelector(selectThumbnails);
  const cue = thumbnailAt(thumbnails, at);
  if (!cue) return fallback;
  const tile = cue.tile ?? { x: 0, y: 0, ...WHOLE_IMAGE };
  // a player too short for the name and a picture above the bar shows the picture alone
  const named = chapter && room - PREVIEW_CHROME - CHAPTER_NAME_HEIGHT >= PREVIEW_MIN_HEIGHT;
  const above = PREVIEW_CHROME + (named ? CHAPTER_NAME_HEIGHT : 0);
  const maxHeight = Math.max(PREVIEW_MIN_HEIGHT, Math.min(PREVIEW_MAX_HEIGHT, room - above));
  const scale = Math.min(1, PREVIEW_MAX_WIDTH / tile.w, maxHeight / tile.h);
  const shown = { w: Math.round(tile.w * scale), h: Math.round(tile.h * scale) };
  // spans: the slider grows its div children (the track) under the pointer
  return (
    <span
      css={preview}
      style={{ left: previewCentre(left, width, shown.w + 2 * BORDER) }}
      data-testid="thumbnail-preview"
    >
      {named && (
        <span
          css={chapterName}
          style={{ maxWidth: shown.w + 2 * BORDER }}
          title={chapter}
          data-testid="chapter-name"
        >
          {chapter}
        </span>
      )}
      <span css={frame} style={{ width: shown.w, height: shown.h }}>
        <span
          css={picture}
          data-testid="thumbnail-image"
          style={{
            width: tile.w,
            height: tile.h,
            transform: scale < 1 ? `scale(${scale})` : undefined,
            backgroundImage: `url(${JSON.stringify(cue.image)})`,
            backgroundPosition: cue.tile ? `${-tile.x}px ${-tile.y}px` : 'center',
            backgroundSize: cue.tile ? undefined : 'cover',
          }}
        />
      </span>
      <span css={time} data-testid="hover-time">
        {formatTime(Math.floor(at))}
      </span>
    </span>
  );
}

import { css } from '@emotion/react';
import { memo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useStore } from 'react-redux';
import { ru } from '../i18n/ru';
import type { PlayerState } from '../state';
import { playbackRequests, SEEK_STEP_S } from '../state/playback';
import { selectControlsShown, selectCurrentSecond, selectDurationSecond } from '../state/selectors';
import { ChapterMarks } from './ChapterMarks';
import { selectChapterAt } from '../state/markerSelectors';
import { uiRequests } from '../state/ui';
import { formatTime } from '../shared/formatTime';
import { usePlayerDispatch, usePlayerSelector, useStateInDom } from './hooks';
import { MidrollMark } from './MidrollMark';
import { ThumbnailPreview } from './ThumbnailPreview';
import { selectThumbnails } from '../state/stream';
import { thumbnailAt } from '../stream/thumbnails';

const slider = css`
  position: relative;
  /* a target at least 24 px high (WCAG 2.5.8) round a thin bar */
  height: 1.5rem;
  display: flex;
  align-items: center;
  cursor: pointer;
  touch-action: none;
  &:focus-visible {
    outline: 2px solid white;
    outline-offset: 2px;
  }
  &:hover > div {
    height: 0.4rem;
  }
`;

const track = css`
  position: relative;
  flex: 1;
  height: 0.25rem;
  border-radius: 0.15rem;
  background: rgba(255, 255, 255, 0.25);
  overflow: hidden;
  transition: height 0.1s;
  @media (forced-colors: active) {
    /* forced colours drop backgrounds: the bar keeps its parts, in the system's colours */
    forced-color-adjust: none;
    border: 1px solid CanvasText;
    background: Canvas;
  }
`;

const fill = css`
  position: absolute;
  left: 0;
  top: 0;
  bottom: 0;
`;

const bufferedFill = css`
  ${fill};
  background: rgba(255, 255, 255, 0.4);
  @media (forced-colors: active) {
    background: GrayText;
  }
`;

const playedFill = css`
  ${fill};
  background: #e50914;
  @media (forced-colors: active) {
    background: Highlight;
  }
`;

const tooltip = css`
  position: absolute;
  bottom: 1.65rem; /* above the slider, whose 24 px target rounds the bar */
  transform: translateX(-50%);
  padding: 0.15rem 0.4rem;
  border-radius: 0.25rem;
  background: rgba(0, 0, 0, 0.85);
  font-size: 0.8rem;
  pointer-events: none;
`;

/** A drag reports itself to the hide timer at most this often. */
const TOUCH_REPORT_MS = 100;

const percentOf = (value: number, duration: number) =>
  `${duration > 0 ? Math.min(100, (value / duration) * 100) : 0}%`;
const selectPlayedWidth = (s: PlayerState) =>
  percentOf(selectCurrentSecond(s), selectDurationSecond(s));
const selectBufferedWidth = (s: PlayerState) =>
  percentOf(Math.floor(s.media.bufferedEnd), selectDurationSecond(s));
const selectValueText = (s: PlayerState) => {
  const time = ru.timeOf(formatTime(selectCurrentSecond(s)), formatTime(selectDurationSecond(s)));
  const chapter = selectChapterAt(s, s.media.currentTime);
  return chapter ? ru.timeInChapter(time, chapter.title) : time;
};

/**
 * The progress bar as a slider: played and buffered parts, the time under the pointer, a click or
 * tap seeks there, arrows step 10 s. What moves every second is written straight into the DOM
 * (an inline width; a class per position would add a style rule each second) so the React tree does
 * not commit every second. Nothing is written while the control bar is hidden: it catches up as it
 * shows.
 */
export const ProgressSlider = memo(function ProgressSlider() {
  const dispatch = usePlayerDispatch();
  const store = useStore<PlayerState>();
  const root = useRef<HTMLDivElement>(null);
  const played = useRef<HTMLDivElement>(null);
  const buffered = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{
    left: number;
    width: number;
    time: number;
    room: number;
  } | null>(null);
  const previewShown = usePlayerSelector(
    (s) => hover !== null && thumbnailAt(selectThumbnails(s), hover.time) !== null,
  );
  const chapterTitle = usePlayerSelector((s) =>
    hover ? (selectChapterAt(s, hover.time)?.title ?? null) : null,
  );
  // a finger is on the bar (told to the ui actor once as it goes down, once as it lifts)
  const scrubbing = useRef(false);
  const endScrub = () => {
    if (!scrubbing.current) return;
    scrubbing.current = false;
    dispatch(uiRequests.scrubEnded());
  };
  // a touch seeks where the finger is lifted (a drag has no click); its click is not a second seek
  const seekedByTouch = useRef(false);
  const lastTouchMove = useRef(-Infinity);
  useStateInDom(
    selectPlayedWidth,
    (v) => played.current?.style.setProperty('width', v),
    selectControlsShown,
  );
  useStateInDom(
    selectBufferedWidth,
    (v) => buffered.current?.style.setProperty('width', v),
    selectControlsShown,
  );
  const attribute = (name: string) => (v: string | number) =>
    root.current?.setAttribute(name, String(v));
  useStateInDom(selectCurrentSecond, attribute('aria-valuenow'), selectControlsShown);
  useStateInDom(selectDurationSecond, attribute('aria-valuemax'), selectControlsShown);
  useStateInDom(selectValueText, attribute('aria-valuetext'), selectControlsShown);

  const timeAt = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (e.clientX - box.left) / box.width));
    // the player's top: the preview above the bar is no taller than the room up to it
    const player = e.currentTarget.closest('[data-idle]')?.getBoundingClientRect();
    return {
      left: fraction * box.width,
      width: box.width,
      time: fraction * store.getState().media.duration,
      room: box.top - (player?.top ?? 0),
    };
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = {
      ArrowLeft: -SEEK_STEP_S,
      ArrowDown: -SEEK_STEP_S,
      ArrowRight: SEEK_STEP_S,
      ArrowUp: SEEK_STEP_S,
    }[e.key];
    if (step !== undefined) dispatch(playbackRequests.seekByRequested({ seconds: step }));
    else if (e.key === 'Home') dispatch(playbackRequests.seekRequested({ time: 0 }));
    else if (e.key === 'End')
      dispatch(playbackRequests.seekRequested({ time: store.getState().media.duration }));
    else return;
    e.preventDefault();
    e.stopPropagation(); // the player's own keys do not act on it twice
  };
  return (
    <div
      ref={root}
      css={slider}
      role="slider"
      tabIndex={0}
      aria-label={ru.progress}
      aria-valuemin={0}
      aria-keyshortcuts="Home End 0 1 2 3 4 5 6 7 8 9"
      data-testid="progress"
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        seekedByTouch.current = false;
        if (e.pointerType === 'mouse') return;
        setHover(timeAt(e));
        if (!scrubbing.current) dispatch(uiRequests.scrubStarted());
        scrubbing.current = true;
      }}
      onPointerMove={(e) => {
        setHover(timeAt(e));
        // a finger dragging along the bar keeps the controls up, as a moving mouse does
        if (e.pointerType === 'mouse' || e.timeStamp - lastTouchMove.current < TOUCH_REPORT_MS)
          return;
        lastTouchMove.current = e.timeStamp;
        dispatch(uiRequests.pointerMoved());
      }}
      onPointerUp={(e) => {
        if (e.pointerType === 'mouse') return;
        seekedByTouch.current = true;
        dispatch(playbackRequests.seekRequested({ time: timeAt(e).time }));
        endScrub();
      }}
      onPointerCancel={endScrub}
      onLostPointerCapture={endScrub}
      onPointerLeave={() => setHover(null)}
      onClick={(e) => {
        if (seekedByTouch.current) seekedByTouch.current = false;
        else dispatch(playbackRequests.seekRequested({ time: timeAt(e).time }));
      }}
    >
      <div css={track}>
        <div css={bufferedFill} ref={buffered} />
        <div css={playedFill} ref={played} data-testid="played" />
      </div>
      {/* over a preview, the chapter's name is the preview's own: one column, never over the picture */}
      <ChapterMarks hover={previewShown ? null : hover} />
      <MidrollMark />
      {hover && (
        <ThumbnailPreview
          {...hover}
          chapter={chapterTitle}
          fallback={
            <span css={tooltip} style={{ left: hover.left }} data-testid="hover-time">
              {formatTime(Math.floor(hover.time))}
            </span>
          }
        />
      )}
    </div>
  );
});

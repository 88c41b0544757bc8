import { css } from '@emotion/react';
import { memo, useCallback, useRef } from 'react';
import type { PlayerState } from '../state';
import { selectCurrentSecond, selectDurationSecond } from '../state/selectors';
import { formatTime } from './formatTime';
import { useStateInDom } from './hooks';

const played = css`
  height: 100%;
  background: #e50914;
`;

const track = css`
  flex: 1;
  height: 0.3rem;
  border-radius: 0.15rem;
  background: rgba(255, 255, 255, 0.3);
  overflow: hidden;
`;

const selectPlayedWidth = (s: PlayerState) => {
  const duration = selectDurationSecond(s);
  return `${duration > 0 ? Math.min(100, (selectCurrentSecond(s) / duration) * 100) : 0}%`;
};

const selectTimeText = (s: PlayerState) =>
  `${formatTime(selectCurrentSecond(s))} / ${formatTime(selectDurationSecond(s))}`;

/**
 * The progress bar and the time: the part of the controls that changes every second of playback,
 * written straight into the DOM (an inline width: a class per position would add a style rule each
 * second) so the React tree does not commit every second.
 */
export const PlaybackProgress = memo(function PlaybackProgress() {
  const bar = useRef<HTMLDivElement>(null);
  const time = useRef<HTMLSpanElement>(null);
  useStateInDom(
    selectPlayedWidth,
    useCallback((width: string) => bar.current?.style.setProperty('width', width), []),
  );
  useStateInDom(
    selectTimeText,
    useCallback((text: string) => {
      if (time.current) time.current.textContent = text;
    }, []),
  );
  return (
    <>
      <div css={track} role="presentation">
        <div css={played} ref={bar} data-testid="played" />
      </div>
      <span data-testid="time" ref={time} />
    </>
  );
});

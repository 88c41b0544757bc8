import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { playbackRequests } from '../state/playback';
import { selectCurrentSecond, selectDurationSecond } from '../state/selectors';
import { formatTime } from './formatTime';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { bottomBar, iconButton } from './styles';

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

/** Play/pause, progress and time. */
export function ControlBar() {
  const dispatch = usePlayerDispatch();
  const paused = usePlayerSelector((s) => s.media.paused);
  const current = usePlayerSelector(selectCurrentSecond);
  const duration = usePlayerSelector(selectDurationSecond);
  const progress = duration > 0 ? Math.min(100, (current / duration) * 100) : 0;
  return (
    <div css={bottomBar} data-testid="control-bar">
      <button
        type="button"
        css={iconButton}
        aria-label={paused ? ru.play : ru.pause}
        onClick={() =>
          dispatch(paused ? playbackRequests.playRequested() : playbackRequests.pauseRequested())
        }
      >
        {paused ? '▶' : '❚❚'}
      </button>
      <div css={track} role="presentation">
        {/* an inline width: a class per position would add a style rule every second */}
        <div css={played} style={{ width: `${progress}%` }} />
      </div>
      <span data-testid="time">
        {formatTime(current)} / {formatTime(duration)}
      </span>
    </div>
  );
}

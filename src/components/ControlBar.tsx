import { ru } from '../i18n/ru';
import { playbackRequests } from '../state/playback';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { PlaybackProgress } from './PlaybackProgress';
import { bottomBar, iconButton } from './styles';

/** Play/pause, progress and time. */
export function ControlBar() {
  const dispatch = usePlayerDispatch();
  const paused = usePlayerSelector((s) => s.media.paused);
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
      <PlaybackProgress />
    </div>
  );
}

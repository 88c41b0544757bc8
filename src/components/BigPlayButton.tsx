import { ru } from '../i18n/ru';
import { playbackRequests } from '../state/playback';
import { uiRequests } from '../state/ui';
import { usePlayerDispatch, usePlayerSelector } from './hooks';
import { bigPlayButton } from './styles';

/** Shown until playback first starts (or when autoplay was refused), except under the continue prompt. */
export function BigPlayButton() {
  const dispatch = usePlayerDispatch();
  const started = usePlayerSelector((s) => s.media.started);
  const asking = usePlayerSelector((s) => s.resume.promptVisible); // the continue prompt has its own buttons
  if (started || asking) return null;
  return (
    <button
      type="button"
      css={bigPlayButton}
      aria-label={ru.play}
      onClick={() => {
        dispatch(uiRequests.iconClicked({ icon: 'play' }));
        dispatch(playbackRequests.playRequested());
      }}
    >
      ▶
    </button>
  );
}

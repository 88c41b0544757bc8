import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { playbackRequests } from '../state/playback';
import { usePlayerDispatch, usePlayerSelector } from './hooks';

const style = css`
  position: absolute;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: 5rem;
  height: 5rem;
  border: 0;
  border-radius: 50%;
  background: rgba(229, 9, 20, 0.9);
  color: white;
  font-size: 2rem;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid white;
    outline-offset: 3px;
  }
`;

/** Shown until playback first starts (or when autoplay was refused), except under the continue prompt. */
export function BigPlayButton() {
  const dispatch = usePlayerDispatch();
  const started = usePlayerSelector((s) => s.media.started);
  const asking = usePlayerSelector((s) => s.resume.promptVisible); // the continue prompt has its own buttons
  if (started || asking) return null;
  return (
    <button
      type="button"
      css={style}
      aria-label={ru.play}
      onClick={() => dispatch(playbackRequests.playRequested())}
    >
      ▶
    </button>
  );
}

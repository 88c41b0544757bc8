import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { selectIntroSkipTarget, selectNextUpCountdown } from '../state/markerSelectors';
import type { PlayerState } from '../state';
import { playbackRequests } from '../state/playback';
import { usePlayerDispatch, usePositionSelector } from './hooks';

const button = css`
  position: absolute;
  right: 1rem;
  bottom: 5rem;
  padding: 0.6rem 1.1rem;
  border: 1px solid rgba(255, 255, 255, 0.7);
  border-radius: 0.4rem;
  background: rgba(20, 20, 20, 0.8);
  color: white;
  font: inherit;
  font-size: 1rem;
  cursor: pointer;
  &:hover {
    background: rgba(60, 60, 60, 0.9);
  }
  &:focus-visible {
    outline: 2px solid white;
    outline-offset: 2px;
  }
`;

/**
 * The corner is taken: by the next-episode card while it shows, or by an open menu, which stands
 * over it (the menus' translucent background would show the button through their items).
 */
const selectCornerTaken = (s: PlayerState) =>
  s.ui.menu !== null || s.ui.nextPreview || selectNextUpCountdown(s) !== null;

/** 'Пропустить заставку' during the intro of the master JSON's markers: a seek to the intro's end. */
export function SkipIntroButton({ onFocusPlayer }: { onFocusPlayer: () => void }) {
  const dispatch = usePlayerDispatch();
  const target = usePositionSelector(selectIntroSkipTarget);
  const cornerTaken = usePositionSelector(selectCornerTaken);
  if (target === null || cornerTaken) return null;
  return (
    <button
      type="button"
      css={button}
      data-testid="skip-intro"
      onClick={() => {
        dispatch(playbackRequests.seekRequested({ time: target }));
        // the button goes once the intro is over: the keys stay with the player
        onFocusPlayer();
      }}
    >
      {ru.skipIntro}
    </button>
  );
}

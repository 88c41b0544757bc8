import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { contentActions } from '../state/content';
import { selectNextUpCountdown } from '../state/markerSelectors';
import { nextUpRequests } from '../state/nextUp';
import { selectNextEpisode } from '../state/selectors';
import { uiRequests } from '../state/ui';
import { usePlayerDispatch, usePlayerSelector, usePositionSelector } from './hooks';
import { NextIcon } from './icons';
import { iconButton } from './styles';

const card = css`
  position: absolute;
  right: 1rem;
  bottom: 5rem;
  width: 16rem;
  max-width: calc(100% - 2rem);
  overflow: hidden;
  border-radius: 0.5rem;
  background: rgba(20, 20, 20, 0.95);
  color: white;
  pointer-events: none;
  img {
    display: block;
    width: 100%;
    aspect-ratio: 16 / 9;
    object-fit: cover;
  }
  /* a player as low as a phone's across the page: the picture would push the card out of it */
  @media (max-height: 20rem) {
    img {
      display: none;
    }
  }
  div {
    padding: 0.5rem 0.75rem;
  }
  small {
    display: block;
    opacity: 0.7;
    font-size: 0.8rem;
  }
  button {
    pointer-events: auto;
    margin-top: 0.5rem;
    padding: 0.35rem 0.9rem;
    border: 0;
    border-radius: 0.3rem;
    background: rgba(255, 255, 255, 0.15);
    color: white;
    font: inherit;
    font-size: 0.9rem;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid white;
  }
`;

/** The next button of a series: hovering or focusing it shows the next-episode card. */
export function NextEpisodeButton() {
  const dispatch = usePlayerDispatch();
  const next = usePlayerSelector(selectNextEpisode);
  if (!next) return null;
  const preview = (on: boolean) => () => dispatch(uiRequests.nextPreviewed({ on }));
  return (
    <button
      type="button"
      css={iconButton}
      aria-label={ru.nextEpisode}
      onPointerEnter={preview(true)}
      onPointerLeave={preview(false)}
      onFocus={preview(true)}
      onBlur={preview(false)}
      onClick={() => {
        dispatch(uiRequests.iconClicked({ icon: 'next_episode' }));
        dispatch(contentActions.episodeRequested({ episodeId: next.id }));
      }}
    >
      <NextIcon />
    </button>
  );
}

/**
 * SPEC.md section 2: 'Следующий эпизод', 'Эпизод N', on hovering next and at the end of an episode;
 * during the credits of the master JSON's markers, 'Следующий эпизод через N' with 'Отмена'.
 */
export function NextEpisodeCard({ onFocusPlayer }: { onFocusPlayer: () => void }) {
  const dispatch = usePlayerDispatch();
  const next = usePlayerSelector(selectNextEpisode);
  const shown = usePlayerSelector((s) => s.ui.nextPreview || s.media.ended);
  const countdown = usePositionSelector(selectNextUpCountdown);
  const poster = usePlayerSelector((s) => s.content.content?.posterUrl ?? '');
  if (!next || (!shown && countdown === null)) return null;
  const counting = countdown !== null && countdown > 0;
  return (
    // not a live region: its count changes every second, and would be read out each time (the
    // status region says 'Скоро следующий эпизод' once)
    <div css={card} data-testid="next-episode-card">
      {(next.posterPath ?? poster) && <img src={next.posterPath ?? poster} alt="" />}
      <div>
        <small data-testid="next-episode-heading">
          {counting ? ru.nextEpisodeIn(countdown) : ru.nextEpisode}
        </small>
        <strong>{ru.episode(next.order)}</strong>
        {next.title && <small>{next.title}</small>}
        {counting && (
          <button
            type="button"
            aria-label={ru.cancelNextEpisode}
            onClick={() => {
              dispatch(nextUpRequests.countdownCancelled());
              // the button goes with the card: the keys stay with the player
              onFocusPlayer();
            }}
          >
            {ru.cancel}
          </button>
        )}
      </div>
    </div>
  );
}

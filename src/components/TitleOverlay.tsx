import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { selectContent, selectControlsHidden, selectCurrentEpisode } from '../state/selectors';
import { usePlayerSelector } from './hooks';

const overlay = css`
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
  padding: 1rem 1.25rem 2.5rem;
  background: linear-gradient(rgba(0, 0, 0, 0.7), transparent);
  color: white;
  pointer-events: none;
  transition: opacity 0.2s;
  &[data-hidden='true'] {
    opacity: 0;
  }
  h1 {
    margin: 0;
    font-size: 1.25rem;
    font-weight: 600;
  }
  p {
    margin: 0.25rem 0 0;
    font-size: 0.95rem;
    opacity: 0.85;
  }
`;

/** The content title; for series also the season, the episode and its title. */
export function TitleOverlay() {
  const content = usePlayerSelector(selectContent);
  const episode = usePlayerSelector(selectCurrentEpisode);
  const hidden = usePlayerSelector(selectControlsHidden);
  if (!content) return null;
  return (
    <div css={overlay} data-testid="title-overlay" data-hidden={hidden}>
      <h1 elementtiming="title">{content.title}</h1>
      {content.hasMultipleEpisodes && episode && (
        <p>
          {ru.seasonEpisode(episode.season.order, episode.order)}
          {episode.title ? ` · ${episode.title}` : ''}
        </p>
      )}
    </div>
  );
}

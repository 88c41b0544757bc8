import { css } from '@emotion/react';
import { useState } from 'react';
import { selectCurrentEpisode } from '../state/selectors';
import { usePlayerSelector } from './hooks';

/** SPEC.md section 2: the poster's fallback asset (inline: it must show when the network fails). */
export const POSTER_FALLBACK = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720"><rect width="1280" height="720" fill="#141414"/><circle cx="640" cy="360" r="90" fill="none" stroke="#3a3a3a" stroke-width="12"/><path d="M610 310v100l85-50z" fill="#3a3a3a"/></svg>',
)}`;

const poster = css`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
  pointer-events: none;
`;

/** The episode's (or the content's) poster until playback first starts. */
export function Poster() {
  const episode = usePlayerSelector(selectCurrentEpisode);
  const contentPoster = usePlayerSelector((s) => s.content.content?.posterUrl ?? null);
  const started = usePlayerSelector((s) => s.media.started);
  const src = episode?.posterPath ?? contentPoster ?? POSTER_FALLBACK;
  const [failed, setFailed] = useState<string | null>(null);
  if (started) return null;
  return (
    <img
      css={poster}
      src={failed === src ? POSTER_FALLBACK : src}
      alt=""
      data-testid="poster"
      onError={() => setFailed(src)}
    />
  );
}

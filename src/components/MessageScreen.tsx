import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import type { BootFailure } from '../state/system';

const screen = css`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 1rem;
  padding: 2rem;
  background: #111;
  color: #eee;
  text-align: center;
  font-size: 1.1rem;
  line-height: 1.5;
`;

const button = css`
  padding: 0.6rem 1.4rem;
  border: 0;
  border-radius: 0.4rem;
  background: #e50914;
  color: white;
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid white;
    outline-offset: 2px;
  }
`;

export function failureMessage(failure: BootFailure): string {
  switch (failure.reason) {
    case 'missing-movie-id':
      return ru.missingMovieId;
    case 'not-found':
      return ru.notFound;
    case 'blocked':
      return ru.blocked;
    case 'no-episodes':
      return ru.noEpisodes;
    case 'master-load-failed':
      return ru.masterLoadFailed(failure.address ?? '');
    case 'unexpected':
      return ru.unexpected(failure.errorId ?? '');
  }
}

/** A full-screen message instead of the player; the unexpected error offers a reload. */
export function MessageScreen({
  failure,
  onReload,
}: {
  failure: BootFailure;
  onReload: () => void;
}) {
  return (
    <div css={screen} role="alert">
      <p>{failureMessage(failure)}</p>
      {failure.reason === 'unexpected' && (
        <button type="button" css={button} onClick={onReload}>
          {ru.reload}
        </button>
      )}
    </div>
  );
}

export function LoadingScreen() {
  return (
    <div css={screen} aria-busy="true">
      {ru.loading}
    </div>
  );
}

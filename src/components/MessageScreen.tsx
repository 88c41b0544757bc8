import { ru } from '../i18n/ru';
import type { BootFailure } from '../state/system';
import { usePlayerSelector } from './hooks';
import { PlaceholderPanel } from './PlaceholderPanel';

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

/** A message instead of the player, in the placeholder panel; the unexpected error offers a reload. */
export function MessageScreen({
  failure,
  onReload,
}: {
  failure: BootFailure;
  onReload: () => void;
}) {
  const poster = usePlayerSelector((s) => s.content.content?.posterUrl);
  return (
    <PlaceholderPanel
      role="alert"
      title={failureMessage(failure)}
      image={poster || undefined}
      action={failure.reason === 'unexpected' ? { label: ru.reload, onClick: onReload } : undefined}
    />
  );
}

export function LoadingScreen() {
  return <PlaceholderPanel title={ru.loading} busy />;
}

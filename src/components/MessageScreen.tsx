import { ru } from '../i18n/ru';
import type { BootFailure } from '../state/system';
import { usePlayerSelector } from './hooks';
import { PlaceholderPanel } from './PlaceholderPanel';

/** The failures that are faults: the viewer gets their id and a reload. */
const withErrorId = (failure: BootFailure) =>
  failure.reason === 'unexpected' || failure.reason === 'actor-stopped';

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
      return failure.protection
        ? ru.protection[failure.protection](failure.errorId ?? '')
        : ru.unexpected(failure.errorId ?? '');
    case 'actor-stopped':
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
      action={withErrorId(failure) ? { label: ru.reload, onClick: onReload } : undefined}
    />
  );
}

export function LoadingScreen() {
  return <PlaceholderPanel title={ru.loading} busy />;
}

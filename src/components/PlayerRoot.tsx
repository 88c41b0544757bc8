import { css } from '@emotion/react';
import { AdLayer } from './AdLayer';
import { BigPlayButton } from './BigPlayButton';
import { ContinuePrompt } from './ContinuePrompt';
import { ControlBar } from './ControlBar';
import { usePlayerSelector } from './hooks';
import { LoadingScreen, MessageScreen } from './MessageScreen';
import { TitleOverlay } from './TitleOverlay';

const layer = css`
  position: absolute;
  inset: 0;
  font-family:
    system-ui,
    -apple-system,
    'Segoe UI',
    Roboto,
    sans-serif;
`;

/** The presentational root: renders the state over the video element; no timers, no I/O. */
export function PlayerRoot({ onReload }: { onReload: () => void }) {
  const boot = usePlayerSelector((s) => s.system.boot);
  const failure = usePlayerSelector((s) => s.system.failure);
  const inBreak = usePlayerSelector((s) => s.ads.activeBreak !== null);
  return (
    <div css={layer}>
      {failure ? (
        <MessageScreen failure={failure} onReload={onReload} />
      ) : boot === 'loading' ? (
        <LoadingScreen />
      ) : inBreak ? (
        <AdLayer />
      ) : (
        <>
          <TitleOverlay />
          <BigPlayButton />
          <ControlBar />
          <ContinuePrompt />
        </>
      )}
    </div>
  );
}

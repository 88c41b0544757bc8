import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { selectRetryingLoads, selectWaitingForNetwork } from '../state/streamHealth';
import { usePlayerSelector } from './hooks';

/** Under the spinner, while the viewer's connection is gone or the stream's loads keep failing. */
const connectionLine = css`
  position: absolute;
  top: calc(50% + 2.75rem);
  left: 50%;
  transform: translateX(-50%);
  width: max-content;
  max-width: calc(100% - 2rem);
  margin: 0;
  padding: 0.4rem 0.8rem;
  border-radius: 0.4rem;
  background: rgba(0, 0, 0, 0.65);
  text-align: center;
  color: white;
  font-size: 1rem;
  line-height: 1.4;
  pointer-events: none;
`;

/**
 * While the video waits for data after it started; with a line saying so when the viewer's
 * connection is gone, or when the stream's loads keep failing and are being tried again (the film
 * goes on by itself in both).
 */
export function BufferingIndicator() {
  const buffering = usePlayerSelector(
    (s) => s.media.started && s.media.buffering && !s.media.paused,
  );
  const offline = usePlayerSelector(selectWaitingForNetwork);
  const retrying = usePlayerSelector(selectRetryingLoads);
  if (!buffering) return null;
  return (
    <>
      {/* not live regions: the status region says that the connection is gone, and when it is back */}
      {/* public/player.css: the same spinner as the page's own before the first frame */}
      <div className="spinner" role="img" aria-label={ru.buffering} data-testid="buffering" />
      {offline && (
        <p css={connectionLine} data-testid="connection-lost">
          {ru.noConnection}
        </p>
      )}
      {retrying && (
        <p css={connectionLine} data-testid="load-trouble">
          {ru.loadTrouble}
        </p>
      )}
    </>
  );
}

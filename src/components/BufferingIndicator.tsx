import { css, keyframes } from '@emotion/react';
import { ru } from '../i18n/ru';
import { usePlayerSelector } from './hooks';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const spinner = css`
  position: absolute;
  top: 50%;
  left: 50%;
  width: 3.5rem;
  height: 3.5rem;
  margin: -1.75rem 0 0 -1.75rem;
  border: 0.3rem solid rgba(255, 255, 255, 0.25);
  border-top-color: white;
  border-radius: 50%;
  animation: ${spin} 0.9s linear infinite;
  pointer-events: none;
`;

/** While the video waits for data after it started. */
export function BufferingIndicator() {
  const buffering = usePlayerSelector(
    (s) => s.media.started && s.media.buffering && !s.media.paused,
  );
  if (!buffering) return null;
  return <div css={spinner} role="status" aria-label={ru.buffering} data-testid="buffering" />;
}

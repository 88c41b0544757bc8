import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { selectMidrollCountdown } from '../state/nextMidroll';
import { usePlayerSelector, usePositionSelector } from './hooks';

/* on the left: the right corner above the bar is the skip-intro button's and the next-episode card's */
const label = css`
  position: absolute;
  left: 1rem;
  bottom: 5.5rem;
  padding: 0.2rem 0.6rem;
  border-radius: 0.25rem;
  background: rgba(0, 0, 0, 0.6);
  color: rgba(255, 255, 255, 0.85);
  font-size: 0.8rem;
  pointer-events: none;
  /* on a phone the episode controls take a row of their own above the bar: clear of it */
  &[data-wide='false'] {
    bottom: 7.5rem;
  }
`;

/** 'Реклама через N' in the last seconds before a mid-roll; the break's own counter follows. */
export function MidrollCountdown() {
  const seconds = usePositionSelector(selectMidrollCountdown);
  const wide = usePlayerSelector((s) => s.viewport.wide);
  if (seconds === null) return null;
  return (
    <div css={label} data-wide={wide} data-testid="midroll-countdown">
      {ru.adIn(seconds)}
    </div>
  );
}

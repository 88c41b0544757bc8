import { css } from '@emotion/react';
import { ru } from '../i18n/ru';
import { selectMidrollCountdown } from '../state/nextMidroll';
import { usePositionSelector } from './hooks';

const label = css`
  position: absolute;
  right: 1rem;
  bottom: 5.5rem;
  padding: 0.2rem 0.6rem;
  border-radius: 0.25rem;
  background: rgba(0, 0, 0, 0.6);
  color: rgba(255, 255, 255, 0.85);
  font-size: 0.8rem;
  pointer-events: none;
`;

/** 'Реклама через N' in the last seconds before a mid-roll; the break's own counter follows. */
export function MidrollCountdown() {
  const seconds = usePositionSelector(selectMidrollCountdown);
  if (seconds === null) return null;
  return (
    <div css={label} data-testid="midroll-countdown">
      {ru.adIn(seconds)}
    </div>
  );
}

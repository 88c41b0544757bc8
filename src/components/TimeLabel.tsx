import { memo, useRef } from 'react';
import type { PlayerState } from '../state';
import { selectControlsShown, selectCurrentSecond, selectDurationSecond } from '../state/selectors';
import { formatTime } from '../shared/formatTime';
import { useStateInDom } from './hooks';

const selectTimeText = (s: PlayerState) =>
  `${formatTime(selectCurrentSecond(s))} / ${formatTime(selectDurationSecond(s))}`;

/**
 * Current time / duration, written straight into the DOM each second (no React commit), while the
 * control bar shows.
 */
export const TimeLabel = memo(function TimeLabel() {
  const time = useRef<HTMLSpanElement>(null);
  useStateInDom(
    selectTimeText,
    (text) => {
      if (time.current) time.current.textContent = text;
    },
    selectControlsShown,
  );
  return <span data-testid="time" ref={time} style={{ whiteSpace: 'nowrap' }} />;
});

import { useEffect, useState } from 'react';
import { ru } from '../i18n/ru';
import type { PlayerState } from '../state';
import { selectNextUpCountdown } from '../state/markerSelectors';
import { selectNextEpisode } from '../state/selectors';
import { usePlayerSelector, usePositionSelector } from './hooks';
import { visuallyHidden } from './styles';

/** A slider has the focus: it says its own value as it moves, the region keeps quiet over it. */
function useSliderFocused() {
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const update = () =>
      setFocused(document.activeElement?.closest('[role="slider"], input[type="range"]') != null);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);
  return focused;
}

const selectCounting = (s: PlayerState) => (selectNextUpCountdown(s) ?? 0) > 0;
const selectNextName = (s: PlayerState) => {
  const next = selectNextEpisode(s);
  return next ? ru.episode(next.order) : null;
};

/**
 * The player's one status region (polite, not shown): what the announcer says changed, and as the
 * credits' countdown starts, 'Скоро следующий эпизод: …' (once: the count itself is not read).
 * Words that came while a slider had the focus are not said after it leaves.
 */
export function StatusRegion() {
  const announcement = usePlayerSelector((s) => s.ui.announcement);
  const counting = usePositionSelector(selectCounting);
  const nextName = usePlayerSelector(selectNextName);
  const sliderFocused = useSliderFocused();
  const seq = announcement?.seq ?? 0;
  // state adjusted while rendering (React's own pattern): the last words that came over a slider,
  // and the announcement the countdown's words came after (they stand until the next one)
  const [quietUpTo, setQuietUpTo] = useState(0);
  if (sliderFocused && seq > quietUpTo) setQuietUpTo(seq);
  const [countdownAfter, setCountdownAfter] = useState<number | null>(null);
  if (counting && countdownAfter === null) setCountdownAfter(seq);
  if (!counting && countdownAfter !== null) setCountdownAfter(null);
  const text =
    counting && countdownAfter === seq && nextName
      ? ru.nextEpisodeSoon(nextName)
      : announcement && !sliderFocused && seq > quietUpTo
        ? announcement.text
        : '';
  return (
    <div css={visuallyHidden} role="status" aria-live="polite" data-testid="status">
      {text}
    </div>
  );
}

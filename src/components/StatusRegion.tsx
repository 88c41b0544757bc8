import { useEffect, useState } from 'react';
import { usePlayerSelector } from './hooks';
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

/**
 * The player's status region (polite, not shown): what the announcer says changed. Words that came
 * while a slider had the focus are not said after it leaves.
 */
export function StatusRegion() {
  const announcement = usePlayerSelector((s) => s.ui.announcement);
  const sliderFocused = useSliderFocused();
  // the last words that came over a slider (state adjusted while rendering: React's own pattern)
  const [quietUpTo, setQuietUpTo] = useState(0);
  if (sliderFocused && announcement && announcement.seq > quietUpTo) setQuietUpTo(announcement.seq);
  const text =
    announcement && !sliderFocused && announcement.seq > quietUpTo ? announcement.text : '';
  return (
    <div css={visuallyHidden} role="status" aria-live="polite" data-testid="status">
      {text}
    </div>
  );
}

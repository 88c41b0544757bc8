import { useEffect, type RefObject } from 'react';
import { CONTROL_BAR_HEIGHT } from './CueStyle';

/** Keeps the control bar's height in a CSS variable of the page, for what must stay clear of it. */
export function useControlBarHeight(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty(CONTROL_BAR_HEIGHT, `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(CONTROL_BAR_HEIGHT);
    };
  }, [bar]);
}

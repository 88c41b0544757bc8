import { css, Global } from '@emotion/react';

/**
 * What the viewer's system asks of the whole interface: less motion (nothing slides, fades or
 * spins; the spinner stands still), and, in forced colours, a focus ring in the system's colour on
 * every control, since most of the player marks focus with a background that forced colours drop.
 */
const preferences = css`
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after,
    #video::-webkit-media-text-track-container {
      animation-duration: 0s !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0s !important;
      scroll-behavior: auto !important;
    }
  }
  @media (forced-colors: active) {
    :focus-visible {
      outline: 2px solid Highlight !important;
      outline-offset: 1px;
    }
  }
`;

export function SystemPreferences() {
  return <Global styles={preferences} />;
}

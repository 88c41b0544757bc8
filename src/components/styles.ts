import { css } from '@emotion/react';

// Styles shared by the content controls and the ad layer, so both look like one player.

/** A round icon button of a control bar. */
export const iconButton = css`
  width: 2.5rem;
  height: 2.5rem;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: white;
  font-size: 1.25rem;
  cursor: pointer;
  &:hover {
    background: rgba(255, 255, 255, 0.15);
  }
  &:focus-visible {
    outline: 2px solid white;
  }
`;

/** A button with words over an advert: the skip button, an icon's fallback image's close. */
export const adTextButton = css`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.6rem 1rem;
  border: 1px solid rgba(255, 255, 255, 0.6);
  border-radius: 0.25rem;
  background: rgba(0, 0, 0, 0.7);
  color: white;
  font: inherit;
  font-size: 0.95rem;
  cursor: pointer;
  &:disabled {
    cursor: default;
    opacity: 0.75;
  }
  &:focus-visible {
    outline: 2px solid white;
  }
`;

/** A volume slider: the player's red, and a target at least 24 px high (WCAG 2.5.8). */
export const rangeInput = css`
  height: 1.5rem;
  margin: 0;
  accent-color: #e50914;
  cursor: pointer;
`;

/** The big play button in the middle of the player. */
export const bigPlayButton = css`
  position: absolute;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: 5rem;
  height: 5rem;
  border: 0;
  border-radius: 50%;
  background: rgba(229, 9, 20, 0.9);
  color: white;
  font-size: 2rem;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid white;
    outline-offset: 3px;
  }
`;

/** The bar of controls along the player's bottom edge, over a gradient. */
export const bottomBar = css`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 2rem 1rem 0.75rem;
  background: linear-gradient(transparent, rgba(0, 0, 0, 0.75));
  color: white;
  font-variant-numeric: tabular-nums;
  @media (forced-colors: active) {
    /* the gradient is dropped: a ground of the system's, so that no picture hides the controls */
    background: Canvas;
  }
`;

/** A menu's panel, above the controls bar at the right. */
export const menuPanel = css`
  position: absolute;
  right: 1rem;
  bottom: 4.5rem;
  min-width: 14rem;
  max-width: calc(100% - 2rem);
  max-height: calc(100% - 6rem);
  overflow-y: auto;
  padding: 0.25rem 0;
  border-radius: 0.5rem;
  background: rgba(20, 20, 20, 0.95);
  color: white;
  font-size: 0.95rem;
  z-index: 2;
  /* below the sm breakpoint a menu covers the player, as a sheet */
  @media (max-width: 639px) {
    inset: 0;
    max-width: none;
    max-height: none;
    border-radius: 0;
  }
`;

/** A menu's title row, with back and close. */
export const menuHeader = css`
  display: flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0.25rem 0.5rem;
  border-bottom: 1px solid rgba(255, 255, 255, 0.15);
  font-weight: 600;
  span {
    flex: 1;
    padding: 0 0.25rem;
  }
  button {
    display: flex;
    border: 0;
    padding: 0.25rem;
    border-radius: 50%;
    background: transparent;
    color: white;
    cursor: pointer;
    &:focus-visible {
      outline: 2px solid white;
    }
  }
`;

/** A row of a menu. */
export const menuItem = css`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding: 0.55rem 1rem;
  border: 0;
  background: transparent;
  color: white;
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: rgba(255, 255, 255, 0.12);
    outline: none;
  }
  .value {
    display: flex;
    align-items: center;
    opacity: 0.75;
  }
`;

/** A chapter's name over the progress bar (alone, or over its preview): one line, cut with an ellipsis. */
export const chapterLabel = css`
  overflow: hidden;
  padding: 0.15rem 0.5rem;
  border-radius: 0.25rem;
  background: rgba(0, 0, 0, 0.85);
  font-size: 0.85rem;
  font-weight: 600;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

/** read by a screen reader, not shown */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

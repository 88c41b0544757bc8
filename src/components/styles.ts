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
`;

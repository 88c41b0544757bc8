import { css } from '@emotion/react';
import type { MouseEvent } from 'react';
import { uiRequests, type SurfaceZone } from '../state/ui';
import { usePlayerDispatch } from './hooks';

const surface = css`
  position: absolute;
  inset: 0;
`;

/** SPEC.md section 9: the seek zones are the outer fifths; on a touch screen, the outer thirds. */
function zoneOf(e: MouseEvent<HTMLElement>, touch: boolean): SurfaceZone {
  const box = e.currentTarget.getBoundingClientRect();
  const x = (e.clientX - box.left) / box.width;
  const edge = touch ? 1 / 3 : 0.2;
  return x < edge ? 'left' : x > 1 - edge ? 'right' : 'middle';
}

/**
 * The picture under the controls: reports where clicks and taps land (the ui actor decides what
 * they mean). The browser counts the clicks of a double click or double tap in `detail`.
 */
export function Surface({ onFocusPlayer }: { onFocusPlayer: () => void }) {
  const dispatch = usePlayerDispatch();
  return (
    <div
      css={surface}
      data-testid="surface"
      onClick={(e) => {
        onFocusPlayer();
        const touch = (e.nativeEvent as PointerEvent).pointerType === 'touch';
        const at = { zone: zoneOf(e, touch), touch };
        if (e.detail === 2) dispatch(uiRequests.surfaceDoubleClicked(at));
        else if (e.detail <= 1) dispatch(uiRequests.surfaceClicked(at));
      }}
    />
  );
}

import { css } from '@emotion/react';
import { useRef } from 'react';
import { selectMidrollMarkLeft } from '../state/nextMidroll';
import { selectControlsShown } from '../state/selectors';
import { useStateInDom } from './hooks';

const mark = css`
  position: absolute;
  top: 50%;
  width: 0.25rem;
  height: 0.6rem;
  margin-left: -0.125rem;
  border-radius: 0.1rem;
  background: #ffcc00;
  transform: translateY(-50%);
  pointer-events: none;
`;

/**
 * Where the next mid-roll will fall, marked on the progress bar. It moves with a seek (the break
 * comes after played time, not at a place in the film), so it is written into the DOM as the
 * position changes, like the bar's played part.
 */
export function MidrollMark() {
  const element = useRef<HTMLSpanElement>(null);
  useStateInDom(
    selectMidrollMarkLeft,
    (left) => {
      element.current?.style.setProperty('left', left ?? '0');
      element.current?.toggleAttribute('hidden', left === null);
    },
    selectControlsShown,
  );
  // a span: the slider grows its div children (the track) under the pointer
  return <span ref={element} css={mark} hidden data-testid="midroll-mark" />;
}

import { css } from '@emotion/react';
import { useLayoutEffect, useRef } from 'react';
import { selectChapterAt } from '../state/markerSelectors';
import { usePlayerSelector } from './hooks';
import { chapterLabel } from './styles';
import { previewCentre } from './ThumbnailPreview';

// Spans, not divs: the slider grows its direct child divs (the track) on hover.
const layer = css`
  position: absolute;
  inset: 0;
  pointer-events: none;
`;

/** a gap in the track where a chapter starts */
const mark = css`
  position: absolute;
  top: 50%;
  width: 3px;
  height: 0.6rem;
  transform: translate(-50%, -50%);
  background: rgba(10, 10, 10, 0.9);
`;

const name = css`
  ${chapterLabel};
  position: absolute;
  bottom: 2.95rem;
  transform: translateX(-50%);
  max-width: 14rem;
`;

/**
 * The chapters of the master JSON's markers on the progress bar: a mark where each starts, and the
 * name of the chapter under the pointer (a mouse hovering, a finger dragging) over the time shown
 * there.
 */
export function ChapterMarks({ hover }: { hover: { left: number; time: number } | null }) {
  const chapters = usePlayerSelector((s) => s.stream.markers.chapters);
  // the exact duration, as the time under the pointer is counted: a mark is where its chapter starts
  const duration = usePlayerSelector((s) => s.media.duration);
  const hovered = usePlayerSelector((s) => (hover ? selectChapterAt(s, hover.time) : null));
  const nameRef = useRef<HTMLSpanElement>(null);
  // over the pointer, but never cut at the bar's ends: the name is wider than the pointer's room there
  useLayoutEffect(() => {
    const el = nameRef.current;
    if (!el || !hover) return;
    const room = el.parentElement?.clientWidth ?? 0;
    const left = room > 0 ? previewCentre(hover.left, room, el.offsetWidth) : hover.left;
    el.style.left = `${left}px`;
  });
  if (chapters.length === 0 || duration <= 0) return null;
  return (
    <span css={layer} data-testid="chapters">
      {chapters
        .filter((c) => c.start > 0 && c.start < duration)
        .map((c) => (
          <span
            key={c.start}
            css={mark}
            style={{ left: `${(c.start / duration) * 100}%` }}
            data-testid="chapter-mark"
            data-title={c.title}
          />
        ))}
      {hover && hovered && (
        <span css={name} ref={nameRef} data-testid="chapter-name">
          {hovered.title}
        </span>
      )}
    </span>
  );
}

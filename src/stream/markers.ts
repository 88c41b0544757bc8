// The master JSON's optional `markers` (docs/master-json.md): the intro, the credits and the named
// chapters of an episode, in seconds of the episode. Each part is checked on its own: a malformed
// part is left out and the others are kept, so one typo never costs the viewer the rest.

import { isRecord } from '../shared/isRecord';

export interface IntroMarker {
  start: number;
  end: number;
}

export interface CreditsMarker {
  start: number;
}

export interface Chapter {
  start: number;
  title: string;
}

export interface Markers {
  intro: IntroMarker | null;
  credits: CreditsMarker | null;
  /** by start, each start once */
  chapters: Chapter[];
}

export const NO_MARKERS: Markers = { intro: null, credits: null, chapters: [] };

/** the longest chapter title kept: a title is a label on the progress bar, not a text */
const TITLE_MAX_CHARS = 80;

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function parseIntro(raw: unknown): IntroMarker | null {
  if (!isRecord(raw) || !isTime(raw.start) || !isTime(raw.end) || raw.end <= raw.start) return null;
  return { start: raw.start, end: raw.end };
}

function parseCredits(raw: unknown): CreditsMarker | null {
  return isRecord(raw) && isTime(raw.start) ? { start: raw.start } : null;
}

function parseChapter(raw: unknown): Chapter | null {
  if (!isRecord(raw) || !isTime(raw.start) || typeof raw.title !== 'string') return null;
  // by characters, not UTF-16 units: a cut never splits an emoji in two
  const title = Array.from(raw.title.trim()).slice(0, TITLE_MAX_CHARS).join('');
  return title ? { start: raw.start, title } : null;
}

/** Malformed chapters are dropped one by one; the rest are put in order, one per start. */
function parseChapters(raw: unknown): Chapter[] {
  if (!Array.isArray(raw)) return [];
  const chapters = raw
    .map(parseChapter)
    .filter((c): c is Chapter => c !== null)
    .sort((a, b) => a.start - b.start);
  return chapters.filter((c, i) => c.start !== chapters[i - 1]?.start);
}

/** The `markers` field of a master JSON as the player uses it; anything else is no markers. */
export function parseMarkers(raw: unknown): Markers {
  if (!isRecord(raw)) return NO_MARKERS;
  return {
    intro: parseIntro(raw.intro),
    credits: parseCredits(raw.credits),
    chapters: parseChapters(raw.chapters),
  };
}

/** The chapter playing at `time`: the last one started by then (none before the first). */
export function chapterAt(chapters: Chapter[], time: number): Chapter | null {
  let found: Chapter | null = null;
  for (const c of chapters) if (c.start <= time) found = c;
  return found;
}

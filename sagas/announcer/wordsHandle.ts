// Where the announcer finds its words (src/state/announcements.ts, with the dictionary). They come
// with the interface, whose status region says them: the view provides them as it mounts
// (src/app/view.tsx), then tells the store (ui/viewMounted, in the flight log, so that a replay's
// announcer starts where the session's did). Node (the replay, the tools, the tests) provides them
// at once (wordsInNode.ts).
import type { announcementFor } from '../../src/state/announcements';
import { loadedLater } from '../../src/shared/loadedLater';

const words = loadedLater<typeof announcementFor>("The announcer's words");

export const provideAnnouncerWords = words.provide;

/** The words for an action, once provided; asked for before the interface mounted, a bug. */
export const announcerWords = words.get;

// The announcer's words, provided at once where nothing is downloaded: the replay, the tools, the tests.
import { announcementFor } from '../../src/state/announcements';
import { provideAnnouncerWords } from './wordsHandle';

provideAnnouncerWords(announcementFor);

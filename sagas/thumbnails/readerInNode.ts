// The thumbnails reader, provided at once where nothing is downloaded: the replay, the tools, the tests.
import { readThumbnails } from '../../src/stream/thumbnailsReader';
import { provideThumbnailsReader } from './readerHandle';

provideThumbnailsReader(readThumbnails);

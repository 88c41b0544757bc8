import '@testing-library/jest-dom';
import '../../src/vast/vastReaderInNode'; // the VAST reader, at once
import '../../sagas/ads/adEngineInNode'; // the ad engine, at once
import '../../sagas/announcer/wordsInNode'; // the announcer's words, at once
import '../../sagas/thumbnails/readerInNode'; // the thumbnails reader, at once

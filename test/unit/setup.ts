import '@testing-library/jest-dom';
import '../../src/vast/vastReaderInNode'; // the VAST reader, at once
import '../../sagas/ads/adEngineInNode'; // the ad engine, at once

// Where nothing is downloaded (a replay, the tools, the tests), the VAST reader is there at once.
import { parseVastDocument } from './parse';
import { provideVastReader } from './vastReader';

provideVastReader({ parseVastDocument });

// The ad engine, provided at once where nothing is downloaded: the replay, the tools, the tests.
import * as engine from './adEngine';
import { provideAdEngine } from './adEngineHandle';

provideAdEngine(engine);

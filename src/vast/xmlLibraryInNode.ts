// Where nothing is downloaded (a replay, the tools, the tests), the XML library is there at once.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { provideXmlLibrary } from './xmlLibrary';

provideXmlLibrary({ XMLParser, XMLValidator });

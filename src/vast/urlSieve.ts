// The one gate every address read from a VAST document passes through.
import type { XmlElement } from './parseXml';
import { isHttpUrl } from './urls';

/** Keeps http(s) URLs; anything else is recorded as ignored and never handed out. */
export class UrlSieve {
  readonly ignored: string[] = [];

  take(element: XmlElement | null): string | null {
    if (!element) return null;
    const url = element.text;
    if (isHttpUrl(url)) return url;
    this.ignored.push(url);
    return null;
  }

  takeAll(elements: XmlElement[]): string[] {
    const urls: string[] = [];
    for (const element of elements) {
      const url = this.take(element);
      if (url !== null) urls.push(url);
    }
    return urls;
  }
}

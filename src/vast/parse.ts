// One VAST document -> its InLine ad, its Wrapper layer, or the VAST error it amounts to.
// Following wrappers and merging their layers into the ad is resolve.ts's job.
import { booleanAttr, numberAttr, positiveInteger, textAttr } from './attributes';
import { readIcons } from './readIcons';
import {
  VAST_ERROR,
  type VastAd,
  type VastErrorCode,
  type VastFailure,
  type VastIcon,
  type VastInteractiveCreativeFile,
  type VastMediaFile,
  type VastTracking,
  type VastViewableImpression,
  type VastWrapperLayer,
} from './model';
import { parseDuration, parseTimeOffset } from './offsets';
import { childElement, childElements, parseXml, type XmlElement } from './parseXml';
import { UrlSieve } from './urlSieve';
import { readVerifications } from './verifications';

export type VastDocument =
  | { kind: 'inline'; ad: VastAd }
  | { kind: 'wrapper'; layer: VastWrapperLayer; next: string }
  | { kind: 'failure'; failure: VastFailure };

const failure = (
  code: VastErrorCode,
  message: string,
  errorUrls: string[],
  sieve: UrlSieve | null,
): VastDocument => ({
  kind: 'failure',
  failure: { code, message, errorUrls, ignoredUrls: sieve ? sieve.ignored : [] },
});

function bitrateOf(attrs: Record<string, string>): number | null {
  const bitrate = numberAttr(attrs.bitrate);
  if (bitrate !== null && bitrate > 0) return bitrate;
  const min = numberAttr(attrs.minBitrate);
  const max = numberAttr(attrs.maxBitrate);
  if (min !== null && max !== null) return (min + max) / 2;
  return max ?? min;
}

function readMediaFiles(linear: XmlElement, sieve: UrlSieve): VastMediaFile[] {
  const files: VastMediaFile[] = [];
  for (const element of childElements(childElement(linear, 'MediaFiles'), 'MediaFile')) {
    const url = sieve.take(element);
    const { attrs } = element;
    const type = textAttr(attrs.type);
    const width = numberAttr(attrs.width);
    const height = numberAttr(attrs.height);
    // SPEC.md section 5: a media file counts only with width, height, url and type.
    if (url === null || type === null || width === null || height === null) continue;
    files.push({
      url,
      type,
      width,
      height,
      codec: textAttr(attrs.codec),
      bitrate: bitrateOf(attrs),
      delivery: textAttr(attrs.delivery),
      apiFramework: textAttr(attrs.apiFramework),
    });
  }
  return files;
}

function readInteractiveCreativeFiles(
  linear: XmlElement,
  sieve: UrlSieve,
): VastInteractiveCreativeFile[] {
  const files: VastInteractiveCreativeFile[] = [];
  const elements = childElements(childElement(linear, 'MediaFiles'), 'InteractiveCreativeFile');
  for (const element of elements) {
    // VAST 4.3 allows an inline data: URI here too; like every address that is not http(s), it is
    // recorded as ignored and never loaded.
    const url = sieve.take(element);
    if (url === null) continue;
    const { attrs } = element;
    files.push({
      url,
      type: textAttr(attrs.type),
      apiFramework: textAttr(attrs.apiFramework),
      variableDuration: booleanAttr(attrs.variableDuration) ?? false,
    });
  }
  return files;
}

function readTracking(linear: XmlElement, sieve: UrlSieve): VastTracking[] {
  const tracking: VastTracking[] = [];
  for (const element of childElements(childElement(linear, 'TrackingEvents'), 'Tracking')) {
    const url = sieve.take(element);
    const event = textAttr(element.attrs.event);
    if (url === null || event === null) continue;
    if (event === 'progress') {
      // A progress event without a usable offset can never fire.
      const offset = parseTimeOffset(element.attrs.offset);
      if (offset) tracking.push({ event, url, offset });
    } else tracking.push({ event, url, offset: null });
  }
  return tracking;
}

function readViewableImpression(adBody: XmlElement, sieve: UrlSieve): VastViewableImpression {
  // VAST allows one ViewableImpression; a document with two is read whole rather than in part.
  const containers = childElements(adBody, 'ViewableImpression');
  const urls = (name: string) =>
    sieve.takeAll(containers.flatMap((container) => childElements(container, name)));
  return {
    viewable: urls('Viewable'),
    notViewable: urls('NotViewable'),
    viewUndetermined: urls('ViewUndetermined'),
  };
}

function linearCreatives(adBody: XmlElement): XmlElement[] {
  const linears: XmlElement[] = [];
  for (const creative of childElements(childElement(adBody, 'Creatives'), 'Creative')) {
    const linear = childElement(creative, 'Linear');
    if (linear) linears.push(linear);
  }
  return linears;
}

function parseInline(ad: XmlElement, inline: XmlElement, sieve: UrlSieve): VastDocument {
  const errorUrls = sieve.takeAll(childElements(inline, 'Error'));
  const impressions = sieve.takeAll(childElements(inline, 'Impression'));
  // The player plays linear ads only; the first Linear creative is the ad.
  const [linear] = linearCreatives(inline);
  if (!linear) {
    return failure(VAST_ERROR.LINEARITY, 'InLine ad without a Linear creative', errorUrls, sieve);
  }
  const clicks = childElement(linear, 'VideoClicks');
  return {
    kind: 'inline',
    ad: {
      id: textAttr(ad.attrs.id),
      sequence: positiveInteger(ad.attrs.sequence),
      adServingId: childElement(inline, 'AdServingId')?.text || null,
      adSystem: childElement(inline, 'AdSystem')?.text ?? '',
      title: childElement(inline, 'AdTitle')?.text ?? '',
      durationSec: parseDuration(childElement(linear, 'Duration')?.text),
      skipOffset: parseTimeOffset(linear.attrs.skipoffset),
      mediaFiles: readMediaFiles(linear, sieve),
      adParameters: childElement(linear, 'AdParameters')?.text ?? '',
      interactiveCreativeFiles: readInteractiveCreativeFiles(linear, sieve),
      clickThrough: sieve.take(childElement(clicks, 'ClickThrough')),
      clickTracking: sieve.takeAll(childElements(clicks, 'ClickTracking')),
      impressions,
      errorUrls,
      tracking: readTracking(linear, sieve),
      icons: readIcons(linear, sieve),
      viewableImpression: readViewableImpression(inline, sieve),
      verifications: readVerifications(inline, sieve),
      wrapperDepth: 0,
      ignoredUrls: sieve.ignored,
    },
  };
}

function parseWrapper(wrapper: XmlElement, fetchedUrl: string, sieve: UrlSieve): VastDocument {
  const errorUrls = sieve.takeAll(childElements(wrapper, 'Error'));
  const impressions = sieve.takeAll(childElements(wrapper, 'Impression'));
  const tracking: VastTracking[] = [];
  const clickTracking: string[] = [];
  const icons: VastIcon[] = [];
  let clickThrough: string | null = null;
  // Linear elements in a wrapper add tracking and icons, no media (VAST 4.3, Wrapper); a wrapper may
  // split them over several Creative elements.
  for (const linear of linearCreatives(wrapper)) {
    tracking.push(...readTracking(linear, sieve));
    const clicks = childElement(linear, 'VideoClicks');
    clickTracking.push(...sieve.takeAll(childElements(clicks, 'ClickTracking')));
    clickThrough ??= sieve.take(childElement(clicks, 'ClickThrough'));
    icons.push(...readIcons(linear, sieve));
  }
  const tagUri = childElement(wrapper, 'VASTAdTagURI');
  if (!tagUri) {
    return failure(VAST_ERROR.SCHEMA, 'Wrapper without a VASTAdTagURI', errorUrls, sieve);
  }
  const next = sieve.take(tagUri);
  if (next === null) {
    return failure(
      VAST_ERROR.WRAPPER,
      `Wrapper VASTAdTagURI is not an http(s) URL: ${JSON.stringify(tagUri.text)}`,
      errorUrls,
      sieve,
    );
  }
  return {
    kind: 'wrapper',
    next,
    layer: {
      url: fetchedUrl,
      impressions,
      errorUrls,
      tracking,
      clickTracking,
      icons,
      viewableImpression: readViewableImpression(wrapper, sieve),
      verifications: readVerifications(wrapper, sieve),
      ignoredUrls: sieve.ignored,
      clickThrough,
      followAdditionalWrappers: wrapper.attrs.followAdditionalWrappers?.trim() !== 'false',
    },
  };
}

/**
 * Reads one fetched VAST document (SPEC.md sections 3 and 5). It must parse and hold exactly one
 * Ad: malformed XML and several Ads (ad pods included) give 100, no Ad gives 303 'Empty vast'.
 */
export function parseVastDocument(xml: string, fetchedUrl: string): VastDocument {
  const parsed = parseXml(xml);
  if (!parsed.ok) return failure(VAST_ERROR.XML_PARSING, parsed.message, [], null);
  const { root } = parsed;
  if (root.name === 'VideoAdServingTemplate') {
    return failure(VAST_ERROR.UNSUPPORTED_VERSION, 'VAST 1.0 is not supported', [], null);
  }
  if (root.name !== 'VAST') {
    return failure(VAST_ERROR.SCHEMA, `Not a VAST document: root element <${root.name}>`, [], null);
  }
  const version = root.attrs.version ?? '';
  if (Number.parseInt(version, 10) < 2) {
    return failure(VAST_ERROR.UNSUPPORTED_VERSION, `VAST ${version} is not supported`, [], null);
  }
  const sieve = new UrlSieve();
  const ads = childElements(root, 'Ad');
  const [ad] = ads;
  if (!ad) {
    // The root Error element exists for this "no ad" answer (VAST 4.3 section 2.3.6).
    return failure(
      VAST_ERROR.NO_VAST_RESPONSE,
      'Empty vast',
      sieve.takeAll(childElements(root, 'Error')),
      sieve,
    );
  }
  if (ads.length > 1) {
    // The whole answer is refused, so every party in it is told.
    const errorUrls = sieve.takeAll(childElements(root, 'Error'));
    for (const each of ads) {
      const body = childElement(each, 'InLine') ?? childElement(each, 'Wrapper');
      errorUrls.push(...sieve.takeAll(childElements(body, 'Error')));
    }
    return failure(
      VAST_ERROR.XML_PARSING,
      `${ads.length} Ad elements in one document: exactly one is allowed (ad pods are not played)`,
      errorUrls,
      sieve,
    );
  }
  const inline = childElement(ad, 'InLine');
  const wrapper = childElement(ad, 'Wrapper');
  if (inline && !wrapper) return parseInline(ad, inline, sieve);
  if (wrapper && !inline) return parseWrapper(wrapper, fetchedUrl, sieve);
  const errorUrls = sieve.takeAll([
    ...childElements(inline, 'Error'),
    ...childElements(wrapper, 'Error'),
  ]);
  return failure(
    VAST_ERROR.SCHEMA,
    inline ? 'Ad with both InLine and Wrapper' : 'Ad with neither InLine nor Wrapper',
    errorUrls,
    sieve,
  );
}

// Small VAST documents for the tests, built from the parts each test cares about; and parsed parts.
import type { VastIcon } from '../../../src/vast/model';

export const cdata = (text: string) => `<![CDATA[${text}]]>`;

export function vast(body: string, version = '4.2') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="${version}" xmlns="http://www.iab.com/VAST">${body}</VAST>`;
}

export interface LinearParts {
  skipoffset?: string;
  duration?: string;
  mediaFiles?: string;
  tracking?: string;
  clicks?: string;
  adParameters?: string;
  /** the content of <Icons> */
  icons?: string;
}

export function linear(parts: LinearParts = {}) {
  const skip = parts.skipoffset === undefined ? '' : ` skipoffset="${parts.skipoffset}"`;
  return `<Linear${skip}>
    <Duration>${parts.duration ?? '00:00:15'}</Duration>
    ${parts.adParameters === undefined ? '' : `<AdParameters>${parts.adParameters}</AdParameters>`}
    <TrackingEvents>${parts.tracking ?? ''}</TrackingEvents>
    <VideoClicks>${parts.clicks ?? ''}</VideoClicks>
    ${parts.icons === undefined ? '' : `<Icons>${parts.icons}</Icons>`}
    <MediaFiles>${
      parts.mediaFiles ??
      `<MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="2000">${cdata('https://cdn.test/ad-720.mp4')}</MediaFile>`
    }</MediaFiles>
  </Linear>`;
}

export interface InlineParts {
  id?: string;
  impressions?: string[];
  errors?: string[];
  /** more InLine elements as XML: AdServingId, ViewableImpression, AdVerifications, Extensions */
  more?: string;
  creatives?: string;
}

export function inlineAd(parts: InlineParts = {}) {
  const impressions = (parts.impressions ?? ['https://inline.test/impression'])
    .map((url) => `<Impression>${cdata(url)}</Impression>`)
    .join('');
  const errors = (parts.errors ?? ['https://inline.test/error?code=[ERRORCODE]'])
    .map((url) => `<Error>${cdata(url)}</Error>`)
    .join('');
  return `<Ad id="${parts.id ?? 'inline-ad'}"><InLine>
    <AdSystem>Test Server</AdSystem>
    <AdTitle>Test ad</AdTitle>
    ${impressions}${errors}${parts.more ?? ''}
    <Creatives>${parts.creatives ?? `<Creative>${linear()}</Creative>`}</Creatives>
  </InLine></Ad>`;
}

export interface WrapperParts {
  next: string;
  name: string;
  followAdditionalWrappers?: boolean;
  clickThrough?: string;
  /** more Wrapper elements as XML, e.g. AdVerifications */
  more?: string;
  /** the content of the wrapper Linear's <Icons> */
  icons?: string;
}

/** A wrapper whose every URL is named after it, so a merged ad shows where each came from. */
export function wrapperAd({
  next,
  name,
  followAdditionalWrappers,
  clickThrough,
  more,
  icons,
}: WrapperParts) {
  const follow =
    followAdditionalWrappers === undefined
      ? ''
      : ` followAdditionalWrappers="${followAdditionalWrappers}"`;
  return `<Ad id="${name}"><Wrapper${follow}>
    <AdSystem>${name}</AdSystem>
    <VASTAdTagURI>${cdata(next)}</VASTAdTagURI>
    <Impression>${cdata(`https://${name}.test/impression`)}</Impression>
    <Error>${cdata(`https://${name}.test/error?code=[ERRORCODE]`)}</Error>
    <ViewableImpression>
      <Viewable>${cdata(`https://${name}.test/viewable`)}</Viewable>
      <NotViewable>${cdata(`https://${name}.test/not-viewable`)}</NotViewable>
      <ViewUndetermined>${cdata(`https://${name}.test/view-undetermined`)}</ViewUndetermined>
    </ViewableImpression>${more ?? ''}
    <Creatives><Creative><Linear>
      <TrackingEvents>
        <Tracking event="start">${cdata(`https://${name}.test/start`)}</Tracking>
      </TrackingEvents>
      <VideoClicks>
        ${clickThrough === undefined ? '' : `<ClickThrough>${cdata(clickThrough)}</ClickThrough>`}
        <ClickTracking>${cdata(`https://${name}.test/click`)}</ClickTracking>
      </VideoClicks>
      ${icons === undefined ? '' : `<Icons>${icons}</Icons>`}
    </Linear></Creative></Creatives>
  </Wrapper></Ad>`;
}

/** An industry icon as the parser reads it: a 20 px image at the top right, nothing else; `parts` over it. */
export const parsedIcon = (parts: Partial<VastIcon> = {}): VastIcon => ({
  program: null,
  width: 20,
  height: 20,
  xPosition: 'right',
  yPosition: 'top',
  offsetSec: null,
  durationSec: null,
  pxratio: 1,
  apiFramework: null,
  altText: null,
  hoverText: null,
  resources: [{ kind: 'static', url: 'https://icons.test/icon.png', creativeType: null }],
  clickThrough: null,
  clickTracking: [],
  clickFallbackImages: [],
  viewTracking: [],
  ...parts,
});

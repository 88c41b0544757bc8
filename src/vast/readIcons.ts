// Industry icons (VAST 4.3 section 3.11) as a Linear creative's XML lists them. Part of the VAST
// reader, which comes after the start (vastReader.ts); choosing among them is icons.ts's.
import { numberAttr, textAttr } from './attributes';
import type { VastIcon, VastIconFallbackImage, VastResource } from './model';
import { parseClock } from './offsets';
import { childElement, childElements, type XmlElement } from './parseXml';
import type { UrlSieve } from './urlSieve';

/** An icon's place on one axis: pixels, or one of the axis's two edges. */
function position<Edge extends string>(
  value: string | undefined,
  edges: readonly Edge[],
): number | Edge | null {
  const word = value?.trim().toLowerCase();
  return edges.find((edge) => edge === word) ?? numberAttr(value);
}

/** StaticResource, IFrameResource and HTMLResource children, in document order. */
function readResources(parent: XmlElement, sieve: UrlSieve): VastResource[] {
  const resources: VastResource[] = [];
  for (const child of parent.children) {
    if (child.name === 'StaticResource') {
      const url = sieve.take(child);
      if (url !== null) {
        resources.push({ kind: 'static', url, creativeType: textAttr(child.attrs.creativeType) });
      }
    } else if (child.name === 'IFrameResource') {
      const url = sieve.take(child);
      if (url !== null) resources.push({ kind: 'iframe', url });
    } else if (child.name === 'HTMLResource' && child.text !== '') {
      resources.push({ kind: 'html', html: child.text });
    }
  }
  return resources;
}

function readFallbackImages(clicks: XmlElement | null, sieve: UrlSieve): VastIconFallbackImage[] {
  const images: VastIconFallbackImage[] = [];
  const elements = childElements(
    childElement(clicks, 'IconClickFallbackImages'),
    'IconClickFallbackImage',
  );
  for (const image of elements) {
    const resource = childElement(image, 'StaticResource');
    const url = sieve.take(resource);
    if (url === null) continue;
    images.push({
      url,
      creativeType: textAttr(resource?.attrs.creativeType),
      width: numberAttr(image.attrs.width),
      height: numberAttr(image.attrs.height),
      altText: childElement(image, 'AltText')?.text || null,
    });
  }
  return images;
}

function readIcon(icon: XmlElement, sieve: UrlSieve): VastIcon | null {
  const resources = readResources(icon, sieve);
  // Nothing to draw: such an icon can never be seen, so neither viewed nor clicked.
  if (resources.length === 0) return null;
  const { attrs } = icon;
  const clicks = childElement(icon, 'IconClicks');
  const pxratio = numberAttr(attrs.pxratio);
  return {
    program: textAttr(attrs.program),
    width: numberAttr(attrs.width),
    height: numberAttr(attrs.height),
    xPosition: position(attrs.xPosition, ['left', 'right'] as const),
    yPosition: position(attrs.yPosition, ['top', 'bottom'] as const),
    offsetSec: parseClock(attrs.offset),
    durationSec: parseClock(attrs.duration),
    pxratio: pxratio !== null && pxratio > 0 ? pxratio : 1,
    apiFramework: textAttr(attrs.apiFramework),
    altText: textAttr(attrs.altText),
    hoverText: textAttr(attrs.hoverText),
    resources,
    clickThrough: sieve.take(childElement(clicks, 'IconClickThrough')),
    clickTracking: sieve.takeAll(childElements(clicks, 'IconClickTracking')),
    clickFallbackImages: readFallbackImages(clicks, sieve),
    viewTracking: sieve.takeAll(childElements(icon, 'IconViewTracking')),
  };
}

/** The icons of one Linear element that have something to draw. */
export function readIcons(linear: XmlElement, sieve: UrlSieve): VastIcon[] {
  const icons: VastIcon[] = [];
  for (const element of childElements(childElement(linear, 'Icons'), 'Icon')) {
    const icon = readIcon(element, sieve);
    if (icon) icons.push(icon);
  }
  return icons;
}

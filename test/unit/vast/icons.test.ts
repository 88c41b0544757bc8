import type { VastIcon, VastIconFallbackImage, VastResource } from '../../../src/vast/model';
import {
  chooseFallbackImage,
  chooseIcons,
  drawableResource,
  iconChoiceNeedsPixelRatio,
  iconsOfChain,
} from '../../../src/vast/icons';
import { parseVastDocument } from '../../../src/vast/parse';
import { resolveVast } from '../../../src/vast/resolve';
import { cdata, inlineAd, linear, parsedIcon, vast, wrapperAd } from './documents';

const URL = 'https://ads.test/vast.xml';

function iconsOf(icons: string): { icons: VastIcon[]; ignoredUrls: string[] } {
  const doc = parseVastDocument(
    vast(inlineAd({ creatives: `<Creative>${linear({ icons })}</Creative>` })),
    URL,
  );
  if (doc.kind !== 'inline') throw new Error(`expected an InLine ad, got ${doc.kind}`);
  return doc.ad;
}

const adChoices = `<Icon program="AdChoices" width="77" height="15" xPosition="right" yPosition="top"
    offset="00:00:02" duration="00:00:10.500" pxratio="2" apiFramework="none" altText="Ad choices"
    hoverText="Why this ad?">
  <StaticResource creativeType="image/png">${cdata('https://icons.test/adchoices.png')}</StaticResource>
  <IFrameResource>${cdata('https://icons.test/adchoices.html')}</IFrameResource>
  <HTMLResource>${cdata('<a href="https://icons.test/info">i</a>')}</HTMLResource>
  <IconClicks>
    <IconClickThrough>${cdata('https://icons.test/info')}</IconClickThrough>
    <IconClickTracking id="c1">${cdata('https://icons.test/click/1')}</IconClickTracking>
    <IconClickTracking>${cdata('https://icons.test/click/2')}</IconClickTracking>
    <IconClickFallbackImages>
      <IconClickFallbackImage width="400" height="300">
        <AltText>What this ad knows about you</AltText>
        <StaticResource creativeType="image/png">${cdata('https://icons.test/disclosure.png')}</StaticResource>
      </IconClickFallbackImage>
    </IconClickFallbackImages>
  </IconClicks>
  <IconViewTracking>${cdata('https://icons.test/view?t=[TIMESTAMP]')}</IconViewTracking>
</Icon>`;

describe('readIcons', () => {
  test('an icon with every attribute, resource, click and view tracker', () => {
    expect(iconsOf(adChoices).icons).toEqual([
      {
        program: 'AdChoices',
        width: 77,
        height: 15,
        xPosition: 'right',
        yPosition: 'top',
        offsetSec: 2,
        durationSec: 10.5,
        pxratio: 2,
        apiFramework: 'none',
        altText: 'Ad choices',
        hoverText: 'Why this ad?',
        resources: [
          { kind: 'static', url: 'https://icons.test/adchoices.png', creativeType: 'image/png' },
          { kind: 'iframe', url: 'https://icons.test/adchoices.html' },
          { kind: 'html', html: '<a href="https://icons.test/info">i</a>' },
        ],
        clickThrough: 'https://icons.test/info',
        clickTracking: ['https://icons.test/click/1', 'https://icons.test/click/2'],
        clickFallbackImages: [
          {
            url: 'https://icons.test/disclosure.png',
            creativeType: 'image/png',
            width: 400,
            height: 300,
            altText: 'What this ad knows about you',
          },
        ],
        viewTracking: ['https://icons.test/view?t=[TIMESTAMP]'],
      },
    ]);
  });

  test('pixel positions, and what is left out defaults to nothing (pxratio to 1)', () => {
    const [icon] = iconsOf(
      `<Icon xPosition=" 10 " yPosition="BOTTOM"><StaticResource>${cdata('https://icons.test/i.png')}</StaticResource></Icon>`,
    ).icons;
    expect(icon).toMatchObject({
      program: null,
      width: null,
      height: null,
      xPosition: 10,
      yPosition: 'bottom',
      offsetSec: null,
      durationSec: null,
      pxratio: 1,
      resources: [{ kind: 'static', url: 'https://icons.test/i.png', creativeType: null }],
      clickThrough: null,
      clickTracking: [],
      clickFallbackImages: [],
      viewTracking: [],
    });
  });

  test.each([
    ['an unknown edge', 'xPosition="middle"', { xPosition: null }],
    ['a negative position', 'yPosition="-5"', { yPosition: null }],
    ['a pxratio of 0', 'pxratio="0"', { pxratio: 1 }],
    ['an offset that is no time', 'offset="soon"', { offsetSec: null }],
    ['a duration over 59 seconds a field', 'duration="00:00:75"', { durationSec: null }],
  ])('%s is not guessed', (_, attribute, expected) => {
    const [icon] = iconsOf(
      `<Icon ${attribute}><StaticResource>${cdata('https://icons.test/i.png')}</StaticResource></Icon>`,
    ).icons;
    expect(icon).toMatchObject(expected);
  });

  test('addresses that are not http(s) are never handed out; an icon with nothing to draw is dropped', () => {
    const { icons, ignoredUrls } = iconsOf(`
      <Icon program="A"><StaticResource>${cdata('javascript:alert(1)')}</StaticResource>
        <IconViewTracking>${cdata('https://icons.test/never-seen')}</IconViewTracking></Icon>
      <Icon program="B"><IFrameResource>${cdata('https://icons.test/b.html')}</IFrameResource>
        <IconClicks><IconClickThrough>${cdata('data:text/html,x')}</IconClickThrough>
          <IconClickFallbackImages><IconClickFallbackImage>
            <StaticResource>${cdata('file:///etc/passwd')}</StaticResource>
          </IconClickFallbackImage></IconClickFallbackImages></IconClicks></Icon>
      <Icon program="C"><HTMLResource></HTMLResource></Icon>`);
    expect(icons.map((icon) => icon.program)).toEqual(['B']);
    expect(icons[0]).toMatchObject({ clickThrough: null, clickFallbackImages: [] });
    expect(ignoredUrls).toEqual(['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd']);
  });
});

describe('iconsOfChain', () => {
  const icon = (program: string | null, from: string, pxratio = 1): VastIcon =>
    parsedIcon({
      program,
      xPosition: 'left',
      pxratio,
      resources: [
        { kind: 'static', url: `https://${from}.test/${program}.png`, creativeType: null },
      ],
    });
  const urls = (icons: VastIcon[]) =>
    icons.map((each) => (each.resources[0] as { url: string }).url + `@${each.pxratio}`);

  test("of a program, the icons of the document closest to the InLine ad; each program's, closest first", () => {
    const chosen = iconsOfChain([
      [icon('AdChoices', 'w1'), icon('Other', 'w1')],
      [icon('adchoices', 'w2'), icon('AdChoices', 'w2', 2)],
      [icon('Third', 'inline')],
    ]);
    expect(urls(chosen)).toEqual([
      'https://inline.test/Third.png@1',
      'https://w2.test/adchoices.png@1',
      'https://w2.test/AdChoices.png@2',
      'https://w1.test/Other.png@1',
    ]);
  });

  test("the InLine ad's icon wins over every wrapper's", () => {
    const chosen = iconsOfChain([[icon('AdChoices', 'w1')], [icon('AdChoices', 'inline')]]);
    expect(urls(chosen)).toEqual(['https://inline.test/AdChoices.png@1']);
  });

  test('icons without a program collide with none', () => {
    expect(urls(iconsOfChain([[icon(null, 'w1')], [icon(null, 'inline')]]))).toEqual([
      'https://inline.test/null.png@1',
      'https://w1.test/null.png@1',
    ]);
  });
});

describe('icons through a wrapper chain', () => {
  test("a wrapper's icon shows when the InLine ad has none of its program", async () => {
    const wrapperIcon = `<Icon program="AdChoices" width="16" height="16" xPosition="left" yPosition="bottom">
      <StaticResource creativeType="image/png">${cdata('https://w1.test/adchoices.png')}</StaticResource>
      <IconViewTracking>${cdata('https://w1.test/icon-view')}</IconViewTracking></Icon>`;
    const docs: Record<string, string> = {
      'https://w1.test/vast': vast(
        wrapperAd({ next: 'https://inline.test/vast', name: 'w1', icons: wrapperIcon }),
      ),
      'https://inline.test/vast': vast(inlineAd()),
    };
    const outcome = await resolveVast('https://w1.test/vast', async (url) => ({
      ok: true,
      text: docs[url]!,
    }));
    if (outcome.kind !== 'ad') throw new Error(outcome.kind);
    expect(outcome.ad.icons).toMatchObject([
      { program: 'AdChoices', yPosition: 'bottom', viewTracking: ['https://w1.test/icon-view'] },
    ]);
  });
});

/** An icon of a program drawn from these resources (a PNG when none are given), for a pxratio. */
const versionOf = (
  program: string | null,
  pxratio = 1,
  resources: VastResource[] = [
    { kind: 'static', url: `https://icons.test/${program}@${pxratio}.png`, creativeType: null },
  ],
): VastIcon => parsedIcon({ program, pxratio, resources });

describe('drawableResource', () => {
  const png: VastResource = {
    kind: 'static',
    url: 'https://i.test/a.png',
    creativeType: 'image/png',
  };
  const frame: VastResource = { kind: 'iframe', url: 'https://i.test/a.html' };
  const html: VastResource = { kind: 'html', html: '<b>i</b>' };
  const script: VastResource = {
    kind: 'static',
    url: 'https://i.test/a.js',
    creativeType: 'application/javascript',
  };

  test('an image first, whatever the order, then a frame, then HTML', () => {
    expect(drawableResource(versionOf('A', 1, [html, frame, png]))).toEqual(png);
    expect(drawableResource(versionOf('A', 1, [html, frame]))).toEqual(frame);
    expect(drawableResource(versionOf('A', 1, [html]))).toEqual(html);
  });

  test('a static resource that is no image is never drawn', () => {
    expect(drawableResource(versionOf('A', 1, [script]))).toBeNull();
    expect(drawableResource(versionOf('A', 1, [script, html]))).toEqual(html);
  });
});

describe('chooseIcons: one per program, by the device pixel ratio', () => {
  test('of the versions of a program, the pxratio nearest the device’s; the first of equals', () => {
    const icons = [versionOf('AdChoices', 1), versionOf('AdChoices', 2), versionOf('AdChoices', 3)];
    expect(chooseIcons(icons, 1)).toEqual([0]);
    expect(chooseIcons(icons, 2)).toEqual([1]);
    expect(chooseIcons(icons, 2.5)).toEqual([1]);
    expect(chooseIcons(icons, 4)).toEqual([2]);
    expect(chooseIcons([versionOf('AdChoices', 2), versionOf('adchoices', 2)], 1)).toEqual([0]);
  });

  test('each program once, an icon without a program on its own, in document order', () => {
    const icons = [
      versionOf(null),
      versionOf('AdChoices', 1),
      versionOf('Other'),
      versionOf('AdChoices', 2),
      versionOf(null),
    ];
    expect(chooseIcons(icons, 2)).toEqual([0, 2, 3, 4]);
  });

  test('a version with nothing the player draws is none', () => {
    const script: VastResource = {
      kind: 'static',
      url: 'https://i.test/a.js',
      creativeType: 'text/javascript',
    };
    const icons = [versionOf('AdChoices', 2, [script]), versionOf('AdChoices', 1)];
    expect(chooseIcons(icons, 2)).toEqual([1]);
    expect(iconChoiceNeedsPixelRatio(icons)).toBe(false);
  });

  test('the device is asked only when a program has versions for different ratios', () => {
    expect(iconChoiceNeedsPixelRatio([versionOf('A', 1), versionOf('B', 2)])).toBe(false);
    expect(iconChoiceNeedsPixelRatio([versionOf('A', 2), versionOf('A', 2)])).toBe(false);
    expect(iconChoiceNeedsPixelRatio([versionOf('A', 1), versionOf('a', 2)])).toBe(true);
    expect(iconChoiceNeedsPixelRatio([])).toBe(false);
  });
});

describe('chooseFallbackImage', () => {
  const image = (width: number | null, height: number | null): VastIconFallbackImage => ({
    url: `https://i.test/${width}x${height}.png`,
    creativeType: 'image/png',
    width,
    height,
    altText: null,
  });
  const area = { width: 640, height: 360 };

  test('the largest that fits the area whole', () => {
    const images = [image(300, 200), image(600, 340), image(800, 450)];
    expect(chooseFallbackImage(images, area)).toEqual(image(600, 340));
  });

  test('the smallest when none fits', () => {
    expect(chooseFallbackImage([image(1200, 900), image(800, 450)], area)).toEqual(image(800, 450));
  });

  test('one without a size only when none has one; none without images', () => {
    expect(chooseFallbackImage([image(null, 300), image(400, 300)], area)).toEqual(image(400, 300));
    expect(chooseFallbackImage([image(null, null), image(200, null)], area)).toEqual(
      image(null, null),
    );
    expect(chooseFallbackImage([], area)).toBeNull();
  });
});

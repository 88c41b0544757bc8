// Industry icons (VAST 4.3 section 3.11) chosen: along a wrapper chain, where each document may
// bring its own (reading them is readIcons.ts's), and by the screen's pixel ratio.
import type { VastIcon, VastIconFallbackImage, VastResource } from './model';

/**
 * The icons an ad shows, from each document's, outermost wrapper first and the InLine ad last. Of a
 * program, only the icons of the document closest to the InLine ad count (VAST 3.0 section 2.4.3.6,
 * which the AdChoices program requires; VAST 4.3 section 2.3.5.2); several of one program in that
 * document are versions to choose from (by pxratio, say). An icon without a program collides with
 * none and is kept. Closest document first.
 */
export function iconsOfChain(outermostFirst: readonly VastIcon[][]): VastIcon[] {
  const shown: VastIcon[] = [];
  const taken = new Set<string>();
  for (const icons of [...outermostFirst].reverse()) {
    const programs = new Set<string>();
    for (const icon of icons) {
      const program = icon.program?.toLowerCase() ?? null;
      if (program !== null && taken.has(program)) continue;
      if (program !== null) programs.add(program);
      shown.push(icon);
    }
    for (const program of programs) taken.add(program);
  }
  return shown;
}

/**
 * The resource of an icon the player draws: a static image first (no script of the icon's runs),
 * else a page in a frame, else HTML in one; the first of its kind in document order. Null when it
 * has none the player draws (a StaticResource of another type than an image, such as a script).
 */
export function drawableResource(icon: VastIcon): VastResource | null {
  const image = icon.resources.find(
    (r) =>
      r.kind === 'static' && (r.creativeType === null || /^image\//i.test(r.creativeType.trim())),
  );
  return (
    image ??
    icon.resources.find((r) => r.kind === 'iframe') ??
    icon.resources.find((r) => r.kind === 'html') ??
    null
  );
}

/** The icons of one program, or an icon without a program on its own: one of each group is drawn. */
function programGroups(icons: readonly VastIcon[]): number[][] {
  const groups = new Map<string, number[]>();
  icons.forEach((icon, index) => {
    if (!drawableResource(icon)) return;
    const key = icon.program === null ? `#${index}` : `program ${icon.program.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  return [...groups.values()];
}

/**
 * Whether choosing among the ad's icons needs the device's pixel ratio: a program has versions made
 * for different ratios. Otherwise the player asks nothing of the device.
 */
export function iconChoiceNeedsPixelRatio(icons: readonly VastIcon[]): boolean {
  return programGroups(icons).some(
    (group) => new Set(group.map((i) => icons[i]?.pxratio)).size > 1,
  );
}

/**
 * The icons an ad draws, as their places in `icons`, in document order: one per program (each icon
 * without a program is one of its own), of its versions the one whose pxratio is nearest the
 * device's pixel ratio, the first of equals. An icon with nothing the player draws is no version.
 */
export function chooseIcons(icons: readonly VastIcon[], pixelRatio: number): number[] {
  const distance = (index: number) => Math.abs((icons[index]?.pxratio ?? 1) - pixelRatio);
  const chosen = programGroups(icons).map((group) =>
    group.reduce((best, index) => (distance(index) < distance(best) ? index : best)),
  );
  return chosen.sort((a, b) => a - b);
}

/**
 * The fallback image an icon's click shows over an area of this size (VAST 4.3 section 3.11.6): the
 * largest that fits the area whole, else the smallest (drawn scaled down to fit); an image that
 * gives no size only when none does. Null when there is none.
 */
export function chooseFallbackImage(
  images: readonly VastIconFallbackImage[],
  area: { width: number; height: number },
): VastIconFallbackImage | null {
  const sized = images.filter((i) => i.width !== null && i.height !== null);
  if (sized.length === 0) return images[0] ?? null;
  const size = (i: VastIconFallbackImage) => (i.width ?? 0) * (i.height ?? 0);
  const fits = sized.filter((i) => (i.width ?? 0) <= area.width && (i.height ?? 0) <= area.height);
  if (fits.length > 0) return fits.reduce((best, i) => (size(i) > size(best) ? i : best));
  return sized.reduce((best, i) => (size(i) < size(best) ? i : best));
}

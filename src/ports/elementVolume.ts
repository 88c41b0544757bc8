/**
 * A media element's volume as set: WebKit keeps it as a 32-bit float (0.4 reads back as
 * 0.4000000059604645), so it is read to four places, finer than any slider or host sets it.
 */
export const elementVolume = (media: HTMLMediaElement): number =>
  Math.round(media.volume * 10_000) / 10_000;

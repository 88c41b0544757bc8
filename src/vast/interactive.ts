// Which InteractiveCreativeFile the player runs over an ad's media: a SIMID creative, the framework
// it implements for that element (VPAID still comes as a MediaFile, see media.ts).
import type { VastInteractiveCreativeFile } from './model';

/**
 * A SIMID creative: apiFramework "SIMID" and an HTML page (type "text/html", SIMID 1.2 section 5),
 * loaded into a sandboxed cross-origin frame. A file without a type is given the benefit of the doubt.
 */
export const isSimidFile = (file: Pick<VastInteractiveCreativeFile, 'type' | 'apiFramework'>) =>
  file.apiFramework?.toUpperCase() === 'SIMID' &&
  (file.type === null || /^text\/html\s*(;|$)/i.test(file.type));

/**
 * The SIMID creative to run over the ad, or null: the first one in document order. VAST says nothing
 * about choosing among several, and a SIMID ad is one creative.
 */
export function chooseSimidFile(
  files: readonly VastInteractiveCreativeFile[],
): VastInteractiveCreativeFile | null {
  return files.find(isSimidFile) ?? null;
}

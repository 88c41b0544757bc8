/** The embedding frame's data attributes (env_base_url, ...), when the frame is readable from inside. */
export function readFrameDataset(): Record<string, string | undefined> {
  try {
    const frame = window.frameElement as HTMLElement | null;
    if (!frame) return {};
    const out: Record<string, string | undefined> = {};
    for (const attr of Array.from(frame.attributes)) {
      if (attr.name.startsWith('data-')) out[attr.name.slice(5).replace(/-/g, '_')] = attr.value;
    }
    return out;
  } catch {
    return {}; // cross-origin parent: defaults apply
  }
}

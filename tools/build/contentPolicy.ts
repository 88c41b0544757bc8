// The built player page's Content-Security-Policy, written into dist/index.html after Parcel's build:
// scripts only from the player's own origin and the page's inline scripts by their hashes (the import
// map and the early start, as built), no eval, no plugins, styles from its file, its one inline
// stylesheet and emotion's (which inserts its rules into empty <style> elements), and hls.js's worker
// from a blob. A meta element, so that it holds on any static server; what the page may connect to
// differs by deployment and goes in a header the CDN sends (docs/security.md). Run directly, it
// rewrites dist/index.html (the build script); a second run replaces the policy it wrote.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** the hash of an empty <style>: emotion's elements, whose rules come by insertRule */
const EMPTY_STYLE = `'sha256-${createHash('sha256').update('').digest('base64')}'`;

const POLICY_META = /<meta http-equiv=["']?Content-Security-Policy["']?[^>]*>/i;

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The inner text of every inline element of this tag name (those with no src). */
function inlineContents(html: string, tag: 'script' | 'style'): string[] {
  const pattern = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'gi');
  return [...html.matchAll(pattern)]
    .filter((match) => !/\ssrc=/i.test(match[1] ?? ''))
    .map((match) => match[2] ?? '');
}

/** The policy for a built page: its inline scripts and styles allowed by hash, nothing else inline. */
export function contentPolicy(html: string): string {
  const scripts = inlineContents(html, 'script').map(hashOf);
  const styles = inlineContents(html, 'style').map(hashOf);
  return [
    `script-src 'self' ${scripts.join(' ')}`.trim(),
    `style-src 'self' ${[...styles, EMPTY_STYLE].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const CHARSET_META = /<meta charset=["']?[\w-]+["']?\s*\/?>/i;

/**
 * The page with its policy first in its head, before the scripts it governs (after the charset,
 * which must come in the first 1024 bytes).
 */
export function withContentPolicy(html: string): string {
  const page = html.replace(POLICY_META, '').replace(CHARSET_META, '');
  const policy = `<meta http-equiv="Content-Security-Policy" content="${contentPolicy(page)}">`;
  const meta = `<meta charset=utf-8>${policy}`;
  const opening = /<html[^>]*>/i.exec(page);
  if (!opening) throw new Error('The built page has no <html> tag to put its policy after');
  const at = opening.index + opening[0].length;
  return page.slice(0, at) + meta + page.slice(at);
}

if (require.main === module) {
  const file = join(__dirname, '..', '..', 'dist', 'index.html');
  writeFileSync(file, withContentPolicy(readFileSync(file, 'utf8')));
}

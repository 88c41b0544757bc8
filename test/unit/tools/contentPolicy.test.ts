/** @jest-environment node */
import { createHash } from 'node:crypto';
import { contentPolicy, withContentPolicy } from '../../../tools/build/contentPolicy';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// a page as Parcel builds it: the import map first, the charset after it, inline style and scripts
const BUILT =
  '<!DOCTYPE html><html lang=ru><script type=importmap>{"imports":{}}</script>' +
  '<meta charset=utf-8><title>Плеер</title><style>body{margin:0}</style><body>' +
  '<script type=module>startEarly()</script><script type=module src=public.js></script>';

describe('the built page’s Content-Security-Policy', () => {
  it('allows the inline scripts and style by their hashes, and no script by address but its own origin', () => {
    const policy = contentPolicy(BUILT);
    expect(policy).toContain(`script-src 'self' ${sha('{"imports":{}}')} ${sha('startEarly()')};`);
    expect(policy).toContain(`style-src 'self' ${sha('body{margin:0}')} ${sha('')};`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toMatch(/unsafe|\*/);
  });

  it('puts the policy before the first script, after the charset, once however often it runs', () => {
    const once = withContentPolicy(BUILT);
    const twice = withContentPolicy(once);
    expect(twice).toBe(once);
    expect(once).toMatch(
      /^<!DOCTYPE html><html lang=ru><meta charset=utf-8><meta http-equiv="Content-Security-Policy" content="[^"]+"><script type=importmap>/,
    );
    expect(once.match(/charset/g)).toHaveLength(1);
  });

  it('changes its hash when an inline script changes (a stale policy would block the page)', () => {
    const changed = BUILT.replace('startEarly()', 'startEarly(1)');
    expect(contentPolicy(changed)).not.toBe(contentPolicy(BUILT));
  });
});

/** @jest-environment node */
// docs/qa.md names every test id and every control's name the player's components use, and its
// code blocks are whole scripts the browser tests run (test/e2e/qaGuide.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ru } from '../../../src/i18n/ru';
import { NAMES } from '../../../src/qa';
import { docExamples } from '../../../tools/docExamples';

const ROOT = join(__dirname, '..', '..', '..');
const doc = readFileSync(join(ROOT, 'docs', 'qa.md'), 'utf8');
const components = join(ROOT, 'src', 'components');
const sources = readdirSync(components)
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => ({ file: f, text: readFileSync(join(components, f), 'utf8') }));

/** data-testid="x" and testId="x" (MenuPanel's), and the fixed part of `prefix-${…}` ones */
function testIds() {
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  for (const { text } of sources) {
    for (const m of text.matchAll(/(?:data-testid|testId)=(?:"([^"]+)"|\{`([^`$]*)\$\{)/g)) {
      if (m[1]) exact.add(m[1]);
      if (m[2]) prefixes.add(m[2]);
    }
  }
  return { exact: [...exact].sort(), prefixes: [...prefixes].sort() };
}

describe('docs/qa.md', () => {
  it('documents every data-testid of src/components', () => {
    const { exact, prefixes } = testIds();
    expect(exact.length).toBeGreaterThan(10);
    expect(exact.filter((id) => !new RegExp(`\\b${id}\\b`).test(doc))).toEqual([]);
    // `settings-item-${page}`: at least one of them, spelled out
    expect(prefixes.filter((p) => !new RegExp(`\\b${p}[a-z]`).test(doc))).toEqual([]);
  });

  it('documents every control’s name the components give from the dictionary', () => {
    const labels = new Set<string>();
    for (const { text } of sources) {
      for (const m of text.matchAll(/aria-label=\{[^}]*\}/g)) {
        for (const w of m[0].matchAll(/ru\.(\w+)/g)) {
          const word = (ru as Record<string, unknown>)[w[1]!];
          if (typeof word === 'string') labels.add(word);
        }
      }
    }
    for (const name of Object.values(NAMES)) labels.add(name);
    expect(labels.size).toBeGreaterThan(20);
    expect([...labels].filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });

  it('has runnable scripts only among its ts, js and mts blocks', () => {
    const examples = docExamples(doc);
    expect(
      examples.map((e) => e.lang).filter((lang) => !['ts', 'js', 'mts'].includes(lang)),
    ).toEqual([]);
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.filter((e) => !e.run).map((e) => e.line)).toEqual([]);
    for (const e of examples) expect(e.code).toMatch(/from 'kino-player-qa'/);
  });
});

describe('docExamples', () => {
  it('reads the fences, their language and the run mark', () => {
    const md =
      'text\n```mts run\nawait 1;\n```\n\n```ts\nlet a = 1;\n```\n```sh\nls\n```\n```\nplain\n```\n';
    expect(docExamples(md)).toEqual([
      { lang: 'mts', run: true, line: 2, code: 'await 1;\n' },
      { lang: 'ts', run: false, line: 6, code: 'let a = 1;\n' },
      { lang: 'sh', run: false, line: 9, code: 'ls\n' },
    ]);
    expect(() => docExamples('```js run\nx\n')).toThrow(/line 1 is not closed/);
  });
});

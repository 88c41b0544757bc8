// The code blocks of a Markdown guide, and which of them are scripts to run as written.

export interface DocExample {
  /** the fence's language */
  lang: 'ts' | 'tsx' | 'js' | 'mts' | 'html' | 'sh';
  /** the fence's info string says `run`: a whole script, run as written by the browser tests */
  run: boolean;
  /** 1-based line of the opening fence */
  line: number;
  code: string;
}

const OPEN = /^```(ts|tsx|js|mts|html|sh)(?:\s+(.*))?$/;

/** Every ```ts, ```tsx, ```js, ```mts, ```html and ```sh block of `markdown`, in order. */
export function docExamples(markdown: string): DocExample[] {
  const lines = markdown.split('\n');
  const found: DocExample[] = [];
  const at = (i: number) => (lines[i] ?? '').trimEnd();
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(at(i));
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && at(i) !== '```'; i++) body.push(lines[i] ?? '');
    if (i >= lines.length) throw new Error(`The code block at line ${start + 1} is not closed`);
    found.push({
      lang: open[1] as DocExample['lang'],
      run: (open[2] ?? '').split(/\s+/).includes('run'),
      line: start + 1,
      code: `${body.join('\n')}\n`,
    });
  }
  return found;
}

import { chooseSimidFile, isSimidFile } from '../../../src/vast/interactive';
import type { VastInteractiveCreativeFile } from '../../../src/vast/model';

const file = (parts: Partial<VastInteractiveCreativeFile>): VastInteractiveCreativeFile => ({
  url: 'https://simid.test/creative.html',
  type: 'text/html',
  apiFramework: 'SIMID',
  variableDuration: false,
  ...parts,
});

describe('isSimidFile', () => {
  test.each([
    ['SIMID and text/html', file({}), true],
    ['the framework in any case', file({ apiFramework: 'simid' }), true],
    ['a charset on the type', file({ type: 'text/html; charset=utf-8' }), true],
    ['no type', file({ type: null }), true],
    ['another framework', file({ apiFramework: 'VPAID' }), false],
    ['no framework', file({ apiFramework: null }), false],
    ['a script, not a page', file({ type: 'application/javascript' }), false],
    ['a look-alike type', file({ type: 'text/htmlx' }), false],
  ])('%s: %s', (_, candidate, expected) => {
    expect(isSimidFile(candidate)).toBe(expected);
  });
});

describe('chooseSimidFile', () => {
  test('the first SIMID creative in document order', () => {
    const first = file({ url: 'https://simid.test/1.html' });
    const second = file({ url: 'https://simid.test/2.html' });
    expect(chooseSimidFile([file({ apiFramework: 'other' }), first, second])).toBe(first);
  });

  test('none is null: the ad plays its media alone', () => {
    expect(chooseSimidFile([])).toBeNull();
    expect(chooseSimidFile([file({ apiFramework: null })])).toBeNull();
  });
});

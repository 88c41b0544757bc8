import { childElement, childElements, parseXml, type XmlElement } from '../../../src/vast/parseXml';

const root = (xml: string): XmlElement => {
  const result = parseXml(xml);
  if (!result.ok) throw new Error(result.message);
  return result.root;
};

describe('parseXml', () => {
  test('elements, attributes and text, with the declaration and comments skipped', () => {
    const doc = root(`<?xml version="1.0" encoding="UTF-8"?>
      <!-- a comment -->
      <VAST version="4.2"><Ad id="7" sequence="2"><AdTitle> Title </AdTitle></Ad></VAST>`);
    expect(doc.name).toBe('VAST');
    expect(doc.attrs).toEqual({ version: '4.2' });
    const ad = childElement(doc, 'Ad');
    expect(ad?.attrs).toEqual({ id: '7', sequence: '2' });
    expect(childElement(ad, 'AdTitle')?.text).toBe('Title');
  });

  test('the VAST default namespace and prefixed names read as local names', () => {
    const doc =
      root(`<v:VAST xmlns:v="http://www.iab.com/VAST" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="vast.xsd" version="4.0">
      <v:Ad id="a"/></v:VAST>`);
    expect(doc.name).toBe('VAST');
    expect(doc.attrs).toEqual({ version: '4.0', noNamespaceSchemaLocation: 'vast.xsd' });
    expect(childElements(doc, 'Ad')).toHaveLength(1);
    const plain = root('<VAST xmlns="http://www.iab.com/VAST" version="4.2"><Ad/></VAST>');
    expect(plain.attrs).toEqual({ version: '4.2' });
  });

  test('CDATA is taken as is, padding trimmed; text is entity-decoded', () => {
    const doc = root(`<r>
      <a><![CDATA[
        https://t.test/p?a=1&b=2&amp;c
      ]]></a>
      <b>https://t.test/p?a=1&amp;b=&#50;&#x33;&lt;&gt;&quot;&apos;</b>
      <c x="1 &amp; &#65;"/>
    </r>`);
    expect(childElement(doc, 'a')?.text).toBe('https://t.test/p?a=1&b=2&amp;c');
    expect(childElement(doc, 'b')?.text).toBe('https://t.test/p?a=1&b=23<>"\'');
    expect(childElement(doc, 'c')?.attrs.x).toBe('1 & A');
  });

  test('a URL holding "]]>" split over CDATA sections joins back (VAST 4.3 section 2.3.3)', () => {
    const doc = root(`<Impression>
      <![CDATA[http://ad.server.com/impression/dot.gif?s=x]]]]>
      <![CDATA[>]]>x
    </Impression>`);
    expect(doc.text).toBe('http://ad.server.com/impression/dot.gif?s=x]]>x');
  });

  test('numbers stay strings', () => {
    expect(root('<r a="0012"><n>0012</n></r>')).toMatchObject({
      attrs: { a: '0012' },
      children: [{ name: 'n', text: '0012' }],
    });
  });

  test.each([
    ['an empty string', ''],
    ['plain text', 'not xml at all'],
    ['an unclosed element', '<VAST><Ad></VAST>'],
    ['a truncated document', '<VAST version="4.2"><Ad>'],
    ['a truncated end tag', '<VAST></VAST'],
    ['two root elements', '<VAST/><VAST/>'],
    ['an unquoted attribute', '<VAST version=4.2/>'],
  ])('%s is malformed', (_, xml) => {
    const result = parseXml(xml);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).not.toBe('');
  });
});

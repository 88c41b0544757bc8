// XML text -> a light element tree. Pure (no DOMParser), so the same code runs in the browser and in
// a Node replay of a recorded session. It comes with the VAST reader, after the start (vastReader.ts).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { isRecord } from '../shared/isRecord';

export interface XmlElement {
  /** local name: a namespace prefix (vast:Ad) is dropped */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** the element's own text and CDATA sections joined, each piece trimmed */
  text: string;
}

export type XmlParseResult = { ok: true; root: XmlElement } | { ok: false; message: string };

const ATTRS = ':@';
const TEXT = '#text';
const CDATA = '#cdata';

// One parser for every document: the options never change and the parser keeps no state between
// parse() calls. Made at the first parse.
let parser: XMLParser | null = null;
const OPTIONS: ConstructorParameters<typeof XMLParser>[0] = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Prefixes are dropped in toElement: the library's own option costs a third of the parse time.
  removeNSPrefix: false,
  // Callbacks are not used; without jPath strings the parser does not build one per tag.
  jPath: false,
  parseTagValue: false,
  parseAttributeValue: false,
  // Pieces are trimmed and joined without a separator: VAST splits a URL holding "]]>" over several
  // CDATA sections with whitespace between them (VAST 4.3 section 2.3.3).
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
  // Entities are decoded in toElement: the library leaves numeric references (&#38;) as they are,
  // and VAST has no DTD, so the five predefined entities and numeric references are all there is.
  processEntities: false,
  // CDATA kept apart from text, so that it is not entity-decoded.
  cdataPropName: CDATA,
};

type RawNode = Record<string, unknown>;

// The parser's output is read through isRecord and this, not cast: a node's content is a list.
const listOf = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const ENTITY = /&(?:#(\d+)|#x([\da-fA-F]+)|(amp|lt|gt|quot|apos));/g;

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, dec?: string, hex?: string, name?: string) => {
    if (name) return PREDEFINED[name] ?? whole;
    const code = dec ? Number(dec) : Number.parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

function toElement(key: string, node: RawNode): XmlElement {
  const rawAttrs = node[ATTRS];
  const attrs: Record<string, string> = {};
  if (isRecord(rawAttrs)) {
    for (const name in rawAttrs) {
      // Namespace declarations are not data.
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      attrs[localName(name)] = decodeEntities(String(rawAttrs[name]));
    }
  }
  const children: XmlElement[] = [];
  let text = '';
  for (const child of listOf(node[key])) {
    if (!isRecord(child)) continue;
    const childKey = elementKey(child);
    if (childKey !== null) children.push(toElement(childKey, child));
    else if (child[TEXT] !== undefined) text += decodeEntities(String(child[TEXT])).trim();
    else if (child[CDATA] !== undefined) {
      // CDATA comes through untrimmed: "<![CDATA[\n  http://...\n]]>" is common.
      const [section] = listOf(child[CDATA]);
      text += String((isRecord(section) ? section[TEXT] : undefined) ?? '').trim();
    }
  }
  return { name: localName(key), attrs, children, text };
}

/** The tag of a parsed node, or null for text and CDATA. */
function elementKey(node: RawNode): string | null {
  for (const key in node) if (key !== ATTRS && key !== TEXT && key !== CDATA) return key;
  return null;
}

/** Parses and checks well-formedness; a document must have exactly one root element. */
export function parseXml(xml: string): XmlParseResult {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    return { ok: false, message: `${msg} (line ${line}${col ? `, column ${col}` : ''})` };
  }
  let nodes: readonly unknown[];
  try {
    parser ??= new XMLParser(OPTIONS);
    nodes = listOf(parser.parse(xml));
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const roots: [string, RawNode][] = [];
  for (const node of nodes) {
    if (!isRecord(node)) continue;
    const key = elementKey(node);
    if (key !== null) roots.push([key, node]);
  }
  const [root] = roots;
  if (roots.length !== 1 || !root) {
    return { ok: false, message: `expected one root element, found ${roots.length}` };
  }
  return { ok: true, root: toElement(...root) };
}

export function childElement(parent: XmlElement | null | undefined, name: string) {
  if (!parent) return null;
  for (const child of parent.children) if (child.name === name) return child;
  return null;
}

export function childElements(parent: XmlElement | null | undefined, name: string) {
  return parent ? parent.children.filter((child) => child.name === name) : [];
}

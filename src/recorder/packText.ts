// Text held gzipped, with the platform's CompressionStream: the flight log's finished segments are
// about a tenth of their JSON this way (Cyrillic text, which V8 keeps at two bytes a character,
// compresses best of all).

/** The platform compresses (every current browser, Node 18 and later); else the text is kept as it is. */
export const canPack = (): boolean =>
  typeof CompressionStream === 'function' &&
  typeof DecompressionStream === 'function' &&
  typeof Response === 'function';

async function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream) {
  const writer = transform.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined); // the read below reports it
  void writer.close().catch(() => undefined);
  return new Uint8Array(await new Response(transform.readable).arrayBuffer());
}

export const packText = (text: string): Promise<Uint8Array> =>
  through(new TextEncoder().encode(text), new CompressionStream('gzip'));

export const unpackText = async (packed: Uint8Array): Promise<string> =>
  new TextDecoder().decode(await through(packed, new DecompressionStream('gzip')));

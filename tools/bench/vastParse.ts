// Parse-and-resolve time per VAST document, ours against @dailymotion/vast-client, over the IAB
// samples in test/fixtures/vast-iab. Offline for both: a wrapper's next document fails at once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { VASTClient } from '@dailymotion/vast-client';
import { DOMParser } from '@xmldom/xmldom';
import { resolveVast, type FetchText } from '../../src/vast/resolve';
import '../../src/vast/vastReaderInNode'; // the VAST reader, at once

const SAMPLES = join(__dirname, '..', '..', 'test', 'fixtures', 'vast-iab');
/** passes over all samples in one timed run, so a run lasts long enough to time */
const PASSES = 20;

interface Sample {
  url: string;
  text: string;
}

function loadSamples(dir = SAMPLES): Sample[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return loadSamples(path);
      if (!name.endsWith('.xml')) return [];
      return [{ url: pathToFileURL(path).href, text: readFileSync(path, 'utf8') }];
    });
}

function oursFor(samples: Sample[]) {
  const texts = new Map(samples.map((s) => [s.url, s.text]));
  const fetchText: FetchText = async (url) => {
    const text = texts.get(url);
    return text === undefined ? { ok: false, reason: 'unavailable' } : { ok: true, text };
  };
  return async () => {
    for (const sample of samples) await resolveVast(sample.url, fetchText);
  };
}

function vastClientFor(samples: Sample[]) {
  const texts = new Map(samples.map((s) => [s.url, s.text]));
  const quiet = { warning: () => {}, error: () => {}, fatalError: () => {} };
  // What vast-client's own Node URL handler does with a response: @xmldom/xmldom's DOMParser.
  const urlHandler = {
    async get(url: string) {
      const text = texts.get(url);
      if (text === undefined) return { error: new Error('offline'), statusCode: null };
      try {
        const xml = new DOMParser({ errorHandler: quiet }).parseFromString(text, 'text/xml');
        return { xml, details: { byteLength: text.length, statusCode: 200, rawXml: text } };
      } catch (error) {
        return { error, statusCode: null };
      }
    },
  };
  const client = new VASTClient();
  return async () => {
    for (const sample of samples) {
      try {
        await client.get(sample.url, { urlHandler, resolveAll: true, wrapperLimit: 5 });
      } catch {
        // a VAST error: the same documents fail for us
      }
    }
  };
}

async function msPerDocument(pass: () => Promise<void>, documents: number) {
  const start = performance.now();
  for (let i = 0; i < PASSES; i++) await pass();
  return (performance.now() - start) / (PASSES * documents);
}

/** Interleaved runs (A B, then B A, ...): milliseconds per document for each side. */
export async function measureVastParse(runs: number) {
  const samples = loadSamples();
  const ours = oursFor(samples);
  const theirs = vastClientFor(samples);
  // Warm-up, so both are measured with optimised code.
  for (let i = 0; i < 3; i++) {
    await msPerDocument(ours, samples.length);
    await msPerDocument(theirs, samples.length);
  }
  const oursMs: number[] = [];
  const theirsMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) {
      oursMs.push(await msPerDocument(ours, samples.length));
      theirsMs.push(await msPerDocument(theirs, samples.length));
    } else {
      theirsMs.push(await msPerDocument(theirs, samples.length));
      oursMs.push(await msPerDocument(ours, samples.length));
    }
  }
  return { documents: samples.length, passes: PASSES, oursMs, theirsMs };
}

/** @jest-environment node */
// The boot actor altered in this test only: titles keep their "1. " prefix. The first divergence the
// replayer reports must be the boot actor's content/loaded action.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlightLog } from '../../src/recorder/format';
import { replayLog } from '../../tools/replay/replay';
import { formatDivergence } from '../../tools/replay/report';

jest.mock('../../sagas/boot/cleanTitle', () => ({ cleanTitle: (title: string) => title }));

it('reports the first action that the altered actor puts differently', async () => {
  const log = JSON.parse(
    readFileSync(join(__dirname, 'series-cross-origin.flight.json'), 'utf8'),
  ) as FlightLog;
  const loaded = log.entries.find((e) => e.kind === 'put' && e.action.type === 'content/loaded');
  const result = await replayLog(log);
  expect(result.ok).toBe(false);
  expect(result.divergence).toMatchObject({
    seq: loaded!.seq,
    actor: 'boot',
    reason: 'the actors did something else',
    expected: { kind: 'put', action: { type: 'content/loaded' } },
    actual: { kind: 'put', action: { type: 'content/loaded' } },
  });
  const report = formatDivergence(result);
  expect(report).toContain(`DIVERGENCE at entry #${loaded!.seq}`);
  expect(report).toMatch(/- +"title": "Пилот"/);
  expect(report).toMatch(/\+ +"title": "1\. Пилот"/);
});

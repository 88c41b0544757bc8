// The timeline page of a replayed log: the model (model.ts), packed (data.ts), in the HTML shell
// (page.ts) that the client script (client/, bundled by page.ts) draws from.
import type { FlightLog } from '../../../src/recorder/format';
import type { Finding } from '../finding';
import type { ReplayResult } from '../replay';
import { pageData } from './data';
import { timelineModel } from './model';
import { renderPage } from './page';

export function renderTimeline(log: FlightLog, result: ReplayResult, findings?: Finding[]): string {
  const model = timelineModel(log, result, findings);
  const data = pageData(model, `Flight log ${log.header.sessionStart}`);
  return renderPage(log.header, result, data, findings !== undefined);
}

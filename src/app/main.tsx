import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PlayerRoot } from '../components/PlayerRoot';
import { createBrowserPorts } from '../ports/browser';
import { parseConfig } from './config';
import { createPlayer } from './createPlayer';
import { installDebugApi } from './debugApi';
import { readFrameDataset } from './frameDataset';

const config = parseConfig({
  search: location.search,
  origin: location.origin,
  dataset: readFrameDataset(),
});
const video = document.getElementById('video') as HTMLVideoElement;
const ports = createBrowserPorts(video);
const { store } = createPlayer({ ports, config });
installDebugApi(store, config);

createRoot(document.getElementById('ui') as HTMLElement).render(
  <Provider store={store}>
    <PlayerRoot onReload={() => location.reload()} />
  </Provider>,
);

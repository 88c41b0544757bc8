// npm start: the demo backend on 127.0.0.1, port from PORT (default 8080).
import { startDemoServer } from './app';

const port = Number(process.env.PORT ?? 8080);

startDemoServer(port).then(
  (server) => {
    console.log(`Demo host page: ${server.url}/host.html`);
    console.log(`Embed page:     ${server.url}/?movie_id=1`);
    const stop = () => server.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  },
  (error: Error) => {
    console.error(`Could not start the demo server on port ${port}: ${error.message}`);
    process.exit(1);
  },
);

export default async function globalTeardown() {
  await globalThis.__demoServer?.close();
}

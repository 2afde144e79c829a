// The flags every tool of the project starts Debian's chromium with (the tests, npm run shots,
// npm run lighthouse): no sandbox (containers), no GPU, and no network but this machine's own
// address: the pages link to shops, they load nothing from them.
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

// site dev's first build: a spec saved while it runs is built once it is done. The folders are
// watched before the build reads them; before, a save in the second or so the first build took
// was never seen, and the page kept the old price until the next save.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { DateTime } from "luxon";
import { expect, test } from "vitest";
import { createDevServer } from "../../server/dev/index.ts";
import { materialize } from "../support/fixtures.ts";

const now = DateTime.fromISO("2025-06-05T00:00+08:00", { setZone: true });

test("a price saved while the first build runs is served once that build is done", async () => {
  const fixture = materialize("base");
  const prices = join(fixture.root, "specs", "prices.yaml");
  let saved = false;
  const dev = await createDevServer({
    specsDir: join(fixture.root, "specs"),
    // The first build asks for the instant once it has read and checked the specs: the save
    // lands after that read, while the build compiles and renders.
    now: () => {
      if (!saved) {
        saved = true;
        writeFileSync(prices, readFileSync(prices, "utf8").replace("[1299, 8499]", "[1199, 8499]"));
      }
      return now;
    },
    clock: () => now.toMillis(),
    log: () => {},
    settleMs: 10,
  });
  const server = createServer(dev.handler);
  try {
    const first = await dev.start();
    expect(first.ok).toBe(true);
    expect(saved).toBe(true);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const page = `http://127.0.0.1:${(server.address() as AddressInfo).port}/us/flagship-bumblebee`;
    const price = async () => /<span class="price"[^>]*>([^<]+)</.exec(await (await fetch(page)).text())?.[1];
    await expect.poll(price).toBe("$1,199");
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await dev.close();
    fixture.cleanup();
  }
});

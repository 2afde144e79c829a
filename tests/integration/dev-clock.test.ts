// site dev keeps its site as of its clock: when the clock passes the site's next change (a
// campaign's stage begins), the pages change with no save, as a deployed site's do when the build
// at that instant goes out.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { DateTime } from "luxon";
import { expect, test } from "vitest";
import { createDevServer, type RebuildReport } from "../../server/dev/index.ts";
import { materialize } from "../support/fixtures.ts";

// The base fixture's Summer sale: Early ends and Main begins, whose menu entry is "Summer".
const MAIN_BEGINS = DateTime.fromISO("2025-06-08T00:00+08:00", { setZone: true });

test("the clock passing a stage's start serves the next stage, with no save", async () => {
  const fixture = materialize("base");
  // A minute before, running on; moved forward by the test as a clock set forward (or a machine
  // woken from sleep) moves.
  let offset = MAIN_BEGINS.toMillis() - 60_000 - Date.now();
  const clock = () => Date.now() + offset;
  const reports: RebuildReport[] = [];
  const dev = await createDevServer({
    specsDir: join(fixture.root, "specs"),
    now: () => DateTime.fromMillis(clock()),
    clock,
    log: () => {},
    settleMs: 10,
  });
  dev.onRebuild((report) => reports.push(report));
  const server = createServer(dev.handler);
  try {
    expect((await dev.start()).ok).toBe(true);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const page = `http://127.0.0.1:${(server.address() as AddressInfo).port}/us/sale`;
    const menu = async () => /<span class="nav-label">Summer<\/span>/.test(await (await fetch(page)).text());
    expect(await menu()).toBe(false);

    offset = MAIN_BEGINS.toMillis() - Date.now();
    await expect.poll(menu).toBe(true);
    expect(reports.map((r) => r.changed)).toEqual([
      [`clock passed ${MAIN_BEGINS.toISO({ suppressMilliseconds: true })}`],
    ]);
    expect(reports[0]!.pages).toBeGreaterThan(0);
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await dev.close();
    fixture.cleanup();
  }
});

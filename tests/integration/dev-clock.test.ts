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

/**
 * site dev of a fixture case, its clock a minute before `instant` and running on; `setClock` moves
 * it, as a clock set forward (or a machine woken from sleep) moves.
 */
async function devBefore(fixtureCase: string, instant: DateTime) {
  const fixture = materialize(fixtureCase);
  let offset = instant.toMillis() - 60_000 - Date.now();
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
  const first = await dev.start();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    first,
    reports,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setClock: (to: DateTime) => {
      offset = to.toMillis() - Date.now();
    },
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await dev.close();
      fixture.cleanup();
    },
  };
}

test("the clock passing a stage's start serves the next stage, with no save", async () => {
  const dev = await devBefore("base", MAIN_BEGINS);
  try {
    expect(dev.first.ok).toBe(true);
    const menu = async () =>
      /<span class="nav-label">Summer<\/span>/.test(await (await fetch(`${dev.url}/us/sale`)).text());
    expect(await menu()).toBe(false);

    dev.setClock(MAIN_BEGINS);
    await expect.poll(menu).toBe(true);
    expect(dev.reports.map((r) => r.changed)).toEqual([
      [`clock passed ${MAIN_BEGINS.toISO({ suppressMilliseconds: true })}`],
    ]);
    expect(dev.reports[0]!.pages).toBeGreaterThan(0);
  } finally {
    await dev.close();
  }
});

// tests/fixtures/campaign-without-page: the autumn campaign, which no page names, ends then.
const AUTUMN_ENDS = DateTime.fromISO("2025-09-15T00:00+08:00", { setZone: true });

test("an error that holds only while a campaign runs is gone when the clock passes its end, with no save", async () => {
  const dev = await devBefore("campaign-without-page", AUTUMN_ENDS);
  try {
    expect(dev.first.ok).toBe(false);
    const home = async () => (await fetch(`${dev.url}/us`)).status;
    expect(await home()).not.toBe(200);

    dev.setClock(AUTUMN_ENDS);
    await expect.poll(home).toBe(200);
    expect(dev.reports.map((r) => [r.changed, r.ok])).toEqual([
      [[`clock passed ${AUTUMN_ENDS.toUTC().toISO()}`], true],
    ]);
  } finally {
    await dev.close();
  }
});

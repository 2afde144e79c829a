// How site dev turns saves into rebuilds (server/dev/watcher.ts, gatherChanges), on a fake clock:
// saves that come close together are built once, and a rebuild is never run beside another.
// The real watcher's part, a burst of saves through chokidar, is tests/e2e/dev.test.ts's.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { gatherChanges } from "../../server/dev/watcher.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test("saves within the settle time of each other are built once, the paths sorted and each named once", async () => {
  const runs: string[][] = [];
  const changed = gatherChanges(30, async (paths) => {
    runs.push(paths);
  });
  changed("specs/prices.yaml");
  await vi.advanceTimersByTimeAsync(20);
  changed("specs/catalogue.yaml");
  await vi.advanceTimersByTimeAsync(20);
  changed("specs/prices.yaml");
  await vi.advanceTimersByTimeAsync(29);
  // 69 ms after the first save, but only 29 after the last: still gathering.
  expect(runs).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(runs).toEqual([["specs/catalogue.yaml", "specs/prices.yaml"]]);
});

test("a save during a rebuild waits for it to end, then the saves made meanwhile are built once", async () => {
  const runs: string[][] = [];
  let finish = () => {};
  const changed = gatherChanges(30, (paths) => {
    runs.push(paths);
    return new Promise<void>((resolve) => {
      finish = resolve;
    });
  });
  changed("specs/prices.yaml");
  await vi.advanceTimersByTimeAsync(30);
  expect(runs).toEqual([["specs/prices.yaml"]]);
  changed("templates/pages/article.tsx");
  changed("specs/pages.yaml");
  await vi.advanceTimersByTimeAsync(1_000);
  expect(runs, "never two rebuilds at once").toHaveLength(1);
  finish();
  await vi.advanceTimersByTimeAsync(0);
  expect(runs).toEqual([["specs/prices.yaml"], ["specs/pages.yaml", "templates/pages/article.tsx"]]);
  finish();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(runs, "nothing is built twice").toHaveLength(2);
});

// A countdown at zero and the deployed build (DESIGN "Time": never a reload loop). It asks for
// build.json at once, then after 2 s doubling to 60 s, uncached, and reloads when the deployed
// build is as of the countdown's end or later: at most once per build (sessionStorage), and never
// where nothing can be remembered.
import { describe, expect, test } from "vitest";
import {
  backoffDelay,
  BUILD_INFO_PATH,
  reloadIfCodeReplaced,
  reloadWhenDeployed,
} from "../../runtime/deployed-build.ts";
import { MemoryStorage } from "../support/runtime-doubles.ts";

describe("a countdown at zero and the deployed build", () => {
  const endsAt = Date.parse("2024-11-30T00:00+01:00");
  /** A fake server and timers: `deployed` is what build.json says; `step` runs the next timer. */
  function harness(storage: Storage | null = new MemoryStorage()) {
    const state = { deployed: "2024-11-29T23:59:50.000+01:00", asked: 0, reloads: 0, delays: [] as number[] };
    const timers: (() => void)[] = [];
    const fakeFetch = (async (input: string, init?: RequestInit) => {
      expect(input).toBe(BUILD_INFO_PATH);
      expect(init?.cache).toBe("no-store");
      state.asked++;
      return new Response(JSON.stringify({ now: state.deployed, nextChange: null }), { status: 200 });
    }) as typeof fetch;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const start = () =>
      reloadWhenDeployed(endsAt, {
        fetch: fakeFetch,
        storage,
        reload: () => state.reloads++,
        setTimeout: (run, ms) => {
          state.delays.push(ms);
          return timers.push(run);
        },
        clearTimeout: () => {},
      });
    const step = async () => {
      timers.shift()?.();
      await settle();
    };
    return { state, start, step, settle };
  }

  test("the delays are 2 s doubling to at most 60 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n))).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });

  test("an older build: it asks at once, then with backoff, and never reloads", async () => {
    const { state, start, step, settle } = harness();
    start();
    await settle();
    for (let i = 0; i < 6; i++) await step();
    expect(state.asked).toBe(7);
    expect(state.delays).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(state.reloads).toBe(0);
  });

  test("a build as of the end reloads once; the same build again never reloads", async () => {
    const storage = new MemoryStorage();
    const first = harness(storage);
    first.start();
    await first.settle();
    first.state.deployed = "2024-11-30T00:00:00.000+01:00";
    await first.step();
    expect(first.state.reloads).toBe(1);

    // The reloaded page still has the old end (a cached page, say): the same build, no reload.
    const again = harness(storage);
    again.state.deployed = "2024-11-30T00:00:00.000+01:00";
    again.start();
    await again.settle();
    await again.step();
    expect(again.state.asked).toBe(2);
    expect(again.state.reloads).toBe(0);

    // A newer build still is another chance.
    again.state.deployed = "2024-11-30T00:05:00.000+01:00";
    await again.step();
    expect(again.state.reloads).toBe(1);
  });

  test("without sessionStorage it never reloads: a loop is worse than a stale page", async () => {
    const { state, start, settle } = harness(null);
    state.deployed = "2024-11-30T00:00:00.000+01:00";
    start();
    await settle();
    expect(state.reloads).toBe(0);
  });
});

describe("an island's code that does not load, and the code deployed", () => {
  const page = "https://www.mechanova.com/us/elite-optimus-prime";
  const ours = "/assets/main-URM46EJ6.js";
  const htmlWith = (entry: string) =>
    `<!DOCTYPE html><html lang="en"><head><script type="module" src="${entry}"></script></head><body></body></html>`;
  /** A server whose page names `entry`, or that does not answer (null); counts the reloads. */
  function harness(entry: string | null, storage: Storage | null = new MemoryStorage()) {
    const state = { reloads: 0, asked: [] as string[] };
    const check = () =>
      reloadIfCodeReplaced({
        url: page,
        entry: ours,
        storage,
        reload: () => state.reloads++,
        fetch: (async (input: string, init?: RequestInit) => {
          state.asked.push(input);
          expect(init?.cache).toBe("no-store");
          if (entry === null) throw new TypeError("Failed to fetch");
          return new Response(htmlWith(entry), { status: 200 });
        }) as typeof fetch,
      });
    return { state, check };
  }

  test("a deploy that replaced the code: the page is loaded again, once for that deploy", async () => {
    const storage = new MemoryStorage();
    const { state, check } = harness("/assets/main-NEW00001.js", storage);
    expect(await check()).toBe(true);
    expect(state.asked).toEqual([page]);
    // The reloaded page still cannot load it (the host's cache, say): no second reload, no loop.
    expect(await check()).toBe(false);
    expect(state.reloads).toBe(1);
    // Another deploy after it is another chance.
    const next = harness("/assets/main-NEW00002.js", storage);
    expect(await next.check()).toBe(true);
  });

  test("the same code (a dropped connection) or no answer: no reload, the island tries again later", async () => {
    for (const entry of [ours, null]) {
      const { state, check } = harness(entry);
      expect(await check()).toBe(false);
      expect(state.reloads).toBe(0);
    }
  });

  test("without sessionStorage it never reloads: a loop is worse than a static island", async () => {
    const { state, check } = harness("/assets/main-NEW00001.js", null);
    expect(await check()).toBe(false);
    expect(state.reloads).toBe(0);
  });
});

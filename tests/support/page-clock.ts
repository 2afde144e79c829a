// A page whose clock is Playwright's fake one (page.clock), for tests of what the page does over
// time: the page's seconds pass only when the test says so, however fast or busy the machine is.
// What such a test may wait for in real time is the page catching up (a request sent, an answer
// read), never a number of milliseconds.
import type { Page } from "playwright-core";

/**
 * Opens `url` with the visitor's clock at `visitorTime` and paused there, and resolves once the
 * server's time (/ssr/timestamp) has reached the page: from then on countdowns follow it. The
 * clock stays paused until the server's answer is in, so the request's own timeout (a fake
 * setTimeout) can never run out while a busy machine is slow to answer.
 */
export async function openWithFakeClock(page: Page, url: string, visitorTime: Date): Promise<void> {
  // Before the clock is installed: the fake one replaces performance, whose entries it leaves
  // empty. Each answer the page has in full is counted by path, on every load of the page.
  await page.addInitScript(() => {
    const answered: Record<string, number> = {};
    (window as unknown as { __answered: Record<string, number> }).__answered = answered;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const path = new URL(entry.name).pathname;
        answered[path] = (answered[path] ?? 0) + 1;
      }
    }).observe({ type: "resource", buffered: true });
  });
  await page.clock.install({ time: visitorTime });
  const stamped = page.waitForResponse((response) => new URL(response.url()).pathname === "/ssr/timestamp");
  await page.goto(url);
  await pauseSoon(page);
  await (await stamped).finished();
  await answersRead(page, "/ssr/timestamp", 1);
}

/**
 * Pauses the page's clock a moment ahead of the page's time. Its time runs meanwhile: on a busy
 * machine the moment can be past before the pause arrives ("cannot fast-forward to the past"),
 * and then it is read again.
 */
async function pauseSoon(page: Page): Promise<void> {
  for (;;) {
    try {
      await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 100));
      return;
    } catch (error) {
      if (!String(error).includes("to the past")) throw error;
    }
  }
}

/**
 * Waits until a page opened by openWithFakeClock has had `count` answers from `path` (since its
 * document loaded) in full, and has run what it does with them: resource timing reports an
 * answer once its body is in, and two turns of the page's event loop (a MessageChannel, which
 * the fake clock does not hold back) run the code awaiting it.
 */
export async function answersRead(page: Page, path: string, count: number): Promise<void> {
  const read = () =>
    page.evaluate((p) => (window as unknown as { __answered: Record<string, number> }).__answered[p] ?? 0, path);
  // Polled from here, on this process's own timers: the page's are the fake clock's.
  while ((await read()) < count) await new Promise((resolve) => setTimeout(resolve, 50));
  await settled(page);
}

/** Two turns of the page's event loop: whatever the page had queued has run. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let turn = 0; turn < 2; turn++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

/** Moves the page's clock a second at a time until `ready` says what the page shows is there. */
export async function runUntil(page: Page, ready: () => Promise<boolean>, limitMs = 60_000): Promise<void> {
  for (let ran = 0; !(await ready()); ran += 1_000) {
    if (ran >= limitMs) throw new Error(`not there after ${limitMs / 1000} s of the page's time`);
    await page.clock.runFor(1_000);
  }
}

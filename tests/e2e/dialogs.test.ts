// The dialogs of the site as a shopper uses them, in Chromium: Grimlock's Watch Video plays the
// clip the spec names (replay, full screen), his programming actions and voice command words open
// in the same dialog, each keeps Tab inside, closes on Escape or its close button and gives focus
// back; and the new-user invitation never covers the price or the buy button on a phone.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { cutPlaceholders } from "../support/placeholders.ts";
import { serveBuiltSite } from "../support/served-site.ts";

const GRIMLOCK = "/us/grimlock-g1-flagship";
const site = serveBuiltSite({ now: "2025-09-01T12:00+02:00", clock: () => Date.parse("2025-09-01T10:00:00Z") });

// A page of an earlier test, loaded afresh, where there is one (served-site.ts, visit).
const open = (path: string, width?: number) => site.visit(path, width);

const isOpen = (page: Page, id: string) =>
  page.evaluate((id) => (document.getElementById(id) as HTMLDialogElement | null)?.open ?? false, id);
/** What has focus: its id, or its data-dialog-open target, or its tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.dialogOpen ? `opener of ${el.dataset.dialogOpen}` : el?.id || el?.tagName || "";
  });
const video = (page: Page) =>
  page.evaluate(() => {
    const v = document.querySelector<HTMLVideoElement>("#hero-video video")!;
    return { paused: v.paused, time: v.currentTime, src: v.currentSrc, size: v.videoWidth };
  });

/** Presses Tab (or Shift+Tab) as often as the dialog has controls and more; focus must stay in it. */
async function tabsStayInside(page: Page, id: string): Promise<void> {
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(key);
      const inside = await page.evaluate((id) => document.getElementById(id)!.contains(document.activeElement), id);
      expect(inside, `${key} #${i + 1} left the dialog`).toBe(true);
    }
  }
}

describe.concurrent("Grimlock's Watch Video", () => {
  test("opens a dialog that plays the spec's clip, replays it, goes full screen, and closes on Escape", async ({
    expect,
  }) => {
    const page = await open(GRIMLOCK);
    const watch = page.locator('#hero [data-dialog-open="hero-video"]');
    expect(await watch.innerText()).toBe("Watch Video");
    expect(await isOpen(page, "hero-video")).toBe(false);
    await watch.click();
    expect(await isOpen(page, "hero-video")).toBe(true);
    expect(await page.evaluate(() => document.getElementById("hero-video")!.matches(":modal"))).toBe(true);
    // It plays the clip of the spec (grimlock-transform), and the picture moves.
    await expect.poll(async () => (await video(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.3);
    const playing = await video(page);
    expect(playing.paused).toBe(false);
    expect(new URL(playing.src).pathname).toBe("/videos/grimlock-transform.webm");
    expect(playing.size).toBeGreaterThan(0);

    // Replay goes back to the start and plays on.
    await page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>("#hero-video video")!;
      v.addEventListener("seeking", () => ((window as unknown as { seekedTo: number }).seekedTo = v.currentTime));
    });
    await page.click("#hero-video [data-video-replay]");
    await expect.poll(() => page.evaluate(() => (window as unknown as { seekedTo?: number }).seekedTo)).toBe(0);
    expect((await video(page)).paused).toBe(false);

    // Full screen shows the film itself full screen.
    await page.click("#hero-video [data-video-fullscreen]");
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.matches("#hero-video video") ?? false))
      .toBe(true);
    await page.evaluate(() => document.exitFullscreen());
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    await tabsStayInside(page, "hero-video");
    await page.keyboard.press("Escape");
    expect(await isOpen(page, "hero-video")).toBe(false);
    // The dialog's close event, which pauses the film, comes a task after the dialog closes.
    await expect.poll(async () => (await video(page)).paused).toBe(true);
    expect(await focused(page)).toBe("opener of hero-video");
    site.release(page);
  });

  test("its close button is a round control of touch size that closes it", async ({ expect }) => {
    const page = await open(GRIMLOCK, 390);
    await page.click('[data-dialog-open="hero-video"]');
    const close = page.locator("#hero-video .dialog__close");
    expect(await close.getAttribute("aria-label")).toBe("Close");
    const box = (await close.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await close.evaluate((el) => getComputedStyle(el).borderRadius)).toBe("50%");
    await close.click();
    expect(await isOpen(page, "hero-video")).toBe(false);
    site.release(page);
  });
});

describe.concurrent("Grimlock's dialogs", () => {
  test("the programming actions open from the keyboard, list the four modes, and give focus back", async ({
    expect,
  }) => {
    const page = await open(GRIMLOCK);
    await page.focus('[data-dialog-open="programming-more"]');
    await page.keyboard.press("Enter");
    expect(await isOpen(page, "programming-more")).toBe(true);
    const dialog = page.locator("#programming-more");
    expect(await dialog.locator("h2").innerText()).toBe("Four Ways to Program Grimlock");
    expect(await dialog.locator(".feature-dialog__name").allInnerTexts()).toEqual([
      "Block-based",
      "Manual",
      "Voice",
      "Computer-based",
    ]);
    await tabsStayInside(page, "programming-more");
    await page.keyboard.press("Escape");
    expect(await isOpen(page, "programming-more")).toBe(false);
    expect(await focused(page)).toBe("opener of programming-more");
    site.release(page);
  });

  test("the voice command words open in their groups (23, 8, 7) and close with the close button", async ({
    expect,
  }) => {
    const page = await open(GRIMLOCK);
    await page.click('[data-dialog-open="voice-commands-dialog"]');
    expect(await isOpen(page, "voice-commands-dialog")).toBe(true);
    const counts = await page
      .locator("#voice-commands-dialog .voice-commands__group")
      .evaluateAll((groups) => groups.map((g) => g.querySelectorAll("li").length));
    expect(counts).toEqual([23, 8, 7]);
    // Modal: the page behind takes no clicks while it is open.
    expect(await page.evaluate(() => document.getElementById("voice-commands-dialog")!.matches(":modal"))).toBe(true);
    await page.click("#voice-commands-dialog .dialog__close");
    expect(await isOpen(page, "voice-commands-dialog")).toBe(false);
    expect(await focused(page)).toBe("opener of voice-commands-dialog");
    site.release(page);
  });
});

describe.concurrent("the new-user pop-up on a phone (390 px)", () => {
  /** Whether the pop-up, where it shows, overlaps the product's price or its buy button. */
  const coversBuyArea = (page: Page) =>
    page.evaluate(() => {
      const popup = document.getElementById("new-user-popup") as HTMLDialogElement;
      if (!popup.open || !popup.checkVisibility({ visibilityProperty: true })) return false;
      const a = popup.getBoundingClientRect();
      return [".product-price", ".product-summary .button"].some((selector) => {
        const b = document.querySelector(selector)!.getBoundingClientRect();
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      });
    });

  test("never covers the price or the buy button, and closes with its own button", async ({ expect }) => {
    // A first visit: a context of its own, without the returning visitor's storage.
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(site.url + GRIMLOCK);
      await page.waitForSelector('[data-island="newUserPopup"][data-hydrated]', { state: "attached" });
      expect(await page.locator(".product-summary .button").isVisible()).toBe(true);
      expect(await coversBuyArea(page)).toBe(false);

      // Scrolled past the price, the shopper is invited.
      await page.evaluate(() => {
        const summary = document.querySelector(".product-summary")!;
        window.scrollTo(0, summary.getBoundingClientRect().bottom + window.scrollY + 200);
      });
      await expect.poll(() => isOpen(page, "new-user-popup")).toBe(true);
      expect(await page.locator("#new-user-popup").isVisible()).toBe(true);
      expect(await page.evaluate(cutPlaceholders, "#new-user-popup"), "the field shows its whole placeholder").toEqual(
        [],
      );

      // Back at the price, with it at the bottom of the screen where the sheet was: it steps aside.
      await page.evaluate(() => {
        const price = document.querySelector(".product-price")!;
        window.scrollTo(0, price.getBoundingClientRect().top + window.scrollY - window.innerHeight + 120);
      });
      await expect.poll(() => coversBuyArea(page)).toBe(false);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => coversBuyArea(page)).toBe(false);

      // Away from the price again, it is back, and its close button closes it.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      const close = page.locator("#new-user-popup .dialog__close");
      await expect.poll(() => close.isVisible()).toBe(true);
      const box = (await close.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      await close.click();
      expect(await isOpen(page, "new-user-popup")).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe("Optimus Prime's community box", () => {
  test("its confirm button removes it, and focus goes on with the page where the box was", async () => {
    const page = await open("/us/elite-optimus-prime");
    const confirm = page.locator(".community-box button");
    await confirm.focus();
    await page.keyboard.press("Enter");
    // At once, or as soon as its code has arrived, if the press came first.
    await expect.poll(() => page.locator(".community-box").count()).toBe(0);
    // Its section goes with it: no empty band is left where the box was.
    expect(await page.locator('[data-section="community"]').isVisible()).toBe(false);
    // Not the document's top: what followed the box (the page's footer), in view where the box was.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("site-footer");
    const footerTop = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
    expect(footerTop).toBeGreaterThanOrEqual(0);
    expect(footerTop).toBeLessThan(await page.evaluate(() => window.innerHeight));
    // The next Tab reaches a control after the box, not the header's first link.
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => {
        const section = document.querySelector('[data-section="community"]')!;
        return Boolean(section.compareDocumentPosition(document.activeElement!) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    site.release(page);
  });
});

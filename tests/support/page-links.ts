// A link the test puts into a page for the runtime to follow, as a shopper's click would: the
// router only sees clicks on links, and the pages link to what a test needs from wherever it is.
import type { Page } from "playwright-core";

/**
 * Puts a link to `href` at the end of the page's main (in place of one put there before) and
 * returns its selector, for a click to follow.
 */
export async function linkTo(page: Page, href: string): Promise<string> {
  await page.evaluate((target) => {
    document.getElementById("test-link")?.remove();
    const a = document.createElement("a");
    a.href = target;
    a.textContent = target;
    a.id = "test-link";
    document.querySelector("main")!.append(a);
  }, href);
  return "#test-link";
}

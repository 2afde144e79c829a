// The browser side of site dev: the script every page it serves loads, which reloads the page on
// a rebuild, shows the errors while the specs or the templates are broken, and shows the error
// of a page that failed to render.

export const CLIENT_PATH = "/__site/client.js";
export const EVENTS_PATH = "/__site/events";
/** The element of a page that failed to render that holds its error (the client shows it). */
export const RENDER_ERROR_ID = "__site-render-error";
/**
 * What a page needs to load the client, at the end of its head, with the number of the build it
 * was served from (DevEvents.build).
 */
export function clientTag(build: number): string {
  return `<script type="module" src="${CLIENT_PATH}?build=${build}"></script>`;
}

export const CLIENT = `
const overlayId = "__site-error-overlay";
const show = (text) => {
  let overlay = document.getElementById(overlayId);
  if (!overlay) {
    overlay = document.createElement("div");
    overlay.id = overlayId;
    overlay.setAttribute("role", "alert");
    overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(17,24,39,.94);color:#f9fafb;overflow:auto;padding:32px;font:14px/1.5 ui-monospace,monospace";
    document.body.append(overlay);
  }
  const pre = document.createElement("pre");
  pre.style.whiteSpace = "pre-wrap";
  pre.textContent = text;
  overlay.replaceChildren(pre);
};
const events = new EventSource(${JSON.stringify(EVENTS_PATH)});
events.addEventListener("reload", () => location.reload());
// A rebuild that came after the page was served but before its stream connected told the other
// pages only: on connecting, a page served from an earlier build than the current one reloads.
const servedFrom = new URL(import.meta.url).searchParams.get("build");
events.addEventListener("build", (event) => {
  if (servedFrom !== null && servedFrom !== event.data) location.reload();
});
events.addEventListener("error-report", (event) => show(JSON.parse(event.data)));
const failed = document.getElementById(${JSON.stringify(RENDER_ERROR_ID)});
if (failed) show(failed.textContent);
`;

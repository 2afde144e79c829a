// The event stream of site dev: the open pages, told to reload after a rebuild and shown the
// errors of one that failed; and, sent to a page as soon as it connects, the error shown now and
// the number of the last rebuild, so that a page served before it reloads (client.ts).

import type { IncomingMessage, ServerResponse } from "node:http";

export class DevEvents {
  private readonly clients = new Set<ServerResponse>();
  private errorText: string | null = null;
  private heldError: NodeJS.Timeout | undefined;
  /** Counts the rebuilds the pages were told to reload after: a page says which it was served from. */
  private builds = 0;

  constructor(
    private readonly log: (line: string) => void,
    /** How long the files of a change must hold still before its errors are shown. */
    private readonly errorSettleMs: number,
  ) {}

  /** The error the pages show now; null while the site builds. */
  get error(): string | null {
    return this.errorText;
  }

  /** Answers a page's request for the stream, and keeps it open until the page goes. */
  connect(request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      connection: "keep-alive",
    });
    response.write(`: connected\n\nevent: build\ndata: ${this.builds}\n\n`);
    if (this.errorText) response.write(`event: error-report\ndata: ${JSON.stringify(this.errorText)}\n\n`);
    this.clients.add(response);
    request.on("close", () => this.clients.delete(response));
  }

  /** The build a page served now is from, for its client tag (client.ts). */
  get build(): number {
    return this.builds;
  }

  /** Tells the open pages to reload: the site changed (`changed`: the files that changed it). */
  reload(changed: readonly string[]): void {
    this.builds++;
    this.broadcast("reload", changed);
  }

  private broadcast(event: string, data: unknown): void {
    for (const client of this.clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /**
   * Shows errors in the browser and says so in the terminal. After a change, only once the files
   * have held still for errorSettleMs: an editor or a copy caught half-way through writing a file
   * would otherwise flash an error that the rest of the file fixes. A newer change cancels it.
   */
  showError(text: string, line: string, changed: readonly string[]): void {
    clearTimeout(this.heldError);
    const show = () => {
      this.heldError = undefined;
      this.errorText = text;
      this.broadcast("error-report", text);
      this.log(line);
    };
    if (changed.length === 0) show();
    else this.heldError = setTimeout(show, this.errorSettleMs);
  }

  /** Drops an error waiting to be shown: a newer change, or a build that succeeded, decides. */
  cancelHeldError(): void {
    clearTimeout(this.heldError);
    this.heldError = undefined;
  }

  /** Forgets the error shown; true when there was one (the pages showing it must reload). */
  clearError(): boolean {
    const wasBroken = this.errorText !== null;
    this.errorText = null;
    return wasBroken;
  }

  /** Ends every open stream. */
  close(): void {
    for (const client of this.clients) client.end();
  }
}

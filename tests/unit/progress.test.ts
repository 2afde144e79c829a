// The progress line of a long stage: counts on a terminal after a second, nothing in a pipe.
import { expect, test } from "vitest";
import { createProgress } from "../../cli/print/progress.ts";

function terminal(isTTY: boolean) {
  const written: string[] = [];
  let clock = 0;
  const progress = createProgress({ isTTY, write: (t: string) => written.push(t) }, () => clock);
  return { written, progress, at: (ms: number) => (clock = ms) };
}

test("on a terminal, a stage that runs past a second shows its counts in place, then clears them", () => {
  const { written, progress, at } = terminal(true);
  progress.update("render", 100, 10_003);
  at(600);
  progress.update("render", 2_000, 10_003);
  expect(written).toEqual([]);
  at(1_200);
  progress.update("render", 4_200, 10_003);
  at(1_250);
  progress.update("render", 4_300, 10_003);
  at(1_400);
  progress.update("render", 10_003, 10_003);
  progress.done();
  expect(written).toEqual([
    "\r\x1b[Krender   4,200 / 10,003 pages",
    "\r\x1b[Krender   10,003 / 10,003 pages",
    "\r\x1b[K",
  ]);
});

test("a quick stage, and any stage when the output is not a terminal, print nothing", () => {
  const quick = terminal(true);
  quick.progress.update("render", 178, 178);
  quick.progress.done();
  expect(quick.written).toEqual([]);
  const piped = terminal(false);
  piped.at(5_000);
  piped.progress.update("render", 5_000, 10_003);
  piped.progress.done();
  expect(piped.written).toEqual([]);
});

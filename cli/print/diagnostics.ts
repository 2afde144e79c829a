// Printers for diagnostics: the data is the same, the reader differs. Pretty for people at a
// terminal (with a code frame), JSON for tools (the CLI contract), GitHub annotations for CI.
// Messages come escaped and cut from the catalogue (printable.ts); what else of a spec reaches a
// terminal (file names, the lines of a code frame) is escaped and cut here.

import type { Diagnostic } from "../../compiler/diagnostics/index.ts";
import type { SourceFile } from "../../compiler/load/source.ts";
import { printable, printableChars } from "../../compiler/diagnostics/printable.ts";
import { byCodeUnit } from "../../compiler/order.ts";
import { columnsOf } from "./width.ts";

/** A diagnostic with its offset turned into a position, as the CLI contract prints it. */
export interface PositionedDiagnostic {
  code: string;
  severity: string;
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units (as editors count). */
  column: number;
  message: string;
  hint: string | null;
}

export type Sources = ReadonlyMap<string, SourceFile>;

export function position(d: Diagnostic, sources: Sources): PositionedDiagnostic {
  const source = sources.get(d.location.file);
  const pos = source
    ? source.lineCounter.linePos(Math.min(d.location.offset, source.text.length))
    : { line: 1, col: 1 };
  return {
    code: d.code,
    severity: d.severity,
    file: d.location.file,
    line: pos.line,
    column: pos.col,
    message: d.message,
    hint: d.hint ?? null,
  };
}

/** Problems in reading order: by file, then by place in the file. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      byCodeUnit(a.location.file, b.location.file) ||
      a.location.offset - b.location.offset ||
      byCodeUnit(a.code, b.code),
  );
}

export function printJson(diagnostics: readonly Diagnostic[], sources: Sources): string {
  return JSON.stringify({ diagnostics: sortDiagnostics(diagnostics).map((d) => position(d, sources)) }, null, 2);
}

// As GitHub's toolkit escapes workflow commands: data escapes %, CR and LF; a property's value
// also , and : (which would end it).
const githubData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const githubProperty = (s: string) => githubData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

export function printGithub(diagnostics: readonly Diagnostic[], sources: Sources): string {
  return sortDiagnostics(diagnostics)
    .map((d) => {
      const p = position(d, sources);
      const text = printable(p.hint ? `${p.message} Hint: ${p.hint}` : p.message, MAX_MESSAGE);
      const file = githubProperty(printable(p.file));
      return `::${p.severity === "error" ? "error" : "warning"} file=${file},line=${p.line},col=${p.column},title=${githubProperty(p.code)}::${githubData(text)}`;
    })
    .join("\n");
}

export interface Style {
  red(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
  cyan(s: string): string;
}

const ansi = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;
const colours: Style = {
  red: ansi(31, 39),
  yellow: ansi(33, 39),
  dim: ansi(2, 22),
  bold: ansi(1, 22),
  cyan: ansi(36, 39),
};
export const plain: Style = { red: (s) => s, yellow: (s) => s, dim: (s) => s, bold: (s) => s, cyan: (s) => s };

/** Colour only for a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Style {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return plain;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== "0") return colours;
  return stream.isTTY ? colours : plain;
}

/** Terminal columns of a code frame's line shown, escapes counted as they are shown. */
const MAX_FRAME_WIDTH = 100;
/** A backstop for a message that quotes many values (each is already cut to MAX_QUOTED). */
const MAX_MESSAGE = 2_000;

export function printPretty(diagnostics: readonly Diagnostic[], sources: Sources, style: Style = plain): string {
  return sortDiagnostics(diagnostics)
    .map((d) => {
      const p = position(d, sources);
      const severity = p.severity === "error" ? style.red("error") : style.yellow("warning");
      const head = `${style.bold(`${printable(p.file)}:${p.line}:${p.column}`)} ${severity} ${style.dim(p.code)}  ${printable(p.message, MAX_MESSAGE)}`;
      const source = sources.get(d.location.file);
      // A file that could not be read has no text to frame.
      const frame = source?.text ? codeFrame(source.text, p.line, p.column, style, source.lineCounter.lineStarts) : "";
      const hint = p.hint ? `\n  ${style.cyan("hint:")} ${printable(p.hint, MAX_MESSAGE)}` : "";
      return head + (frame ? `\n${frame}` : "") + hint;
    })
    .join("\n\n");
}

/**
 * The line before, the line itself, and a caret under the column (both 1-based). Control
 * characters are shown escaped, and the caret counts them as shown; tabs are kept in the caret's
 * padding so it lines up however the terminal expands them, and a character two columns wide
 * (Chinese, Japanese, Korean, most emoji) gets two spaces; a long line is cut to a window of
 * MAX_FRAME_WIDTH columns around the column.
 */
export function codeFrame(
  text: string,
  line: number,
  column: number,
  style: Style = plain,
  lineStarts?: readonly number[],
): string {
  const lineOf = (n: number) => (lineStarts ? lineAt(text, n, lineStarts) : lineFromTop(text, n));
  const target = lineOf(line);
  if (target === undefined) return "";
  const gutterWidth = String(line).length;
  const out: string[] = [];
  if (line > 1)
    out.push(`  ${String(line - 1).padStart(gutterWidth)} ${style.dim("|")} ${lineStart(lineOf(line - 1) ?? "")}`);
  const { content, padding } = around(target, column - 1);
  out.push(`> ${String(line).padStart(gutterWidth)} ${style.dim("|")} ${content}`);
  out.push(`  ${" ".repeat(gutterWidth)} ${style.dim("|")} ${padding}${style.red("^")}`);
  return out.map((l) => ` ${l}`).join("\n");
}

/**
 * Line `n` (1-based) of the text without its line break, from the offsets where lines start: a
 * file with a problem on each of its lines is framed in one pass, not one pass per problem.
 */
function lineAt(text: string, n: number, lineStarts: readonly number[]): string | undefined {
  const start = lineStarts[n - 1];
  if (start === undefined || start > text.length) return undefined;
  const next = lineStarts[n];
  return text.slice(start, next === undefined ? text.length : next - 1).replace(/\r$/, "");
}

/** Line `n` (1-based) of the text without its line break, found without splitting the whole text. */
function lineFromTop(text: string, n: number): string | undefined {
  let start = 0;
  for (let i = 1; i < n; i++) {
    const next = text.indexOf("\n", start);
    if (next < 0) return undefined;
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  return text.slice(start, end < 0 ? text.length : end).replace(/\r$/, "");
}

/** The start of a line as shown, cut to the frame's width. */
function lineStart(raw: string): string {
  const shown = printableChars(raw.slice(0, MAX_FRAME_WIDTH + 1), { keepTabs: true });
  const cut = takeWidth(shown, MAX_FRAME_WIDTH);
  return cut.length < shown.length || raw.length > MAX_FRAME_WIDTH + 1 ? `${cut.join("")}…` : cut.join("");
}

/**
 * The part of a line shown around the 0-based index `at`: up to half the width before it (more
 * when the line ends soon after), the rest after it; and the blank that puts a caret under it.
 */
function around(raw: string, at: number): { content: string; padding: string } {
  const index = Math.max(0, Math.min(at, raw.length));
  // Each character shows as one or more: this much of the text always fills the window (never
  // starting or ending between the two halves of a surrogate pair).
  let from = Math.max(0, index - MAX_FRAME_WIDTH);
  if (isLowSurrogate(raw.charCodeAt(from))) from--;
  let to = Math.min(raw.length, index + MAX_FRAME_WIDTH);
  if (isLowSurrogate(raw.charCodeAt(to))) to++;
  const before = printableChars(raw.slice(from, index), { keepTabs: true });
  const after = printableChars(raw.slice(index, to), { keepTabs: true });
  const left = takeWidth(
    [...before].reverse(),
    Math.max(MAX_FRAME_WIDTH / 2, MAX_FRAME_WIDTH - widthOf(after)),
  ).reverse();
  const right = takeWidth(after, MAX_FRAME_WIDTH - widthOf(left));
  const cutLeft = left.length < before.length || from > 0;
  const cutRight = right.length < after.length || to < raw.length;
  const shownLeft = [...(cutLeft ? ["…"] : []), ...left];
  return {
    content: shownLeft.join("") + right.join("") + (cutRight ? "…" : ""),
    padding: shownLeft.map((c) => (c === "\t" ? c : " ".repeat(columnsOf(c)))).join(""),
  };
}

const widthOf = (chars: string[]) => chars.reduce((sum, c) => sum + columnsOf(c), 0);

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** As many whole characters from the start as fit in `width` columns. */
function takeWidth(chars: string[], width: number): string[] {
  let used = 0;
  let count = 0;
  while (count < chars.length && used + columnsOf(chars[count]!) <= width) used += columnsOf(chars[count++]!);
  return chars.slice(0, count);
}

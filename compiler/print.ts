// Printers for diagnostics: the data is the same, the reader differs. Pretty for people at a
// terminal (with a code frame), JSON for tools (the CLI contract), GitHub annotations for CI.

import type { Diagnostic } from "./diagnostics.ts";
import type { SourceFile } from "./load.ts";

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
  const pos = source ? source.lineCounter.linePos(Math.min(d.location.offset, source.text.length)) : { line: 1, col: 1 };
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
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.offset - b.location.offset || a.code.localeCompare(b.code),
  );
}

export function printJson(diagnostics: readonly Diagnostic[], sources: Sources): string {
  return JSON.stringify({ diagnostics: sortDiagnostics(diagnostics).map((d) => position(d, sources)) }, null, 2);
}

export function printGithub(diagnostics: readonly Diagnostic[], sources: Sources): string {
  const escape = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  return sortDiagnostics(diagnostics)
    .map((d) => {
      const p = position(d, sources);
      const text = p.hint ? `${p.message} Hint: ${p.hint}` : p.message;
      return `::${p.severity === "error" ? "error" : "warning"} file=${p.file},line=${p.line},col=${p.column},title=${p.code}::${escape(text)}`;
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
export const colours: Style = { red: ansi(31, 39), yellow: ansi(33, 39), dim: ansi(2, 22), bold: ansi(1, 22), cyan: ansi(36, 39) };
export const plain: Style = { red: (s) => s, yellow: (s) => s, dim: (s) => s, bold: (s) => s, cyan: (s) => s };

/** Colour only for a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function styleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Style {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return plain;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== "0") return colours;
  return stream.isTTY ? colours : plain;
}

const MAX_FRAME_WIDTH = 100;

export function printPretty(diagnostics: readonly Diagnostic[], sources: Sources, style: Style = plain): string {
  return sortDiagnostics(diagnostics)
    .map((d) => {
      const p = position(d, sources);
      const severity = p.severity === "error" ? style.red("error") : style.yellow("warning");
      const head = `${style.bold(`${p.file}:${p.line}:${p.column}`)} ${severity} ${style.dim(p.code)}  ${p.message}`;
      const source = sources.get(d.location.file);
      const frame = source ? codeFrame(source.text, p.line, p.column, style) : "";
      const hint = p.hint ? `\n  ${style.cyan("hint:")} ${p.hint}` : "";
      return head + (frame ? `\n${frame}` : "") + hint;
    })
    .join("\n\n");
}

/**
 * The line before, the line itself, and a caret under the column (both 1-based). Tabs are
 * kept in the caret's padding so it lines up however the terminal expands them; a long line
 * is cut to a window around the column.
 */
export function codeFrame(text: string, line: number, column: number, style: Style = plain): string {
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  const target = lines[line - 1];
  if (target === undefined) return "";
  const first = Math.max(1, line - 1);
  const gutterWidth = String(line).length;
  const out: string[] = [];
  let caretColumn = column;
  for (let n = first; n <= line; n++) {
    let content = lines[n - 1] ?? "";
    if (content.length > MAX_FRAME_WIDTH) {
      const start = n === line ? Math.max(0, Math.min(column - 1 - MAX_FRAME_WIDTH / 2, content.length - MAX_FRAME_WIDTH)) : 0;
      const cut = content.slice(start, start + MAX_FRAME_WIDTH);
      content = (start > 0 ? "…" : "") + cut + (start + MAX_FRAME_WIDTH < content.length ? "…" : "");
      if (n === line) caretColumn = column - start + (start > 0 ? 1 : 0);
    }
    const marker = n === line ? ">" : " ";
    out.push(`${marker} ${String(n).padStart(gutterWidth)} ${style.dim("|")} ${content}`);
    if (n === line) {
      const shown = content;
      const padding = shown.slice(0, Math.max(0, caretColumn - 1)).replace(/[^\t]/g, " ");
      out.push(`  ${" ".repeat(gutterWidth)} ${style.dim("|")} ${padding}${style.red("^")}`);
    }
  }
  return out.map((l) => ` ${l}`).join("\n");
}

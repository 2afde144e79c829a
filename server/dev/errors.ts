// What site dev says when a template is wrong, in the browser overlay and in one terminal line,
// the way it reports a spec error: the template's file, line and column, the message, and a code
// frame. A syntax error comes from esbuild, which gives its location. An error a template throws
// while rendering has only a stack into the bundled renderer: its positions are mapped back to the
// template through the renderer's source map.

import { readFileSync } from "node:fs";
import { SourceMap, type SourceMapPayload } from "node:module";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { codeFrame } from "../../cli/print/diagnostics.ts";

/** A place in a source file of the project. */
export interface SourceLocation {
  /** Relative to the project root, with forward slashes: "templates/pages/article.tsx". */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (as editors count). */
  column: number;
}

export interface TemplateError {
  location: SourceLocation | null;
  message: string;
}

/** At most this many errors of one esbuild run are shown: the first ones are the ones to fix. */
const MAX_SHOWN = 10;

/** esbuild's failure: its messages carry their location (line 1-based, column 0-based in bytes). */
interface EsbuildFailure {
  errors: { text: string; location: { file: string; line: number; column: number; lineText: string } | null }[];
}

export function isEsbuildFailure(error: unknown): error is EsbuildFailure {
  return (
    typeof error === "object" &&
    error !== null &&
    Array.isArray((error as EsbuildFailure).errors) &&
    (error as EsbuildFailure).errors.length > 0
  );
}

/** The errors of an esbuild run that failed, each with its place in the project. */
export function syntaxErrors(failure: EsbuildFailure, root: string): TemplateError[] {
  return failure.errors.slice(0, MAX_SHOWN).map((e) => {
    if (!e.location) return { location: null, message: e.text };
    // esbuild counts columns in UTF-8 bytes; editors, and the code frame, in UTF-16 code units.
    const column = Buffer.from(e.location.lineText).subarray(0, e.location.column).toString("utf8").length + 1;
    return { location: { file: projectPath(e.location.file, root), line: e.location.line, column }, message: e.text };
  });
}

/** A path esbuild or a source map gives, as the project names it. */
function projectPath(path: string, root: string): string {
  const absolute = isAbsolute(path) ? path : resolve(root, path);
  return relative(root, absolute).split(sep).join("/");
}

/** The source maps of the renderer bundles loaded so far, by the file URL their stack frames name. */
export class RendererMaps {
  private readonly maps = new Map<string, { map: SourceMap; dir: string }>();
  /** Renderers kept: pages rendered later may still use an older one (see updateDevSite). */
  private static readonly KEPT = 8;

  constructor(private readonly root: string) {}

  add(fileUrl: string, mapText: string): void {
    this.maps.set(fileUrl, {
      map: new SourceMap(JSON.parse(mapText) as SourceMapPayload),
      dir: dirname(fileURLToPath(fileUrl)),
    });
    if (this.maps.size > RendererMaps.KEPT) this.maps.delete(this.maps.keys().next().value!);
  }

  /**
   * Where a render error was thrown: the first frame of its stack that maps into templates/,
   * else the first that maps into the project outside node_modules; null when none does.
   */
  locate(error: unknown): SourceLocation | null {
    const stack = error instanceof Error ? (error.stack ?? "") : "";
    const places: SourceLocation[] = [];
    for (const frame of stack.matchAll(/(file:\/\/\/[^\s()]+?):(\d+):(\d+)\)?$/gm)) {
      const known = this.maps.get(frame[1]!);
      if (!known) continue;
      const entry = known.map.findEntry(Number(frame[2]) - 1, Number(frame[3]) - 1) as {
        originalSource?: string;
        originalLine?: number;
        originalColumn?: number;
      };
      if (entry.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined)
        continue;
      const source = entry.originalSource.startsWith("file://")
        ? fileURLToPath(entry.originalSource)
        : resolve(known.dir, entry.originalSource);
      const file = projectPath(source, this.root);
      if (file.startsWith("../") || file.includes("node_modules/")) continue;
      places.push({ file, line: entry.originalLine + 1, column: entry.originalColumn + 1 });
    }
    return places.find((p) => p.file.startsWith("templates/")) ?? places[0] ?? null;
  }
}

/** The overlay's text for template errors: as the CLI prints a diagnostic, code frame included. */
export function describeTemplateErrors(errors: readonly TemplateError[], root: string): string {
  return errors
    .map(({ location, message }) => {
      if (!location) return `error  ${message}`;
      let frame = "";
      try {
        frame = codeFrame(readFileSync(resolve(root, location.file), "utf8"), location.line, location.column);
      } catch {
        // The file is gone (renamed, deleted since): the message and its place still say enough.
      }
      return `${location.file}:${location.line}:${location.column} error  ${message}${frame ? `\n${frame}` : ""}`;
    })
    .join("\n\n");
}

/** One line for the terminal: the first error's place and message, and how many more there are. */
export function templateErrorLine(errors: readonly TemplateError[]): string {
  const [first] = errors;
  if (!first) return "";
  const place = first.location ? `${first.location.file}:${first.location.line}:${first.location.column}  ` : "";
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return `${place}${first.message.split("\n", 1)[0]}${more}`;
}

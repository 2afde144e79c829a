// A spec file's text as diagnostics point into it: the printers need it for a position and a code
// frame only when there is a problem to show, so the text can be read when first asked for.
import type { LineCounter } from "yaml";
import { decodeSpec } from "./encoding.ts";
import { readBytes } from "./entries.ts";
import { yaml } from "./parsers.ts";

export interface SourceFile {
  /** Path relative to the current directory, forward slashes. */
  path: string;
  text: string;
  readonly lineCounter: LineCounter;
}

/** A file's text, given or read when first asked for, and its line table, built when a printer first needs it. */
export function sourceFile(path: string, contents: string | (() => string)): SourceFile {
  let lines: LineCounter | undefined;
  const textOf = typeof contents === "string" ? () => contents : contents;
  return {
    path,
    get text() {
      return textOf();
    },
    get lineCounter() {
      if (!lines) {
        const text = textOf();
        lines = new (yaml().LineCounter)();
        lines.addNewLine(0);
        for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines.addNewLine(i + 1);
      }
      return lines;
    },
  };
}

/**
 * The file at `absPath` as load decodes it (a byte-order mark dropped, so that offsets are the
 * same), read when first asked for; empty when it cannot be read.
 */
export function sourceOnDisk(path: string, absPath: string): SourceFile {
  let text: string | undefined;
  return sourceFile(path, () => {
    if (text === undefined) {
      const read = readBytes(absPath);
      text = "reason" in read ? "" : decodeSpec(read.bytes).text;
    }
    return text;
  });
}

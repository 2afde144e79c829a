// A line indented off the levels of the blocks around it (three spaces among keys at four, or a
// tab) is the most common YAML mistake of a hand-edited spec, and the parser words it as whatever
// it then failed to read ("Sequence item without - indicator"). Read from the text: the levels
// the lines above open, and the line near the parser's error that lands off them.

import type { IndentSlip } from "../diagnostics/index.ts";

/** How far before and after the parser's error a misindented line is looked for, in lines of content. */
const LINES_BEFORE = 3;
const LINES_AFTER = 2;

export interface Misindented extends IndentSlip {
  /** Where the line's first character is, as an offset into the text. */
  offset: number;
}

/** A line that is not blank, a comment or the text of a | or > block. */
interface Line {
  index: number;
  offset: number;
  indent: number;
  tab: boolean;
  content: string;
  /** For the line right after a | or > block: the block's key and the indentation of its text, if it had any. */
  afterText?: { key: string; indent: number | undefined };
}

interface Level {
  indent: number;
  /** How the line that set the level is named ("start:"), and its place among the lines. */
  key: string;
  first: number;
  /** How many lines are at the level so far, whether they are list items ("- "), whether one opened a block. */
  count: number;
  item: boolean;
  opens: boolean;
  /** The last line at the level, and the levels that line came back out of. */
  lastLine: number;
  lastLeft: number[];
}

/** What the lines read so far leave open. */
interface Blocks {
  levels: Level[];
  /** Whether the last line opens a block (a key with no value): only then may the next go further in. */
  opens: boolean;
  /** The levels the last line came back out of, and whether the line before it opened a block. */
  leftLevels: number[];
  prevOpened: boolean;
}

/** The misindented line from three lines before the line of `errorOffset` to two after, if there is one. */
export function misindentedLine(text: string, errorOffset: number): Misindented | undefined {
  const lines = contentLines(text);
  const errorLine = lineIndexAt(text, errorOffset);
  const step = indentStep(lines);
  const blocks: Blocks = {
    levels: [{ indent: 0, key: "", first: -1, count: 1, item: false, opens: true, lastLine: -1, lastLeft: [] }],
    opens: true,
    leftLevels: [],
    prevOpened: false,
  };
  // The window, in lines that are not blank or comments: a comment's line may be where yaml stops.
  const at = lines.findIndex((line) => line.index >= errorLine);
  const errorAt = at < 0 ? lines.length : at;
  for (const [i, line] of lines.entries()) {
    if (i > errorAt + LINES_AFTER) break;
    // The levels this line comes back out of; the last is the one just inside where it lands.
    const left: number[] = [];
    let popped: Level | undefined;
    while (!line.tab && line.indent < blocks.levels.at(-1)!.indent) {
      popped = blocks.levels.pop();
      left.push(popped!.indent);
    }
    const found = judge(lines, i, blocks, step, popped);
    // One off far above the error is valid YAML read otherwise (a scalar's lines): not the mistake.
    if (found) {
      const odd = lines.indexOf(found.line);
      const inWindow = found.anchored || odd >= errorAt - LINES_BEFORE;
      return inWindow && corroborated(lines, odd, found.misindented.spaces) ? found.misindented : undefined;
    }
    const opened = blocks.opens;
    takeLevels(blocks, line, i, left);
    blocks.leftLevels = left;
    blocks.prevOpened = opened;
  }
  return undefined;
}

const isItem = (content: string) => /^-(\s|$)/.test(content);

/** Whether line i lands off the levels open before it, and which line is then the one off. */
function judge(
  lines: readonly Line[],
  i: number,
  blocks: Blocks,
  step: number,
  popped: Level | undefined,
): { line: Line; misindented: Misindented; anchored?: boolean } | undefined {
  const { levels } = blocks;
  const line = lines[i]!;
  const prev = lines[i - 1];
  const off = (at: Line, kind: Misindented["kind"], spaces: number, like: string) => ({
    line: at,
    misindented: { offset: at.offset, kind, written: at.indent, spaces, like },
  });
  if (line.tab) return off(line, "tab", levels.at(-1)!.indent, levels.at(-1)!.key);
  const top = levels.at(-1)!;
  const item = isItem(line.content);
  const textIndent = item ? undefined : outOfText(lines, i);
  if (textIndent !== undefined) return off(line, "text", textIndent, line.afterText!.key);
  // A list item among the keys of the item above it: it meant the level of the items.
  if (item && line.indent === top.indent && !top.item && !blocks.opens) {
    // Among the levels of items, the one whose items are written alike ("- label:" or "- {").
    const candidates = [
      ...(popped?.item ? [popped] : []),
      ...levels.filter((l) => l.item && l.indent < line.indent).reverse(),
    ];
    const items = candidates.find((l) => l.key === keyOf(line.content)) ?? candidates[0];
    if (items) return off(line, "between", items.indent, items.key);
  }
  // A key among the items of a list, come out of an item's keys: it meant to be one of them.
  if (!item && popped && line.indent === top.indent && top.item && KEY.test(line.content))
    return off(line, "between", popped.indent, popped.key);
  const further = !popped && line.indent > top.indent && !blocks.opens && (item || KEY.test(line.content));
  if (!further && !(popped && line.indent > top.indent)) return undefined;
  // The line before began its level alone: it is the one off when this line is where that
  // level's parent puts its children (the file's step further in).
  const alone = further ? top : popped!;
  const parent = further ? levels.at(-2) : top;
  // A list item's dash stands before its keys ("- name:" at 2 for keys at 4).
  const asPrev = prev ? line.indent - (/^(-\s+)+/.exec(prev.content)?.[0].length ?? 0) : 0;
  if (prev && alone.count === 1 && alone.first === i - 1 && parent && line.indent === parent.indent + step)
    return off(prev, "first", asPrev, keyOf(line.content));
  // The line before came out of a block that this line goes back into, or stayed out of the
  // block the line before it opened: it is the one off.
  const beforePrev = lines[i - 2];
  const leftEmpty =
    beforePrev !== undefined &&
    blocks.prevOpened &&
    prev!.indent <= beforePrev.indent &&
    line.indent > beforePrev.indent;
  // (A key that opens a block of its own, whose lines follow, is more likely the one off.)
  const comesBack = further && blocks.leftLevels.includes(line.indent) && !OPENS.test(line.content);
  if (prev && (comesBack || leftEmpty)) return off(prev, "first", asPrev, keyOf(line.content));
  if (further) return off(line, "further", top.indent, top.key);
  // A line alone at its level, come out of the level this line goes back to: it is the one off
  // (a page's key at 0 among the pages at 2).
  // However far above: the block it opened ends here, where the parser stops.
  if (top.lastLine >= 0 && top.lastLeft.includes(line.indent))
    return { ...off(lines[top.lastLine]!, "first", line.indent, keyOf(line.content)), anchored: true };
  const meant = levelMeant(line, lines[i + 1], popped!, top);
  return off(line, "between", meant.indent, meant.key);
}

/**
 * The indentation of the text of the | block a line comes out of, where no key or item can stand
 * (of a block whose first line is the one out, the lines after it say where its text stands).
 */
function outOfText(lines: readonly Line[], i: number): number | undefined {
  const line = lines[i]!;
  const next = lines[i + 1];
  if (!line.afterText) return undefined;
  const indent = line.afterText.indent ?? (next && next.indent > line.indent ? next.indent : undefined);
  if (indent === undefined || indent <= line.indent) return undefined;
  return !KEY.test(line.content) || next?.indent === indent ? indent : undefined;
}

/** Of the two levels a line lands between, the one it means: the nearer, or halfway the one whose lines are of its kind. */
function levelMeant(line: Line, next: Line | undefined, inner: Level, outer: Level): Level {
  const item = isItem(line.content);
  const opensBlock = OPENS.test(line.content);
  // A key whose block follows, further in than the nearer level: it stands above that block.
  const aboveItsBlock = opensBlock && next !== undefined && next.indent > line.indent && next.indent <= inner.indent;
  // List items, or keys that open a block, among their like.
  const likeInner = !aboveItsBlock && ((!item && outer.item) || (inner.item === item && (!opensBlock || inner.opens)));
  const toInner = inner.indent - line.indent;
  const toOuter = line.indent - outer.indent;
  return toInner < toOuter || (toInner === toOuter && likeInner) ? inner : outer;
}

/**
 * Whether the lines of the same kind (list items, or keys) up to three before and after the odd one
 * stand where the hint would put it more than where it is: a hint the lines around do not bear out
 * is not given.
 */
function corroborated(lines: readonly Line[], odd: number, spaces: number): boolean {
  if (lines[odd]!.tab) return true;
  const { indent } = lines[odd]!;
  const item = isItem(lines[odd]!.content);
  // Lines further in than both places are the blocks of lines around, not rivals.
  const deepest = Math.max(indent, spaces);
  const near = [-3, -2, -1, 1, 2, 3]
    .map((d) => lines[odd + d])
    .filter((line) => line !== undefined && isItem(line.content) === item && line.indent <= deepest);
  // More of them where the hint would put it than where it is or anywhere else: else the odd one
  // may be another.
  const at = (n: number) => near.filter((line) => line!.indent === n).length;
  return at(spaces) > at(indent) && near.every((line) => at(line!.indent) <= at(spaces));
}

/**
 * A key with no value after it: it opens a block (an anchor or a tag may stand after the colon).
 * Each anchor or tag ends at a space, so a run of them is read one way only: as ([&!]\S*\s*)* the
 * ampersands of "key: &&&…& x" could be split in 2^n ways, and 30 of them took seconds.
 */
const OPENS = /:\s*(?:[&!]\S*\s+)*(?:[&!]\S*)?(#.*)?$/;

/** A key and its colon at the start of a line. */
const KEY = /^[^\s:#'"[{-][^:#]*:(\s|$)/;

/** Puts line i at its level, the levels it came out of taken away. */
function takeLevels(blocks: Blocks, line: Line, i: number, left: number[]): void {
  const { levels } = blocks;
  const top = levels.at(-1)!;
  const key = keyOf(line.content);
  const item = /^(-\s+)+/.exec(line.content)?.[0];
  // After the key, an anchor or a tag may stand before the block it opens (eu: &eur).
  const rest = item ? line.content.slice(item.length) : line.content;
  const opens = OPENS.test(rest) || rest === "" || /[[{,]\s*(#.*)?$/.test(rest);
  if (line.indent > top.indent)
    levels.push({
      indent: line.indent,
      key,
      first: i,
      count: 1,
      item: item !== undefined,
      opens,
      lastLine: i,
      lastLeft: left,
    });
  else
    levels[levels.length - 1] = {
      ...top,
      key,
      count: top.count + 1,
      item: top.item || item !== undefined,
      opens: top.opens || opens,
      lastLine: i,
      lastLeft: left,
    };
  // A list item's block starts after its "- ": "  - name: x" opens a level at 4.
  if (item)
    levels.push({
      indent: line.indent + item.length,
      key,
      first: i,
      count: 1,
      item: false,
      opens,
      lastLine: i,
      lastLeft: [],
    });
  blocks.opens = opens;
}

/** The lines that are not blank, comments or the text of a | or > block. */
function contentLines(text: string): Line[] {
  const lines: Line[] = [];
  let block: { key: string; indent: number; text: number | undefined } | undefined;
  let offset = 0;
  for (const [index, raw] of text.split("\n").entries()) {
    const start = offset;
    offset += raw.length + 1;
    const line = raw.replace(/\r$/, "");
    const content = line.trimStart();
    if (content === "" || (content.startsWith("#") && !block)) continue;
    const lead = line.slice(0, line.length - content.length);
    if (block && lead.length > block.indent && !lead.includes("\t")) {
      block.text ??= lead.length;
      continue;
    }
    const afterText = block ? { key: block.key, indent: block.text } : undefined;
    block = /:\s*[|>][-+0-9]*\s*(#.*)?$/.test(content)
      ? { key: keyOf(content), indent: lead.length, text: undefined }
      : undefined;
    if (content.startsWith("#")) continue;
    lines.push({
      index,
      offset: start,
      indent: lead.length,
      tab: lead.includes("\t"),
      content,
      ...(afterText ? { afterText } : {}),
    });
  }
  return lines;
}

/**
 * How far in a file indents each block (2 mostly): the largest of 4, 3 and 2 that nearly every
 * line's indentation is a multiple of, so that the one line off does not count.
 */
function indentStep(lines: readonly Line[]): number {
  const indented = lines.filter((line) => line.indent > 0);
  const share = (step: number) => indented.filter((line) => line.indent % step === 0).length / indented.length;
  return [4, 3, 2].find((step) => share(step) >= 0.9) ?? 2;
}

/** How a line is named in the hint: its key ("start:"), or its first words for a list's text. */
function keyOf(content: string): string {
  const item = content.replace(/^(-\s+)+/, "");
  const key = /^("[^"]*"|'[^']*'|[^\s:#][^:#]*?):(\s|$)/.exec(item)?.[1];
  return key ? `${key}:` : withoutComment(item).slice(0, 30);
}

/**
 * A line of YAML without the comment at its end (from a # after a space), and without the spaces
 * before it. Found in one pass: /\s+#.*$/ tries every space of a long run of them, and a line of a
 * million tabs after an unclosed quote kept site check busy for minutes.
 */
export function withoutComment(line: string): string {
  const comment = /\s#/.exec(line);
  return comment ? line.slice(0, comment.index).trimEnd() : line;
}

function lineIndexAt(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

// How deep a spec's data may nest. Every stage after load walks the data recursively (the
// schema validator, the link rules, alias counting), and so do both YAML parsers: nesting a few
// thousand levels deep ran them out of stack ("Maximum call stack size exceeded"). No spec needs
// more than a dozen levels, so the limit is far above any real file and far below any stack.
// Each check here walks with a stack of its own, so it holds however deep the input goes.

import type { CST, Document, Node } from "yaml";
import { yaml } from "./parsers.ts";

/** Collections nested in one another, the file's own top-level block counted as the first. */
export const MAX_DEPTH = 200;

/**
 * Where the first collection deeper than `limit` starts in a YAML text as the positioned parser
 * tokenised it, before anything is composed from it. A one-pair mapping written in a flow
 * sequence ([a: b]) is a level of its own, as it is in the data.
 */
export function tokensTooDeep(tokens: readonly CST.Token[], limit = MAX_DEPTH): number | undefined {
  const stack: [CST.Token, number][] = tokens.map((t): [CST.Token, number] => [t, 0]).reverse();
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (token.type === "document") {
      if (token.value) stack.push([token.value, depth]);
      continue;
    }
    if (token.type !== "block-map" && token.type !== "block-seq" && token.type !== "flow-collection") continue;
    const level = depth + 1;
    if (level > limit) return token.offset;
    const pairsAreMaps = token.type === "flow-collection" && token.start.source !== "{";
    for (let i = token.items.length - 1; i >= 0; i--) {
      const item = token.items[i]!;
      const key = "key" in item ? item.key : undefined;
      const sep = "sep" in item ? item.sep : undefined;
      let childDepth = level;
      if (pairsAreMaps && (sep || item.start.some((t) => t.type === "explicit-key-ind"))) {
        if (level + 1 > limit) return key?.offset ?? sep?.[0]?.offset ?? item.start[0]?.offset ?? token.offset;
        childDepth = level + 1;
      }
      if (item.value) stack.push([item.value, childDepth]);
      if (key) stack.push([key, childDepth]);
    }
  }
  return undefined;
}

/**
 * Where a text's block structure, read line by line, first opens a level past `limit`: a line
 * more indented than the one before opens a level, and so does each "- ", "? " or ": " after the
 * first before its content (the first is the line's own level); else the start of the deepest
 * line. An estimate (a scalar's continuation lines count as levels too), to point at the place
 * when yaml's parser ran out of stack on the text: it recurses once per level, and some thousands
 * of them ("- " 5,000 times on a line, or 2,000 lines each indented further, with a line after
 * them back at the top) exhaust it before any token is made.
 */
export function deepestLine(text: string, limit = MAX_DEPTH): number {
  const indents: number[] = [];
  let deepest = { level: -1, offset: 0 };
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    let i = start;
    while (i < end && text[i] === " ") i++;
    if (i < end && text[i] !== "#" && text[i] !== "\r") {
      while (indents.length > 0 && indents.at(-1)! >= i - start) indents.pop();
      indents.push(i - start);
      let level = indents.length;
      const lineOffset = i;
      for (let first = true; "-?:".includes(text[i]!) && (text[i + 1] === " " || text[i + 1] === "\t"); first = false) {
        if (!first && ++level > limit) return i;
        i += 2;
        while (i < end && (text[i] === " " || text[i] === "\t")) i++;
      }
      if (level > limit) return lineOffset;
      if (level > deepest.level) deepest = { level, offset: lineOffset };
    }
    start = end + 1;
  }
  return deepest.offset;
}

/**
 * Where a composed document first nests deeper than `limit`, counting an alias as the data it
 * stands for: aliases of aliases can nest far deeper than the text does. An alias inside the
 * block it names is a loop, as deep as any limit. Undefined when it keeps to the limit.
 */
export function documentTooDeep(doc: Document, limit = MAX_DEPTH): number | undefined {
  const root = doc.contents as Node | null;
  if (!root) return undefined;
  const heights = heightsOf(root);
  if ((heights.get(root) ?? 0) <= limit) return undefined;
  // From the top, in document order, into whatever can still pass the limit.
  const stack: [Node, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, above] = stack.pop()!;
    if (above + (heights.get(node) ?? 0) <= limit) continue;
    if (yaml().isAlias(node) || above + 1 > limit) return node.range?.[0] ?? 0;
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, above + 1]);
  }
  return undefined;
}

/** Each node's height in collections, an alias as high as the node it names (Infinity in a loop). */
function heightsOf(root: Node): Map<Node, number> {
  const { isAlias, isCollection } = yaml();
  const heights = new Map<Node, number>();
  const anchors = new Map<string, Node>();
  const targets = new Map<Node, Node | undefined>();
  const stack: [Node, boolean][] = [[root, false]];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const [node, entered] = frame;
    if (!entered) {
      frame[1] = true;
      // An anchor counts from where it is written: an alias inside its own block finds it unfinished.
      if (node.anchor) anchors.set(node.anchor, node);
      if (isAlias(node)) targets.set(node, anchors.get(node.source));
      else {
        const children = childrenOf(node);
        for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, false]);
      }
      continue;
    }
    stack.pop();
    if (isAlias(node)) {
      const target = targets.get(node);
      heights.set(node, target === undefined ? 0 : (heights.get(target) ?? Infinity));
    } else if (isCollection(node)) {
      let highest = 0;
      for (const child of childrenOf(node)) highest = Math.max(highest, heights.get(child) ?? 0);
      heights.set(node, 1 + highest);
    } else heights.set(node, 0);
  }
  return heights;
}

function childrenOf(node: Node): Node[] {
  const { isMap, isPair, isSeq } = yaml();
  if (!isMap(node) && !isSeq(node)) return [];
  const children: Node[] = [];
  for (const item of node.items as unknown[]) {
    if (isPair(item)) {
      if (item.key && typeof item.key === "object") children.push(item.key as Node);
      if (item.value && typeof item.value === "object") children.push(item.value as Node);
    } else if (item && typeof item === "object") children.push(item as Node);
  }
  return children;
}

/**
 * Whether plain data nests deeper than `limit`. Data from aliases shares its parts; a part met
 * again is walked again only when met deeper, so shared parts cost little and a loop ends.
 */
export function dataTooDeep(data: unknown, limit = MAX_DEPTH, shared = true): boolean {
  const deepestSeen = shared ? new Map<object, number>() : undefined;
  const stack: [unknown, number][] = [[data, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    if (depth > limit) return true;
    if (deepestSeen) {
      if ((deepestSeen.get(value) ?? 0) >= depth) continue;
      deepestSeen.set(value, depth);
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return false;
}

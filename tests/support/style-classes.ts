// What the class-has-a-rule guards share: the classes a stylesheet's selectors name, and whether
// a class is one of the declared hooks (templates/style-hooks.ts) that need no rule.
import { styleHooks } from "../../templates/style-hooks.ts";

/** Every class a selector of this CSS names (comments, strings and at-rule preludes aside). */
export function classesInCss(css: string): Set<string> {
  const classes = new Set<string>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  // A selector is what stands before a "{" since the last "{", "}" or ";" (declarations end in
  // one of those), nested or minified alike.
  for (const [, prelude] of text.matchAll(/([^{};]*)\{/g)) {
    if (prelude!.trim().startsWith("@")) continue;
    for (const [, name] of prelude!.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) classes.add(name!);
  }
  return classes;
}

/** A class listed in templates/style-hooks.ts, by name or by a "prefix-*" entry. */
export function isStyleHook(name: string): boolean {
  return styleHooks.some((hook) => (hook.endsWith("*") ? name.startsWith(hook.slice(0, -1)) : name === hook));
}

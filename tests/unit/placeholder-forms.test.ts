// A text's placeholders in the three ways one is written: whole ({name}), left open ({name) and
// with its opening brace left out (name}). Each is found as written, once, and the pattern that
// points at it in the text (placeholderPattern) finds as many as were found.
import fc from "fast-check";
import { expect, test } from "vitest";
import {
  type PlaceholderForm,
  placeholderPattern,
  placeholdersIn,
  unclosedPlaceholdersIn,
  unopenedPlaceholdersIn,
} from "../../compiler/link/placeholders.ts";

const finders: Record<PlaceholderForm, (text: string) => string[]> = {
  whole: placeholdersIn,
  unclosed: unclosedPlaceholdersIn,
  unopened: unopenedPlaceholdersIn,
};
const written: Record<PlaceholderForm, (name: string) => string> = {
  whole: (name) => `{${name}}`,
  unclosed: (name) => `{${name}`,
  unopened: (name) => `${name}}`,
};

const name = fc.stringMatching(/^[a-z][A-Za-z0-9]{0,11}$/);
const form = fc.constantFrom<PlaceholderForm>("whole", "unclosed", "unopened");
// Text between placeholders: words and punctuation with no braces, never ending in a letter or
// digit that would run into an unopened name, nor starting with one that would lengthen an
// unclosed one.
const between = fc.stringMatching(/^(?:[ .,!?:;()'-][A-Za-z0-9 .,!?:;()'-]*[ .,!?:;()'-])?$/);

test("each placeholder is found in the form it is written, and pointed at as often", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(between, name, form), { minLength: 1, maxLength: 5 }), between, (parts, end) => {
      const text = `${parts.map(([before, n, f]) => `${before || " "}${written[f](n)}`).join("")}${end || " "}`;
      for (const f of ["whole", "unclosed", "unopened"] as const) {
        const expected = parts.filter(([, , g]) => g === f).map(([, n]) => n);
        expect(finders[f](text)).toEqual(expected);
        for (const n of new Set(expected))
          expect([...text.matchAll(placeholderPattern(n, f))].length).toBe(expected.filter((e) => e === n).length);
      }
    }),
  );
});

test("a name before a stray } is found; a placeholder written whole is not", () => {
  expect(unopenedPlaceholdersIn("Hello, name} and {brand}")).toEqual(["name"]);
  expect(unopenedPlaceholdersIn("{brand} and {returnDays}")).toEqual([]);
});

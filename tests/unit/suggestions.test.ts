// "Did you mean": the name a campaign manager most likely meant, typos with two letters swapped
// included (Damerau), for every kind of id.
import fc from "fast-check";
import { expect, test } from "vitest";
import { closest } from "../../compiler/diagnostics/index.ts";

const regions = ["us", "uk", "eu", "fr", "de", "jp", "kr", "cn"];

test("two swapped letters are one typo: 'ed' means de, 'pj' jp, 'flagshipBumbelbee' flagshipBumblebee", () => {
  expect(closest("ed", regions)).toBe("de");
  expect(closest("pj", regions)).toBe("jp");
  expect(closest("flagshipBumbelbee", ["flagshipBumblebee", "flagshipMegatron", "bumblebeeG1Performance"])).toBe(
    "flagshipBumblebee",
  );
  expect(closest("black-firday", ["black-friday", "christmas-sale"])).toBe("black-friday");
});

test("a name far from every candidate gets no suggestion", () => {
  expect(closest("zz", regions)).toBeUndefined();
  expect(closest("summer-sale", ["black-friday", "christmas-sale", "home"])).toBeUndefined();
});

test("any id with two neighbouring letters swapped is traced back to it", () => {
  const ids = [
    "flagshipBumblebee",
    "toyStoryBuzzLightyear",
    "flagshipMegatron",
    "eliteOptimusPrime",
    "grimlockG1Flagship",
    "interstellarScoutK1",
  ];
  fc.assert(
    fc.property(fc.constantFrom(...ids), fc.nat(), (id, n) => {
      const i = n % (id.length - 1);
      const typo = id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2);
      expect(closest(typo, ids)).toBe(id);
    }),
  );
});

test("a value millions of letters long is no typo of any id, and is not compared with them letter by letter", () => {
  // The fuzz of site check found a 2.4 MB scalar of backslashes in a messages file: the
  // suggestion for it built a table of millions of rows per candidate and took the check past
  // half a minute. Lengths alone rule such a value out; this runs out of memory or time without that.
  const huge = "\\".repeat(20_000_000);
  expect(closest(huge, ["en", "zh", "fallback", "default"])).toBeUndefined();
  expect(closest(`${"flagshipBumblebee".slice(0, 16)}x`, ["flagshipBumblebee", "x".repeat(5_000_000)])).toBe(
    "flagshipBumblebee",
  );
});

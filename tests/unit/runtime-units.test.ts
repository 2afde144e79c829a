// The runtime's pure rules, as seed 000 states them.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { layoutClassFor } from "../../runtime/layout.ts";
import { countryLabel, regionOfPath } from "../../runtime/region.ts";

const regions = Object.fromEntries(
  ["us", "uk", "eu", "fr", "de", "jp", "kr"]
    .map((code) => [code, { code, prefix: `/${code}` }])
    .concat([["cn", { code: "cn", prefix: "" }]]),
) as never;
const shared = { regions, defaultRegion: "cn" };

describe("region of a path", () => {
  test.each([
    ["/", "cn"],
    ["/flagship-bumblebee", "cn"],
    ["/us", "us"],
    ["/US/flagship-bumblebee", "us"],
    ["/jp/where-to-buy", "jp"],
    ["/usa/x", "cn"],
  ])("%s is %s", (path, region) => expect(regionOfPath(path, shared)).toBe(region));
});

describe("layout class", () => {
  const layout = { window: 1024, ipad: 768 };
  test("boundaries: 1024 window, 1023 ipad, 768 ipad, 767 mobile", () => {
    expect([1024, 1023, 768, 767].map((w) => layoutClassFor(w, layout))).toEqual(["window", "ipad", "ipad", "mobile"]);
  });
  test("wider is never a smaller class", () => {
    const rank = { mobile: 0, ipad: 1, window: 2 };
    fc.assert(
      fc.property(
        fc.nat(5000),
        fc.nat(5000),
        (a, b) => rank[layoutClassFor(Math.max(a, b), layout)] >= rank[layoutClassFor(Math.min(a, b), layout)],
      ),
    );
  });
});

describe("country label in the header", () => {
  const labels = {
    us: { US: "United States - English", CA: "Canada - English", OTHER: "Other Regions - English" },
    uk: { GB: "United Kingdom - English" },
  };
  test("in us, CA is 'Canada - English' and any other non-US country 'Other Regions - English'", () => {
    expect(countryLabel("us", "CA", labels)).toBe("Canada - English");
    expect(countryLabel("us", "US", labels)).toBe("United States - English");
    expect(countryLabel("us", "OTHER", labels)).toBe("Other Regions - English");
    expect(countryLabel("us", "GB", labels)).toBe("Other Regions - English");
  });
  test("no remembered country, or a region without such labels, keeps the default", () => {
    expect(countryLabel("us", null, labels)).toBeNull();
    expect(countryLabel("uk", "CA", labels)).toBeNull();
  });
});

// A page links the CSS of what it renders and nothing else: the shared sheet (tokens, base,
// header, footer) and one sheet for its template and sections (compiler/bundle/styles.ts).
import { expect, test } from "vitest";
import { bundleStyles, stylesFor, type PageShape } from "../../compiler/bundle/styles.ts";

const product: PageShape = { template: "product", sections: ["feature", "feature"] };
const campaign: PageShape = { template: "campaign", sections: ["cards", "products"] };

test("each page shape gets the shared sheet and a sheet of its own components' rules only", async () => {
  const { files, table } = await bundleStyles([product, campaign], { hashed: true, minify: true });
  const css = (url: string) => new TextDecoder().decode(files.get(url));
  const [shared, productSheet] = stylesFor(table, product);
  const [, campaignSheet] = stylesFor(table, campaign);

  expect(css(shared!)).toContain("--color-accent");
  expect(css(shared!)).toContain(".site-header");
  expect(css(shared!)).toContain(".site-footer");

  expect(css(productSheet!)).toContain(".product-hero");
  expect(css(productSheet!)).toContain(".feature-media");
  expect(css(productSheet!)).not.toContain(".sale-item");
  expect(css(productSheet!), "the shared rules are not repeated").not.toContain(".site-header");

  expect(css(campaignSheet!)).toContain(".sale-item");
  expect(css(campaignSheet!)).toContain(".card__subtitle");
  expect(css(campaignSheet!)).not.toContain(".product-hero");
});

test("a shape the build did not see links the shared sheet alone", async () => {
  const { table } = await bundleStyles([product], { hashed: false, minify: false });
  expect(stylesFor(table, { template: "article", sections: [] })).toEqual([table.shared]);
});

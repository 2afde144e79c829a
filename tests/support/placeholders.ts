// Text fields whose placeholder is cut off at their right edge ("Enter your email addr"):
// measured in the page, with the field's own font, against the width its padding leaves.

/**
 * The fields under `selector` that show, hold no value and have a placeholder wider than their
 * text box, as "placeholder (needs N px, has M)". Passed to page.evaluate: it reads nothing
 * outside its argument.
 */
export function cutPlaceholders(selector: string): string[] {
  const context = document.createElement("canvas").getContext("2d")!;
  const cut: string[] = [];
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    `${selector} input[placeholder], ${selector} textarea[placeholder]`,
  )) {
    if (field.value || !field.checkVisibility({ visibilityProperty: true })) continue;
    const style = getComputedStyle(field);
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    context.letterSpacing = style.letterSpacing === "normal" ? "0px" : style.letterSpacing;
    const needs = context.measureText(field.placeholder).width;
    const has = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    if (needs > has + 0.5) cut.push(`${field.placeholder} (needs ${Math.ceil(needs)} px, has ${Math.floor(has)})`);
  }
  return cut;
}

/** Layout class by window width (seed 000 §4): 'window' from layout.window px, 'ipad' from layout.ipad px, else 'mobile'. */
export function layoutClassFor(width: number, layout: { window: number; ipad: number }): "window" | "ipad" | "mobile" {
  if (width >= layout.window) return "window";
  if (width >= layout.ipad) return "ipad";
  return "mobile";
}

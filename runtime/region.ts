import type { SharedData } from "./generated-types.ts";

/** The region of a path: its first segment, lowercased, when that is a region prefix; else the default region. */
export function regionOfPath(pathname: string, shared: Pick<SharedData, "regions" | "defaultRegion">): string {
  const first = pathname.split("/")[1]?.toLowerCase() ?? "";
  const match = Object.values(shared.regions).find((r) => r.prefix === `/${first}`);
  return match ? match.code : shared.defaultRegion;
}

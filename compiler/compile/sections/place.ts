// What a section builder is handed besides its section: the build's context and where the
// section shows (page, region, the time stage's answers there, and the campaign it belongs to).

import type { RegionModel, RouteModel } from "../../link/model.ts";
import type { RegionInForce, StageAt } from "../../time/index.ts";
import type * as Spec from "../../validate/spec-types.ts";
import type { CompileContext } from "../context.ts";
import type { SectionOf } from "../route-data.ts";

export type SectionKind = Spec.RichSection["type"];

/** A section as the spec writes it, its placeholders already filled. */
export type WrittenSection<K extends SectionKind> = Extract<Spec.RichSection, { type: K }>;

export interface SectionPlace {
  cx: CompileContext;
  route: RouteModel;
  region: RegionModel;
  inForce: RegionInForce;
  /** The campaign the section belongs to: its own, else the page's. */
  campaign: string | null;
  /** That campaign's live stage in the region. */
  live: StageAt | null;
  /** The first section the page shows: its image is the one loaded at once, with high priority. */
  first: boolean;
}

/** A kind's builder; null where the section has nothing to show at the instant. */
export type SectionBuilder<K extends SectionKind> = (
  section: WrittenSection<K>,
  at: SectionPlace,
) => SectionOf<K> | null;

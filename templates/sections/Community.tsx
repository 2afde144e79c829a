import type { SectionData } from "../../compiler/compile/route-data.ts";
import CommunityIsland from "../islands/Community.tsx";
import { Island } from "../parts/Island.tsx";
import "./Community.css";

export function Community({ section: s }: { section: Extract<SectionData, { type: "community" }> }) {
  return (
    <section className="section community" id={s.id ?? undefined} data-section="community">
      <Island name="community" component={CommunityIsland} props={{ message: s.message, button: s.button }} />
    </section>
  );
}

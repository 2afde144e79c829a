import type { SectionData } from "../../compiler/compile/route-data.ts";
import Subscribe from "../islands/Subscribe.tsx";
import { Island } from "../parts/Island.tsx";
import "./SubscribeSection.css";

export function SubscribeSection({ section: s }: { section: Extract<SectionData, { type: "subscribe" }> }) {
  return (
    <section className="section subscribe-section" id={s.id ?? undefined} data-section="subscribe">
      <h2>{s.texts.title}</h2>
      <p>{s.texts.describe}</p>
      <Island name="subscribe" component={Subscribe} props={{ texts: s.texts, id: `subscribe-${s.id ?? "section"}` }} />
    </section>
  );
}

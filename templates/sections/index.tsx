// The rich sections of campaign, home and product pages, one component per kind; a page renders
// its list in order. Each is a pure function of its compiled data.
import type { FunctionComponent } from "react";
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Banner } from "./Banner.tsx";
import { Benefits } from "./Benefits.tsx";
import { Booking } from "./Booking.tsx";
import { Cards } from "./Cards.tsx";
import { Community } from "./Community.tsx";
import { Comparison } from "./Comparison.tsx";
import { Ecosystem } from "./Ecosystem.tsx";
import { Faq } from "./Faq.tsx";
import { Feature } from "./Feature.tsx";
import { Gallery } from "./Gallery.tsx";
import { LuckyDraw } from "./LuckyDraw.tsx";
import { MoreSurprises } from "./MoreSurprises.tsx";
import { Offers } from "./Offers.tsx";
import { Preview } from "./Preview.tsx";
import { Products } from "./Products.tsx";
import { Promo } from "./Promo.tsx";
import { Quotes } from "./Quotes.tsx";
import { SubscribeSection } from "./SubscribeSection.tsx";
import { Tabs } from "./Tabs.tsx";
import { Terms } from "./Terms.tsx";
import { Timeline } from "./Timeline.tsx";
import { VoiceCommands } from "./VoiceCommands.tsx";

type Of<T extends SectionData["type"]> = Extract<SectionData, { type: T }>;

const components: { [T in SectionData["type"]]: FunctionComponent<{ section: Of<T> }> } = {
  banner: Banner,
  subscribe: SubscribeSection,
  benefits: Benefits,
  timeline: Timeline,
  preview: Preview,
  products: Products,
  offers: Offers,
  "lucky-draw": LuckyDraw,
  tabs: Tabs,
  terms: Terms,
  promo: Promo,
  cards: Cards,
  ecosystem: Ecosystem,
  quotes: Quotes,
  feature: Feature,
  gallery: Gallery,
  "voice-commands": VoiceCommands,
  comparison: Comparison,
  faq: Faq,
  booking: Booking,
  community: Community,
  "more-surprises": MoreSurprises,
};

export function Sections({ sections }: { sections: SectionData[] }) {
  return (
    <>
      {sections.map((section, i) => {
        const Component = components[section.type] as FunctionComponent<{ section: SectionData }>;
        return <Component key={i} section={section} />;
      })}
    </>
  );
}

// The benefits' icons, drawn inline (one line drawing each, in the text's colour) so they need no
// request and follow the strip's colour. Decorative: the label beside each says what it means.
import type { SectionData } from "../../compiler/compile/route-data.ts";

type Icon = Extract<SectionData, { type: "benefits" }>["items"][number]["icon"];

const paths: Record<Icon, string[]> = {
  // A shield with a tick.
  "price-guarantee": ["M12 3l7.5 3v5.5c0 4.6-3.1 8.3-7.5 9.8-4.4-1.5-7.5-5.2-7.5-9.8V6z", "M8.5 12.2l2.4 2.4 4.6-4.8"],
  // A crown.
  "membership-benefit": ["M3.5 8.5l4.2 3.8L12 5.5l4.3 6.8 4.2-3.8-1.8 10H5.3z", "M5.5 21h13"],
  // A headset with its microphone.
  "customer-support": [
    "M4.5 14v-2a7.5 7.5 0 0 1 15 0v2",
    "M4.5 14h3v5h-2a1 1 0 0 1-1-1z",
    "M19.5 14h-3v5h2a1 1 0 0 0 1-1z",
    "M16.5 19c0 1.3-1.7 2-4 2",
  ],
  // A card and a clock: enjoy now, pay later.
  "enjoy-sooner": [
    "M14 18H4.5a1.5 1.5 0 0 1-1.5-1.5v-9A1.5 1.5 0 0 1 4.5 6h13A1.5 1.5 0 0 1 19 7.5V11",
    "M3 10h16",
    "M6.5 14.5h3",
    "M18 13.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
    "M18 15.8v1.9l1.2 1",
  ],
  // A delivery truck.
  "free-shipping": [
    "M2.5 6.5h11v10h-11z",
    "M13.5 9.5h4l3.5 3.5v3.5h-7.5",
    "M6.5 16.5a1.8 1.8 0 1 0 0 3.6 1.8 1.8 0 0 0 0-3.6z",
    "M17 16.5a1.8 1.8 0 1 0 0 3.6 1.8 1.8 0 0 0 0-3.6z",
  ],
  // Two arrows chasing each other: returns and exchanges.
  "exchange-policy": [
    "M4.5 10a7.5 7.5 0 0 1 13.2-3.8L19.5 8",
    "M19.5 3.5V8H15",
    "M19.5 14a7.5 7.5 0 0 1-13.2 3.8L4.5 16",
    "M4.5 20.5V16H9",
  ],
};

export function BenefitIcon({ icon }: { icon: Icon }) {
  return (
    <svg
      className="benefits-icon"
      viewBox="0 0 24 24"
      width={28}
      height={28}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {paths[icon].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

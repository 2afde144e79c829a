// A text for a narrow box that may hold an e-mail address: the address may break after its @
// ("support@" over "mechanova.com"), where a reader expects it, before the box's own
// overflow-wrap breaks it wherever the line ends ("support@mechano" over "va.com").
import { Fragment } from "react";

export function Breakable({ text }: { text: string }) {
  return text.split("@").map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? (
        <>
          @<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

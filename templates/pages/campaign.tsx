// A campaign page: its title and stages. The rich sections of seed 001 come with issue 4.
import type { PageData } from "../../compiler/route-data.ts";

export function CampaignPage({ page }: { page: Extract<PageData, { template: "campaign" }> }) {
  return (
    <section className="campaign">
      <h1>{page.title}</h1>
      <ol className="campaign-stages">
        {page.stages.map((s, i) => (
          <li key={i}>
            <strong>{s.name}</strong> <time dateTime={s.start}>{s.start.slice(0, 10)}</time>
            {s.end ? (
              <>
                {" – "}
                <time dateTime={s.end}>{s.end.slice(0, 10)}</time>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

import type { PageData } from "../../compiler/compile/route-data.ts";
import { ProductCard } from "../parts/ProductCard.tsx";
import { Sections } from "../sections/index.tsx";
import "./home.css";

export function HomePage({ page }: { page: Extract<PageData, { template: "home" }> }) {
  return (
    <>
      <section className="hero" id="hero">
        <h1>{page.hero.title}</h1>
        {page.hero.subtitle ? <p className="hero-subtitle">{page.hero.subtitle}</p> : null}
      </section>
      {page.sections.length ? (
        <Sections sections={page.sections} />
      ) : page.products.length ? (
        <section className="product-grid" aria-label={page.hero.title}>
          {page.products.map((card) => (
            <ProductCard key={card.id} card={card} learnMore={page.learnMore} />
          ))}
        </section>
      ) : null}
    </>
  );
}

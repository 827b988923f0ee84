import type { HomeCard, PageData } from "../../lib/contract";
import { MAIN_ID } from "../Layout";
import { Markdown } from "../Markdown";
import "./styles.css";

/** Groups cards by their optional group, keeping first-seen order; ungrouped cards form one unnamed group. */
export function groupCards(cards: readonly HomeCard[]): { group: string; cards: HomeCard[] }[] {
  const groups: { group: string; cards: HomeCard[] }[] = [];
  for (const card of cards) {
    const name = card.group ?? "";
    let g = groups.find((x) => x.group === name);
    if (!g) {
      g = { group: name, cards: [] };
      groups.push(g);
    }
    g.cards.push(card);
  }
  return groups;
}

/** The site root: hero, cards, then the page's own Markdown. Card titles are h3 under a group's h2 and
 *  h2 otherwise, so heading levels never skip. */
export function HomePage({ page }: { page: PageData }) {
  const hero = page.home?.hero ?? { title: page.title, tagline: page.description };
  const groups = groupCards(page.home?.cards ?? []);
  const html = page.html ?? "";
  return (
    <main id={MAIN_ID} className="tz-home" tabIndex={-1}>
      <header className="tz-home__hero">
        <div className="tz-home__hero-inner">
          <h1 className="tz-home__title">{hero.title}</h1>
          {hero.tagline && <p className="tz-home__tagline">{hero.tagline}</p>}
        </div>
      </header>
      <div className="tz-home__body">
        {groups.map((g) => (
          <section key={g.group} className="tz-home__group">
            {g.group && <h2 className="tz-home__group-title">{g.group}</h2>}
            <ul className="tz-home__cards">
              {g.cards.map((c) => (
                <li key={c.href + c.title}>
                  <a className="tz-card" href={c.href}>
                    {g.group ? <h3 className="tz-card__title">{c.title}</h3> : <h2 className="tz-card__title">{c.title}</h2>}
                    <p className="tz-card__description">{c.description}</p>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {html !== "" && <Markdown html={html} />}
      </div>
    </main>
  );
}

import { MAIN_ID } from "../Layout";
import { strings } from "../strings";

export function NotFound() {
  return (
    <main id={MAIN_ID} className="tz-page tz-not-found" tabIndex={-1}>
      <article className="tz-page__article">
        <h1 className="tz-page__title">{strings.notFound.title}</h1>
        <p>{strings.notFound.body}</p>
        <p>
          <a href="/">{strings.notFound.homeLink}</a>
        </p>
      </article>
    </main>
  );
}

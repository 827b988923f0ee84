import { useEffect } from "react";
import type { RouteStore } from "../../lib/navigation";
import { prefetchWhenVisible } from "../../lib/prefetchVisible";
import type { PageData, SiteData } from "../../lib/contract";
import { useNavigation, useRouteState } from "../../lib/useRoute";
import { DocPage } from "../DocPage";
import { ErrorBoundary } from "../ErrorBoundary";
import { ErrorPage, HomePage, NotFound, SearchPage, SimplePage } from "../islands";
import { Layout, MAIN_ID } from "../Layout";

export interface AppProps {
  /** Site data, current page and loading state; fixed on the server, the Navigator in the browser. */
  store: RouteStore;
}

function PageContent({ site, page }: { site: SiteData; page: PageData }) {
  switch (page.kind) {
    case "doc":
      return <DocPage site={site} page={page} />;
    case "home":
      return <HomePage page={page} />;
    case "page":
      return <SimplePage page={page} />;
    case "notfound":
      return <NotFound />;
    case "search":
      // The <main> is the shell's, so the skip link has its target before the page's code arrives.
      return (
        <main id={MAIN_ID} tabIndex={-1}>
          <SearchPage site={site} />
        </main>
      );
  }
}

/** The whole app below #__tz. Identical output for the same data on server and client. */
export function App({ store }: AppProps) {
  const { site, page, loading } = useRouteState(store);
  const nav = useNavigation();
  // Once a page has rendered, its previous/next and card links prefetch as they come into view.
  useEffect(() => (nav ? prefetchWhenVisible(document, (href) => nav.prefetch(href)) : undefined), [nav, page.route]);
  // Two boundaries (docs/behaviour.md, "Error pages"): a page that fails to render shows 'This page crashed.' inside the normal
  // layout, and Try again reloads its data; if the layout itself fails, a bare generic error page.
  return (
    <ErrorBoundary fallback={({ error, tryAgain }) => <ErrorPage variant="generic" error={error} onTryAgain={tryAgain} />}>
      <Layout site={site} page={page} loading={loading}>
        <ErrorBoundary
          key={page.route}
          onRetry={nav ? () => nav.reload() : undefined}
          fallback={({ error, tryAgain }) => <ErrorPage variant="crash" error={error} onTryAgain={tryAgain} />}
        >
          <PageContent site={site} page={page} />
        </ErrorBoundary>
      </Layout>
    </ErrorBoundary>
  );
}

import type { RouteStore } from "../../lib/navigation";
import type { PageData, SiteData } from "../../lib/types";
import { useRouteState } from "../../lib/useRoute";
import { DocPage } from "../DocPage";
import { HomePage } from "../HomePage";
import { Layout } from "../Layout";
import { NotFound } from "../NotFound";
import { SimplePage } from "../SimplePage";

export interface AppProps {
  site: SiteData;
  /** Current page and loading state; fixed on the server, the Navigator in the browser. */
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
  }
}

/** The whole app below #__tz. Identical output for the same data on server and client. */
export function App({ site, store }: AppProps) {
  const { page, loading } = useRouteState(store);
  return (
    <Layout site={site} page={page} loading={loading}>
      <PageContent site={site} page={page} />
    </Layout>
  );
}

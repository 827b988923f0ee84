import { useSyncExternalStore } from "react";
import { baseUrlMismatch, suggestBaseUrl } from "../../lib/baseUrl";
import { strings } from "../strings";
import "./styles.css";

const noSubscribe = () => () => {};
const readPath = () => window.location.pathname;
const serverPath = () => null;

/** A banner shown when the site is served from another path than its configured base URL (which
 *  breaks its links and assets), suggesting the base URL that would work. Client-only: the server
 *  render and hydration never show it. */
export function BaseUrlBanner({ baseUrl, route }: { baseUrl: string; route: string }) {
  const pathname = useSyncExternalStore(noSubscribe, readPath, serverPath);
  if (pathname === null || !baseUrlMismatch(pathname, baseUrl)) return null;
  return (
    <div className="tz-baseurl-banner" role="alert">
      <p className="tz-baseurl-banner__title">{strings.errors.baseUrl.title}</p>
      <p>{strings.errors.baseUrl.body(baseUrl, suggestBaseUrl(pathname, route))}</p>
    </div>
  );
}

// @docusaurus/useDocusaurusContext for site components: the site's configuration as Docusaurus
// names it (siteConfig.title, tagline, url, baseUrl, customFields).
import { shimSite } from "./context";

export default function useDocusaurusContext() {
  const site = shimSite();
  return { siteConfig: site, siteMetadata: {}, globalData: {}, i18n: { currentLocale: "en", defaultLocale: "en", locales: ["en"] } };
}

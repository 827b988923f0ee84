// @ts-check
import {themes as prismThemes} from 'prism-react-renderer';
import remarkMath from 'remark-math';

/** @type {import('@docusaurus/types').Config} */
export default async function createConfig() {
  const katex = (await import('rehype-katex')).default;
  return {
    title: 'Widgets',
    tagline: 'Build widgets',
    url: 'https://widgets.example.org',
    baseUrl: '/',
    favicon: 'img/favicon.ico',
    onBrokenLinks: 'warn',
    organizationName: 'widgets',
    i18n: {defaultLocale: 'en', locales: ['en']},
    presets: [
      [
        'classic',
        {
          docs: {
            path: '../docs',
            sidebarPath: require.resolve('./sidebars.js'),
            routeBasePath: '/',
            editUrl: 'https://git.example.org/widgets/edit/main/',
            remarkPlugins: [remarkMath],
            rehypePlugins: [katex],
            admonitions: {keywords: ['release']},
          },
          blog: {showReadingTime: true},
          theme: {customCss: './src/css/custom.css'},
        },
      ],
    ],
    plugins: ['docusaurus-plugin-sass'],
    themes: ['@docusaurus/theme-mermaid'],
    markdown: {mermaid: true},
    themeConfig: {
      image: 'img/card.png',
      navbar: {
        title: 'Widgets',
        logo: {alt: 'Logo', src: 'img/logo.svg'},
        items: [
          {type: 'docSidebar', sidebarId: 'main', position: 'left', label: 'Docs'},
          {to: '/blog', label: 'Blog', position: 'left'},
          {type: 'custom-version', position: 'right'},
          {href: 'https://git.example.org/widgets', label: 'Source', position: 'right'},
        ],
      },
      footer: {
        style: 'dark',
        links: [{title: 'Docs', items: [{label: 'Intro', to: '/'}]}],
        copyright: `Copyright ${2026} Widgets`,
      },
      prism: {theme: prismThemes.github, additionalLanguages: ['rust']},
      algolia: {appId: 'X', apiKey: 'Y', indexName: 'widgets', contextualSearch: true},
    },
  };
}

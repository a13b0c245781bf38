// robots.txt: everything may be crawled; the sitemap is named with its absolute URL.
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

// Escaping for what the server writes into HTML and XML: every value from the database or the
// configuration goes through one of these, so a package title with quotes, `<` or `&` stays text.

/** Text for an HTML attribute value in double quotes, or for element content. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text for XML element content (the sitemap). */
export const escapeXml = (value: string) => escapeHtml(value).replace(/'/g, '&apos;');

/**
 * JSON for a <script type="application/ld+json"> block: `<`, `>` and `&` as \u escapes, so no text can
 * close the element or open a comment, and the line separators JavaScript parsers once rejected.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The renderer's Content-Security-Policy, one list for every way it is served: the desktop app's
 * app:// protocol and browser mode send it as a header, the built index.html carries it as a
 * <meta> tag. The renderer loads nothing remote (all traffic goes through the host), so: no
 * inline script or style, no eval, no frames, no plugins, no form posts, and it cannot be framed.
 */
const directives = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "worker-src 'none'",
] as const;

/** As a response header. */
export const contentSecurityPolicy = directives.join('; ');

/** As a <meta> tag, where browsers ignore frame-ancestors (and warn about it); the header keeps it. */
export const metaContentSecurityPolicy = directives.filter((directive) => !directive.startsWith('frame-ancestors')).join('; ');

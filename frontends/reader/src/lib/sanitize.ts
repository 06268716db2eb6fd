import DOMPurify from 'dompurify';

// An item's HTML as the page shows it. The service stores it sanitized already (allow-list, no scripts, styles or
// tracking pixels); the browser cleans it again with DOMPurify before it reaches the page, so a stored item that
// slipped through (or an older one) still cannot run script, take over the layout or open links in this window.

let purifier: ReturnType<typeof DOMPurify> | undefined;

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (el.tagName === 'A' && el.hasAttribute('href')) {
      // links leave the app in a new window that cannot reach back (window.opener) or learn where it came from
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
    if (el.tagName === 'IMG') {
      el.setAttribute('loading', 'lazy');
      el.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
  return purifier;
}

/** The HTML with only what an article needs: no script, style, frame, form or event handler, no inline style. */
export function sanitizeHtml(html: string): string {
  return instance().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'frame', 'object', 'embed', 'link', 'meta', 'base'],
    FORBID_ATTR: ['style', 'class', 'id'],
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  });
}

/** Small reads of the DOM that component tests assert on (what a screen reader is told, not only what exists). */

/** The text an element is described by (its `aria-describedby` elements, in order), or '' when none. */
export function descriptionOf(element: Element): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

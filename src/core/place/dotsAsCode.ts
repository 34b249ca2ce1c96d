import type { Needle } from '../locate/matcher';
import { isBareDotsLine } from '../parse/elision';

/**
 * The replacement's elision lines without its bare `...` lines (`…`, `. . .`) when nothing is
 * left out for them to stand for: every line of the search text with something on it stands in
 * the replacement, in order, on lines other than those. Such a `...` is code: a Python stub's
 * body (`@overload` signatures, a `Protocol`'s methods, abstract methods). Read as an elision, it
 * was filled with the search line it came before (distro's `os_release_attr` given an `@overload`
 * stub above it: the stub's `...` became the function's `"""`, the docstring left open), or, with
 * several stubs, refused as two elisions. Marker comments (`# ... existing code ...`) are not
 * code in any language and stay elisions; a search text with elisions of its own is left alone.
 */
export function bareDotsAsCode(elisions: ReadonlySet<number>, replacementLines: readonly string[], needle: Needle): ReadonlySet<number> {
  if (elisions.size === 0 || needle.elisions.size > 0) return elisions;
  const dots = [...elisions].filter((i) => isBareDotsLine(replacementLines[i]));
  if (dots.length === 0 || !searchShownWhole(needle.lines, replacementLines, new Set(dots))) return elisions;
  return new Set([...elisions].filter((i) => !isBareDotsLine(replacementLines[i])));
}

/** True when every search line with something on it stands, trimmed, in `replacement` in order, outside `aside`. */
function searchShownWhole(search: readonly string[], replacement: readonly string[], aside: ReadonlySet<number>): boolean {
  let r = 0;
  for (const line of search) {
    const text = line.trim();
    if (text === '') continue;
    while (r < replacement.length && (aside.has(r) || replacement[r].trim() !== text)) r++;
    if (r === replacement.length) return false;
    r++;
  }
  return true;
}

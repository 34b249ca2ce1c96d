/** A file's indentation unit. */
export type IndentUnit = { readonly kind: 'tabs' } | { readonly kind: 'spaces'; readonly size: number };

/** The leading whitespace of a line. */
export function leadingWhitespace(line: string): string {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return line.slice(0, i);
}

/** True for a line that is empty or whitespace only. */
export function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 0xa0 && c !== 0xfeff) return false;
  }
  return true;
}

/** The width of an indentation string in columns, a tab counting `tabSize` columns. */
export function indentWidth(indent: string, tabSize: number): number {
  let width = 0;
  for (const c of indent) width += c === '\t' ? tabSize : 1;
  return width;
}

/**
 * Detects how `lines` indent: tabs when most indented lines start with a tab, otherwise the most
 * common step between the indentation of consecutive indented lines (2, 4, 8 …). `undefined` when
 * no line is indented. Looks at most `sample` lines so huge files cost nothing.
 */
export function detectIndentUnit(lines: readonly string[], sample = 2000): IndentUnit | undefined {
  let tabs = 0;
  let spaces = 0;
  const steps = new Map<number, number>();
  let previous = 0;
  const limit = Math.min(lines.length, sample);
  for (let i = 0; i < limit; i++) {
    const line = lines[i];
    if (isBlank(line)) continue;
    if (line[0] === '\t') {
      tabs++;
      continue;
    }
    const indent = leadingWhitespace(line);
    // ` * ` continuation lines of block comments are aligned, not indented: they say nothing
    // about the unit (a tab-indented file is full of them).
    if (line[indent.length] === '*' && indent.length % 2 === 1) continue;
    const width = indent.length;
    if (width > 0) spaces++;
    const step = Math.abs(width - previous);
    if (step > 0 && step <= 8) steps.set(step, (steps.get(step) ?? 0) + 1);
    previous = width;
  }
  if (tabs === 0 && spaces === 0) return undefined;
  if (tabs > spaces) return { kind: 'tabs' };
  let best = 0;
  let bestCount = 0;
  for (const [step, count] of steps) {
    // Prefer the smaller step on ties: a 2-space file also has 4-space steps.
    if (count > bestCount || (count === bestCount && step < best)) {
      best = step;
      bestCount = count;
    }
  }
  return { kind: 'spaces', size: best || 4 };
}

/** Renders an indentation of `width` columns in `unit` (tabs, then spaces for any remainder). */
export function renderIndent(width: number, unit: IndentUnit, tabSize: number): string {
  if (width <= 0) return '';
  if (unit.kind === 'spaces') return ' '.repeat(width);
  return '\t'.repeat(Math.floor(width / tabSize)) + ' '.repeat(width % tabSize);
}

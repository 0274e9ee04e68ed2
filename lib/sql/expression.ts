/** Whether text a user typed is one SQL expression, so it can be placed inside a statement. */

/**
 * True when `expression` is one SQL expression: no `;`, comment or unclosed quote/parenthesis
 * outside string literals, so it cannot end the statement it is placed in.
 */
export function isSingleExpression(expression: string): boolean {
  let depth = 0
  for (let i = 0; i < expression.length; i++) {
    const ch = expression[i]
    if (ch === "'" || ch === '"') {
      const end = closingQuote(expression, i, ch)
      if (end < 0) return false
      i = end
    } else if (ch === '$') {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(expression.slice(i))?.[0]
      if (tag && !/[A-Za-z0-9_]/.test(expression[i - 1] ?? '')) {
        const end = expression.indexOf(tag, i + tag.length)
        if (end < 0) return false
        i = end + tag.length - 1
      }
    } else if (ch === ';') return false
    else if ((ch === '-' && expression[i + 1] === '-') || (ch === '/' && expression[i + 1] === '*')) return false
    else if (ch === '(') depth++
    else if (ch === ')' && --depth < 0) return false
  }
  return depth === 0
}

function closingQuote(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] !== quote) continue
    if (text[i + 1] === quote) i++
    else return i
  }
  return -1
}

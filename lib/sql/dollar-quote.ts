/**
 * Dollar quoting of user code (a function's body) placed in DDL: the body is kept byte for byte,
 * and the tag is chosen so that nothing in the body can end the string.
 */

/**
 * `$tag$body$tag$` with a tag (`$tag$`, `$tag1$`, …) that neither occurs in `body` nor is
 * completed by it: a body ending in `$tag` would read `$tag` + `$` as the closing quote.
 */
export function dollarQuote(body: string, tag = 'hook'): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(tag)) throw new Error(`Not a dollar-quote tag: ${tag}`)
  const fits = (quote: string) => !body.includes(quote) && !body.endsWith(quote.slice(0, -1))
  let quote = `$${tag}$`
  for (let i = 1; !fits(quote); i++) quote = `$${tag}${i}$`
  return `${quote}${body}${quote}`
}

import crypto from 'node:crypto'
import type { Db } from '../db/types'
import { insertFunction, insertVersion, functionRow } from '../functions/store'

/**
 * The demo app's Edge Function: lists the shop's products in stock through the project's REST API
 * as its caller (so RLS applies), written so its source is already plain JavaScript: the demo
 * stores it as its own bundle and seeds without running the bundler.
 */
const SOURCE = `// Lists the products in stock through the project's REST API, as the caller (RLS applies).
// Call it with the anon key: curl -H "Authorization: Bearer <anon key>" <url>
Deno.serve(async (req) => {
  const key = Deno.env.get('SUPABASE_ANON_KEY')
  const res = await fetch(\`\${Deno.env.get('SUPABASE_URL')}/rest/v1/products?select=name,price_cents&in_stock=eq.true&order=name\`, {
    headers: { apikey: key, Authorization: req.headers.get('Authorization') ?? \`Bearer \${key}\` },
  })
  console.log('listed products', res.status)
  return new Response(await res.text(), { status: res.status, headers: { 'Content-Type': 'application/json' } })
})
`

export const DEMO_FUNCTION_SLUG = 'products-in-stock'

/** Adds the demo function to a project (once). */
export async function seedDemoFunction(db: Db, ref: string): Promise<void> {
  const { rows } = await db.query<{ id: number }>('select id from platform.projects where ref = $1', [ref])
  if (!rows[0]) return
  const projectId = Number(rows[0].id)
  await db.transaction(async (tx) => {
    if (await functionRow(tx, projectId, DEMO_FUNCTION_SLUG)) return
    await insertFunction(tx, { id: crypto.randomUUID(), projectId, slug: DEMO_FUNCTION_SLUG, name: 'Products in stock', verifyJwt: true })
    const fn = (await functionRow(tx, projectId, DEMO_FUNCTION_SLUG, true))!
    await insertVersion(tx, fn, { files: [{ name: 'index.ts', content: SOURCE }], bundle: SOURCE, buildOutput: 'Seeded with the demo (plain JavaScript: no bundling needed).', createdBy: null }, {})
  })
}

/**
 * The templates a new Edge Function starts from (issue 14: hello world, a handler that reads the
 * project's REST API through supabase-js, a webhook receiver). Static data: each is the source of
 * the function's index.ts. Imports use `npm:` specifiers: the runtime fetches npm packages, while
 * URL imports (esm.sh, deno.land) need hosts this platform may not reach.
 */
export type FunctionTemplate = {
  id: 'hello-world' | 'supabase-client' | 'webhook'
  name: string
  description: string
  /** The slug the create dialog proposes. */
  slug: string
  /** index.ts */
  code: string
}

const HELLO_WORLD = `// Answers a JSON greeting. Try: POST {"name":"Functions"}
Deno.serve(async (req) => {
  let name = 'world'
  if (req.method === 'POST') {
    const body = await req.json().catch(() => ({}))
    if (typeof body.name === 'string') name = body.name
  }
  console.log(\`Saying hello to \${name}\`)
  return new Response(JSON.stringify({ message: \`Hello \${name}!\` }), {
    headers: { 'Content-Type': 'application/json' },
  })
})
`

const SUPABASE_CLIENT = `// Reads rows through the project's REST API as the caller: their Authorization header is passed on,
// so row level security applies. Change 'todos' to one of your tables.
import { createClient } from 'npm:@supabase/supabase-js@2'

Deno.serve(async (req) => {
  const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  })
  const { data, error } = await supabase.from('todos').select('*').limit(10)
  if (error) {
    console.error(error.message)
    return Response.json({ error: error.message }, { status: 400 })
  }
  return Response.json({ rows: data })
})
`

const WEBHOOK = `// Receives a webhook: the sender must put the shared secret in the x-webhook-secret header.
// Set WEBHOOK_SECRET under Edge Functions → Secrets, and turn off "Verify JWT" for outside senders.
Deno.serve(async (req) => {
  const expected = Deno.env.get('WEBHOOK_SECRET')
  if (!expected || req.headers.get('x-webhook-secret') !== expected) {
    return Response.json({ error: 'Unauthorized' }, { status: 401 })
  }
  const event = await req.json().catch(() => null)
  console.log('Webhook received', JSON.stringify(event))
  return Response.json({ received: true })
})
`

export const FUNCTION_TEMPLATES: readonly FunctionTemplate[] = [
  { id: 'hello-world', name: 'Hello world', description: 'Answers a JSON greeting; the name comes from a POST body.', slug: 'hello-world', code: HELLO_WORLD },
  {
    id: 'supabase-client',
    name: 'Query your database',
    description: "Reads rows with supabase-js through the project's REST API, as the caller.",
    slug: 'read-todos',
    code: SUPABASE_CLIENT,
  },
  { id: 'webhook', name: 'Webhook receiver', description: 'Checks a shared secret from WEBHOOK_SECRET and answers 401 or 200.', slug: 'webhook', code: WEBHOOK },
]

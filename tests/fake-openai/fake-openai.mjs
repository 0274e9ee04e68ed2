/**
 * A local model provider that speaks the OpenAI chat completions protocol as real servers do
 * (`POST /v1/chat/completions` with `stream: true`: server-sent `data:` chunks carrying
 * `choices[0].delta.content` or `delta.tool_calls` with their `arguments` streamed in pieces, a
 * `finish_reason`, then `data: [DONE]`). The API tests, the end-to-end tests and
 * bench/assistant.mjs start it on a loopback port; a script decides each reply from the request.
 *
 * Plain JavaScript so that node runs it as it is (bench, Playwright's web server) and vitest
 * imports it too; the types are in fake-openai.d.mts.
 */
import http from 'node:http'

const sleep = (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve())

/** The text of the last message with a role. */
export function lastMessage(request, role) {
  const found = [...(request.body.messages ?? [])].reverse().find((m) => m.role === role)
  if (!found) return ''
  return typeof found.content === 'string' ? found.content : (found.content ?? []).map((p) => p.text ?? '').join('')
}

/** Splits a text into pieces of a few characters, as a model streams tokens. */
export function tokens(text, size = 4) {
  const pieces = []
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size))
  return pieces
}

/**
 * The scenario the end-to-end tests and the bench use, decided by the last message:
 * - after a tool result: an answer that quotes it ("The query returned: ...");
 * - "how many ... in <table>": a `run_sql` tool call counting the table's rows;
 * - anything else: a short streamed answer with a ```sql card selecting from the table named
 *   after "from" or "in" (public.todos when none); "slowly" spaces its pieces 120 ms apart.
 */
export function defaultScript(request) {
  const messages = request.body.messages ?? []
  const last = messages.at(-1)
  if (last?.role === 'tool') {
    const content = typeof last.content === 'string' ? last.content : JSON.stringify(last.content)
    const count = content.match(/"count":\s*"?(\d+)/)
    return { text: tokens(count ? `There are ${count[1]} rows in that table.` : `The query returned: ${content.slice(0, 200)}`) }
  }
  const question = lastMessage(request, 'user')
  const table = question.match(/\b(?:from|in|table)\s+([a-z_][a-z0-9_.]*)/i)?.[1] ?? 'public.todos'
  if (/how many/i.test(question) && (request.body.tools ?? []).some((t) => t.function?.name === 'run_sql')) {
    return { toolCalls: [{ name: 'run_sql', arguments: { sql: `select count(*) from ${table}` } }] }
  }
  return {
    // "slowly": long enough between pieces for a person (or a test) to watch the answer grow.
    ...(/slowly/i.test(question) ? { delayMs: 120 } : {}),
    text: tokens(`Here is a query that lists the first rows of ${table}:\n\n\`\`\`sql\nselect * from ${table} limit 5;\n\`\`\`\n\nRun it to see them.`),
  }
}

function chunk(id, model, delta, finishReason = null) {
  return `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`
}

async function reply(res, request, answer, options) {
  const delayMs = answer.delayMs ?? options.delayMs ?? 0
  if (answer.status) {
    res.writeHead(answer.status, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ error: { message: answer.error ?? `Fake provider error ${answer.status}`, type: 'fake_error' } }))
    return
  }
  if (answer.hang) return // never answers; the caller's timeout decides
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`
  const model = request.body.model
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
  await sleep(answer.firstDelayMs ?? options.firstDelayMs ?? 0)
  if (answer.broken || answer.cut) {
    res.write(chunk(id, model, { role: 'assistant', content: 'Half an ans' }))
    if (answer.cut) {
      await sleep(50) // the first piece reaches the caller, then the connection drops
      res.destroy()
      return
    }
    res.write('data: {"choices": [{"delta": {"content": \n\n') // malformed JSON
    res.end()
    return
  }
  if (answer.toolCalls) {
    res.write(chunk(id, model, { role: 'assistant', content: null }))
    for (const [index, call] of answer.toolCalls.entries()) {
      const args = JSON.stringify(call.arguments)
      res.write(chunk(id, model, { tool_calls: [{ index, id: `call_${index}_${id}`, type: 'function', function: { name: call.name, arguments: '' } }] }))
      // The arguments arrive in pieces, as real providers send them.
      for (const piece of tokens(args, Math.max(1, Math.ceil(args.length / 3)))) {
        await sleep(delayMs)
        res.write(chunk(id, model, { tool_calls: [{ index, function: { arguments: piece } }] }))
      }
    }
    res.write(chunk(id, model, {}, 'tool_calls'))
  } else {
    res.write(chunk(id, model, { role: 'assistant', content: '' }))
    for (const [index, piece] of (answer.text ?? []).entries()) {
      if (index > 0) await sleep(delayMs)
      if (res.destroyed) return
      res.write(chunk(id, model, { content: piece }))
      request.firstChunkAt ??= performance.timeOrigin + performance.now()
    }
    if (answer.stall) return // stops sending without ending: a stalled stream
    res.write(chunk(id, model, {}, 'stop'))
  }
  res.write('data: [DONE]\n\n')
  res.end()
}

/**
 * Starts the fake on 127.0.0.1 (port 0: any free one). `script(request)` returns the reply:
 * `{ text: string[] }` streamed piece by piece, `{ toolCalls: [{ name, arguments }] }`,
 * `{ status, error? }` an HTTP error, `{ hang: true }` no answer at all, `{ broken: true }` a
 * stream that ends in malformed JSON, `{ cut: true }` a connection dropped mid-answer, `{ text, stall: true }` a stream that stops
 * without finishing; `delayMs` between pieces, `firstDelayMs` before the first.
 * With `apiKey`, a request without `Authorization: Bearer <apiKey>` gets 401 as OpenAI answers.
 */
export async function startFakeOpenAI(options = {}) {
  let script = options.script ?? defaultScript
  const requests = []
  const server = http.createServer((req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      let body = {}
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
      } catch {
        res.writeHead(400).end()
        return
      }
      // receivedAt / firstChunkAt (epoch ms, sub-millisecond): the provider's own share of a reply's latency.
      const request = { method: req.method, path: req.url, headers: req.headers, body, receivedAt: performance.timeOrigin + performance.now() }
      if (req.method === 'GET' && req.url === '/health') {
        res.writeHead(200).end('ok')
        return
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }))
        return
      }
      requests.push(request)
      // Set when the caller hangs up before the reply is complete (the user pressed Stop).
      res.on('close', () => {
        if (!res.writableFinished) request.closedEarly = true
      })
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        res.writeHead(401, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }))
        return
      }
      reply(res, request, script(request), options).catch(() => res.destroy())
    })
  })
  const sockets = new Set()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address()
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    setScript(next) {
      script = next
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

// `node tests/fake-openai/fake-openai.mjs --port 8097 [--api-key KEY]`: the end-to-end tests' provider.
if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--port')
  const port = at > 0 ? Number(process.argv[at + 1]) : 8097
  const keyAt = process.argv.indexOf('--api-key')
  const fake = await startFakeOpenAI({ port, delayMs: 15, apiKey: keyAt > 0 ? process.argv[keyAt + 1] : undefined })
  console.log(`fake OpenAI-compatible provider at ${fake.baseUrl}`)
}

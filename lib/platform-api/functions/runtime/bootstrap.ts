/**
 * The Deno-side program of a worker, written next to the bundle when the worker starts. Before the
 * function's module runs it replaces `Deno.serve` (to capture the handler instead of listening)
 * and `console.*` (to send structured lines to the platform), then serves the platform's requests
 * on a Unix socket that exists only inside this worker's sandbox.
 *
 * Protocol on stdout: a line `\x1e<nonce><json>` is a message from this program; the nonce comes
 * on stdin before the function's code runs, so the code cannot forge one. Messages: `ready`,
 * `boot-error` (m: reason) and `log` (l: level, m: message, e: execution id or null). Any other
 * stdout/stderr output is the code writing directly. Each request carries its execution id and
 * its public URL in two headers the handler never sees.
 */

/** The socket inside the sandbox, and the headers the platform adds to each request. */
export const WORKER_SOCKET = '/ipc/http.sock'
export const EXECUTION_ID_HEADER = 'x-fn-execution-id'
export const PUBLIC_URL_HEADER = 'x-fn-url'
/** A log line longer than this is cut (the log store keeps lines, not documents). */
export const MAX_LOG_MESSAGE = 16_384

export const BOOTSTRAP_SOURCE = String.raw`
const encoder = new TextEncoder()
const decoder = new TextDecoder()
const realServe = Deno.serve.bind(Deno)
const writeOut = Deno.stdout.writeSync.bind(Deno.stdout)
const inspect = Deno.inspect.bind(Deno)
const { AsyncLocalStorage } = await import('node:async_hooks')
const executions = new AsyncLocalStorage()

async function readNonce() {
  const buf = new Uint8Array(128)
  let text = ''
  while (!text.includes('\n')) {
    const n = await Deno.stdin.read(buf)
    if (n === null) break
    text += decoder.decode(buf.subarray(0, n))
  }
  return text.trim()
}
const nonce = await readNonce()

function send(message) {
  const bytes = encoder.encode('\x1e' + nonce + JSON.stringify(message) + '\n')
  let offset = 0
  while (offset < bytes.length) offset += writeOut(bytes.subarray(offset))
}

const show = (value) => (typeof value === 'string' ? value : inspect(value, { colors: false, depth: 6 }))
function format(args) {
  if (typeof args[0] === 'string' && /%[sdifoOjc%]/.test(args[0])) {
    let rest = args.slice(1)
    const head = args[0].replace(/%([sdifoOjc%])/g, (match, kind) => {
      if (kind === '%') return '%'
      if (rest.length === 0) return match
      const value = rest.shift()
      if (kind === 'c') return ''
      if (kind === 'd' || kind === 'i') return String(kind === 'i' ? Math.trunc(Number(value)) : Number(value))
      if (kind === 'f') return String(Number(value))
      if (kind === 'j') return JSON.stringify(value)
      return kind === 's' ? String(value) : show(value)
    })
    return [head, ...rest.map(show)].join(' ')
  }
  return args.map(show).join(' ')
}

function log(level, message) {
  const text = message.length > ${MAX_LOG_MESSAGE} ? message.slice(0, ${MAX_LOG_MESSAGE}) + '… (truncated)' : message
  send({ t: 'log', l: level, m: text, e: executions.getStore() ?? null })
}
const errorText = (error) => (error instanceof Error ? (error.stack ?? error.name + ': ' + error.message) : show(error))

const levels = { log: 'info', info: 'info', debug: 'debug', warn: 'warn', error: 'error', dir: 'info', table: 'info' }
for (const [name, level] of Object.entries(levels)) console[name] = (...args) => log(level, format(args))
console.trace = (...args) => log('debug', format(args) + '\n' + (new Error().stack ?? '').split('\n').slice(2).join('\n'))
console.assert = (condition, ...args) => { if (!condition) log('error', 'Assertion failed' + (args.length ? ': ' + format(args) : '')) }

globalThis.addEventListener('unhandledrejection', (event) => {
  event.preventDefault()
  log('error', 'Unhandled promise rejection: ' + errorText(event.reason))
})
globalThis.addEventListener('error', (event) => {
  event.preventDefault()
  log('error', 'Uncaught error: ' + errorText(event.error ?? event.message))
})

// A function answers through Deno.serve only: listening itself (even on loopback, which
// --allow-net permits) could squat a port the platform is about to use and read what comes in.
const refuse = (what) => function () {
  throw new Deno.errors.NotCapable(what + ' is not allowed in an Edge Function: it answers through Deno.serve')
}
Deno.listen = refuse('Deno.listen')
Deno.listenTls = refuse('Deno.listenTls')
if ('listenDatagram' in Deno) Deno.listenDatagram = refuse('Deno.listenDatagram')
const listeners = ['net', 'http', 'https', 'http2', 'tls']
const [dgram, threads, ...servers] = await Promise.all(['dgram', 'worker_threads', ...listeners].map((name) => import('node:' + name)))
for (const [index, module] of servers.entries()) {
  const name = listeners[index]
  for (const key of ['Server', 'Http2Server', 'Http2SecureServer']) {
    if (typeof module[key] === 'function' && module[key].prototype) module[key].prototype.listen = refuse('node:' + name + ' ' + key + '.listen')
  }
}
dgram.Socket.prototype.bind = refuse('node:dgram bind')
// A worker thread would start with none of the above (nor the console that carries the logs).
const refuseClass = (what) => class { constructor() { refuse(what)() } }
globalThis.Worker = refuseClass('new Worker')

let handler = null
let onError = null
const fakeServer = {
  finished: new Promise(() => {}),
  addr: { transport: 'tcp', hostname: '0.0.0.0', port: 8000 },
  shutdown: async () => {},
  ref() {},
  unref() {},
  [Symbol.asyncDispose]: async () => {},
}
Deno.serve = function serve(...args) {
  let found = null
  let options = {}
  for (const arg of args) {
    if (typeof arg === 'function') found = arg
    else if (arg && typeof arg === 'object') {
      options = arg
      if (typeof arg.handler === 'function') found = arg.handler
    }
  }
  if (!found) throw new TypeError('Deno.serve needs a handler function')
  handler = found
  onError = typeof options.onError === 'function' ? options.onError : null
  if (typeof options.onListen === 'function') options.onListen(fakeServer.addr)
  return fakeServer
}

try {
  const module = await import('./bundle.js')
  if (!handler && module.default && typeof module.default.fetch === 'function') handler = module.default.fetch.bind(module.default)
} catch (error) {
  const reason = 'The function threw while loading: ' + errorText(error)
  log('error', reason)
  send({ t: 'boot-error', m: reason })
  Deno.exit(1)
}
if (!handler) {
  send({ t: 'boot-error', m: 'The function never called Deno.serve, so it has no handler to run' })
  Deno.exit(1)
}

async function answer(request, info, url) {
  const headers = new Headers(request.headers)
  headers.delete('${EXECUTION_ID_HEADER}')
  headers.delete('${PUBLIC_URL_HEADER}')
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const incoming = new Request(url, { method: request.method, headers, body: hasBody ? request.body : undefined, signal: request.signal, duplex: 'half' })
  try {
    const response = await handler(incoming, info)
    if (!(response instanceof Response)) throw new TypeError('The handler must return a Response (it returned ' + show(response) + ')')
    return response
  } catch (error) {
    log('error', errorText(error))
    if (onError) {
      try {
        const response = await onError(error)
        if (response instanceof Response) return response
      } catch (again) {
        log('error', errorText(again))
      }
    }
    return new Response(JSON.stringify({ code: 'FUNCTION_ERROR', message: 'The function threw an error; see its logs' }), {
      status: 500,
      headers: { 'content-type': 'application/json' },
    })
  }
}

realServe({ path: '${WORKER_SOCKET}', onListen() { send({ t: 'ready' }) } }, (request, info) => {
  const id = request.headers.get('${EXECUTION_ID_HEADER}')
  const url = request.headers.get('${PUBLIC_URL_HEADER}') ?? request.url
  return executions.run(id, () => answer(request, info, url))
})
`

/**
 * The Deno-side program of a worker, written next to the bundle when the worker starts. Before the
 * function's module runs it connects to the platform's channel (channel.ts), replaces `Deno.serve`
 * (to capture the handler instead of listening) and `console.*` (to send structured lines to the
 * platform), and refuses every way of listening; then it answers the platform's requests.
 *
 * Protocol on stdout: a line `\x1e<nonce><json>` is a message from this program; the nonce comes
 * on stdin before the function's code runs, so the code cannot forge one. Messages: `boot-error`
 * (m: reason) and `log` (l: level, m: message, e: execution id or null). Any other stdout/stderr
 * output is the code writing directly.
 */
import { FRAME } from './channel'

/** The channel's socket inside the sandbox (the platform listens on it, in the worker's directory). */
export const CHANNEL_SOCKET = '/ipc/channel.sock'
/** Body chunks travel in frames of at most this many bytes. */
const CHUNK_BYTES = 65_536
/** A log line longer than this is cut (the log store keeps lines, not documents). */
export const MAX_LOG_MESSAGE = 16_384

export const BOOTSTRAP_SOURCE = String.raw`
const encoder = new TextEncoder()
const decoder = new TextDecoder()
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
// The platform's end is listening already; it takes this one connection only.
const channel = await Deno.connect({ transport: 'unix', path: '${CHANNEL_SOCKET}' })
let writing = Promise.resolve()
async function writeAll(bytes) {
  let offset = 0
  while (offset < bytes.length) offset += await channel.write(bytes.subarray(offset))
}
function frame(type, id, payload = new Uint8Array(0)) {
  const bytes = new Uint8Array(9 + payload.length)
  const view = new DataView(bytes.buffer)
  view.setUint8(0, type)
  view.setUint32(1, id)
  view.setUint32(5, payload.length)
  bytes.set(payload, 9)
  writing = writing.then(() => writeAll(bytes)).catch(() => Deno.exit(1))
  return writing
}

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
// The sandbox's seccomp filter makes listen() fail for every API; these say why in words.
const refuse = (what) => function () {
  throw new Deno.errors.NotCapable(what + ' is not allowed in an Edge Function: it answers through Deno.serve')
}
Deno.listen = refuse('Deno.listen')
Deno.listenTls = refuse('Deno.listenTls')
if ('listenDatagram' in Deno) Deno.listenDatagram = refuse('Deno.listenDatagram')
// A Web Worker would start without this program's console (its logs would lose their invocation).
globalThis.Worker = class { constructor() { refuse('new Worker')() } }

// The hosted runtime's way to finish work after answering: here the worker simply keeps running it.
globalThis.EdgeRuntime = { waitUntil: (promise) => Promise.resolve(promise).catch((error) => log('error', errorText(error))) }

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

async function answer(head, body, info) {
  try {
    const hasBody = head.m !== 'GET' && head.m !== 'HEAD' && body.length > 0
    const request = new Request(head.u, { method: head.m, headers: head.h, body: hasBody ? body : undefined })
    const response = await handler(request, info)
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

function handle(id, head, body) {
  return executions.run(head.e, async () => {
    let completed
    const info = { remoteAddr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 }, completed: new Promise((resolve) => (completed = resolve)) }
    const response = await answer(head, body, info)
    await frame(${FRAME.HEAD}, id, encoder.encode(JSON.stringify({ s: response.status, t: response.statusText, h: [...response.headers] })))
    try {
      if (response.body) {
        for await (const chunk of response.body) {
          const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk
          if (!(bytes instanceof Uint8Array)) throw new TypeError('A response body chunk must be a Uint8Array or a string')
          for (let i = 0; i < bytes.length; i += ${CHUNK_BYTES}) await frame(${FRAME.CHUNK}, id, bytes.subarray(i, i + ${CHUNK_BYTES}))
        }
      }
      await frame(${FRAME.END}, id)
    } catch (error) {
      log('error', errorText(error))
      await frame(${FRAME.ERROR}, id, encoder.encode(JSON.stringify({ m: String(error?.message ?? error) })))
    }
    completed()
  })
}

// Frames in: a header (type, id, length) then a payload filled in place (a body may be megabytes).
const readBuffer = new Uint8Array(${CHUNK_BYTES})
const header = new Uint8Array(9)
let headerFilled = 0
let incoming = null
let requestHead = null
function dispatch({ type, id, payload }) {
  if (type === ${FRAME.REQUEST}) requestHead = JSON.parse(decoder.decode(payload))
  else if (type === ${FRAME.BODY} && requestHead) {
    const head = requestHead
    requestHead = null
    handle(id, head, payload)
  }
}
await frame(${FRAME.READY}, 0)
while (true) {
  const n = await channel.read(readBuffer)
  if (n === null) Deno.exit(0)
  let offset = 0
  while (offset < n) {
    if (!incoming) {
      const take = Math.min(9 - headerFilled, n - offset)
      header.set(readBuffer.subarray(offset, offset + take), headerFilled)
      headerFilled += take
      offset += take
      if (headerFilled < 9) break
      const view = new DataView(header.buffer)
      incoming = { type: view.getUint8(0), id: view.getUint32(1), payload: new Uint8Array(view.getUint32(5)), filled: 0 }
      headerFilled = 0
    }
    const take = Math.min(incoming.payload.length - incoming.filled, n - offset)
    incoming.payload.set(readBuffer.subarray(offset, offset + take), incoming.filled)
    incoming.filled += take
    offset += take
    if (incoming.filled === incoming.payload.length) {
      dispatch(incoming)
      incoming = null
    }
  }
}
`

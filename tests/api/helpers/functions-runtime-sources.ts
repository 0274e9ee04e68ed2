/**
 * The functions the runtime tests deploy: a hello world with two files and an npm package, a
 * probe of what the sandbox refuses, and misbehaviours for each limit.
 */

/** Two files and an npm package; answers who it is (its worker's id), a secret, and what it was asked. */
export const HELLO_FILES = [
  {
    name: 'index.ts',
    content: `import ms from "npm:ms@2.1.3"
declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void }
import { greet } from "./lib/greet.ts"
const workerId = crypto.randomUUID()
Deno.serve(async (req: Request) => {
  const url = new URL(req.url)
  if (url.searchParams.get("log")) {
    console.log("plain line", { n: 1 })
    console.warn("careful")
    console.error("it broke")
    EdgeRuntime.waitUntil(Promise.resolve().then(() => console.log("after the answer")))
  }
  return Response.json({
    greeting: greet(ms(90_000)),
    workerId,
    secret: Deno.env.get("MY_SECRET") ?? null,
    method: req.method,
    url: req.url,
    header: req.headers.get("x-test"),
    hidden: req.headers.get("x-fn-execution-id"),
    body: await req.text(),
  }, { headers: { "x-answered-by": "hello" } })
})
`,
  },
  { name: 'lib/greet.ts', content: 'export const greet = (what: string): string => `hello after ${what}`\n' },
]

/** Each `?check=` tries one thing the sandbox must refuse, and reports the error it got. */
export const PROBE_SOURCE = `
const header = (req: Request, name: string) => req.headers.get(name) ?? ""
const checks: Record<string, (req: Request) => Promise<unknown>> = {
  "read-passwd": () => Deno.readTextFile("/etc/passwd"),
  "read-file": (req) => Deno.readTextFile(header(req, "x-path")),
  "read-dir": async (req) => (await Array.fromAsync(Deno.readDir(header(req, "x-dir")))).map((e) => e.name),
  "import": (req) => import(header(req, "x-spec")),
  "write-tmp": () => Deno.writeTextFile("/tmp/x.txt", "x"),
  "env-home": async () => Deno.env.get("HOME"),
  "env-all": async () => JSON.stringify(Deno.env.toObject()),
  "env-secret": async () => Deno.env.get("MY_SECRET"),
  "command": async () => new TextDecoder().decode((await new Deno.Command("ls", { args: ["/"] }).output()).stdout),
  "command-abs": async () => new TextDecoder().decode((await new Deno.Command("/usr/bin/ls", { args: ["/"] }).output()).stdout),
  "child-process": async () => {
    const cp = await import("node:child_process")
    return cp.execSync("ls /").toString()
  },
  "eval": async () => eval("6 * 7"),
  "connect": async (req) => {
    const connection = await Deno.connect({ hostname: header(req, "x-host"), port: Number(header(req, "x-port")) })
    connection.close()
    return "connected"
  },
  "listen": async () => Deno.listen({ hostname: "127.0.0.1", port: 0 }).addr,
  "listen-node": async () => {
    const net = await import("node:net")
    const server = net.createServer()
    return await new Promise((resolve, reject) => {
      server.on("error", reject)
      server.listen(0, "127.0.0.1", () => resolve(JSON.stringify(server.address())))
    })
  },
  "worker": async () => new Worker(URL.createObjectURL(new Blob(["postMessage(1)"], { type: "text/javascript" })), { type: "module" }),
  "worker-node": async () => {
    const { Worker } = await import("node:worker_threads")
    const worker = new Worker("const l = Deno.listen({ hostname: '127.0.0.1', port: 0 }); require('node:worker_threads').parentPort.postMessage(l.addr.port)", { eval: true })
    return await new Promise((resolve, reject) => { worker.on("message", resolve); worker.on("error", reject) })
  },
  "metadata": async () => (await fetch("http://169.254.169.254/latest/meta-data/")).status,
  // A fetch of x-url (POST with a body when x-body is given): its status and body, or the error it threw.
  "fetch": async (req) => {
    const body = req.headers.get("x-body")
    const response = await fetch(header(req, "x-url"), body === null ? {} : { method: "POST", body, headers: { "x-from": "function" } })
    return JSON.stringify({ status: response.status, body: await response.text() })
  },
  "fetch-node": async (req) => {
    const http = await import("node:http")
    return await new Promise((resolve, reject) => {
      http.get(header(req, "x-url"), (res) => resolve(String(res.statusCode))).on("error", reject)
    })
  },
  // Speaking to the egress proxy's socket by hand gets no more than fetch does (x-request: its lines, joined by "|").
  "proxy-raw": async (req) => {
    const CRLF = String.fromCharCode(13, 10)
    const connection = await Deno.connect({ transport: "unix", path: "/ipc/egress.sock" })
    await connection.write(new TextEncoder().encode(header(req, "x-request").split("|").join(CRLF) + CRLF + CRLF))
    const buffer = new Uint8Array(4096)
    const n = await connection.read(buffer)
    connection.close()
    return new TextDecoder().decode(buffer.subarray(0, n ?? 0)).split(CRLF)[0]
  },
}
Deno.serve(async (req) => {
  const check = new URL(req.url).searchParams.get("check") ?? ""
  try {
    const value = await checks[check](req)
    return Response.json({ ok: true, value: String(value) })
  } catch (error) {
    return Response.json({ ok: false, name: (error as Error).name, message: String((error as Error).message) })
  }
})
`

/** Misbehaviours, one per `?do=`. */
export const LIMITS_SOURCE = `
Deno.serve(async (req) => {
  const what = new URL(req.url).searchParams.get("do")
  if (what === "spin") while (true) {}
  if (what === "heap") {
    const kept: number[][] = []
    while (true) kept.push(new Array(100_000).fill(Math.random()))
  }
  if (what === "buffers") {
    const kept: Uint8Array[] = []
    for (let i = 0; i < 64; i++) kept.push(new Uint8Array(16 * 1024 * 1024).fill(1))
    return new Response(String(kept.length))
  }
  if (what === "sleep") console.log("sleeping")
  if (what === "sleep") await new Promise((resolve) => setTimeout(resolve, 30_000))
  if (what === "big") return new Response("x".repeat(200_000))
  if (what === "big-stream") {
    const chunk = new TextEncoder().encode("y".repeat(16_384))
    let sent = 0
    return new Response(new ReadableStream({ pull(controller) { sent++ < 100 ? controller.enqueue(chunk) : controller.close() } }))
  }
  if (what === "size") return new Response(String((await req.arrayBuffer()).byteLength))
  if (what === "stream") {
    let sent = 0
    return new Response(new ReadableStream({ pull(controller) { sent++ < 3 ? controller.enqueue("z".repeat(10_000)) : controller.close() } }))
  }
  if (what === "throw") throw new Error("the handler failed on purpose")
  if (what === "exit") Deno.exit(3)
  return new Response("fine")
})
`

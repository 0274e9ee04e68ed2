#!/usr/bin/env node
// A project's storage and realtime under load, against a production server (`next start` through
// server.mjs on a free port, its own DATA_DIR removed at the end; `.next` built first if missing):
// - storage: upload then download of a 100 MB object through {project}/storage/v1 (service key,
//   one request each, streamed both ways), in MB/s, next to `cp` of the same file on the same disk
//   (the system temporary directory, where the server's DATA_DIR is too);
// - realtime: BENCH_SUBSCRIBERS (500, the Pro plan's peak) raw WebSockets speaking Phoenix vsn
//   1.0.0 joined to one channel, a publisher broadcasting BENCH_MESSAGES (200) messages through
//   the broadcast API, BENCH_IN_FLIGHT (4) at a time: messages delivered per second and p50/p99
//   delivery latency (publisher's send to a subscriber's receipt, one clock: same process).
// Store: PGlite by default; Postgres when DATABASE_URL or TEST_DATABASE_URL is given:
//   node bench/storage-realtime.mjs
//   TEST_PGPORT=54412 bash scripts/with-postgres.sh node bench/storage-realtime.mjs
// @bench pglite postgres
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { WebSocket } from 'ws'
import { benchProject, startBenchServer } from './bench-project.mjs'
import { figure, reportFigures } from './bench-result.mjs'

const MB = 1024 * 1024
const OBJECT_MB = Number(process.env.BENCH_OBJECT_MB ?? 100)
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 500)
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200)
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 4)
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-files-'))
const { store, server, projects, call, projectCall } = await startBenchServer(process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined)
const figures = []
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]

/** A file of `mb` random MB (random: nothing on the way compresses it). */
function makeFile(file, mb) {
  const fd = fs.openSync(file, 'w')
  const chunk = crypto.randomBytes(MB)
  for (let i = 0; i < mb; i++) fs.writeSync(fd, chunk)
  fs.fsyncSync(fd)
  fs.closeSync(fd)
}

/** Streams `file` as the body of a request; resolves with the status and the answer's text. */
function upload(url, headers, file) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'Content-Length': fs.statSync(file).size } }, (res) => {
      let text = ''
      res.on('data', (c) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode, text }))
    })
    req.on('error', (error) => reject(new Error(`upload: ${error.message}`)))
    fs.createReadStream(file).pipe(req)
  })
}

async function storageBench(ref, keys) {
  const headers = { apikey: keys.service_role, Authorization: `Bearer ${keys.service_role}` }
  const storageUrl = `${projects}/${ref}/storage/v1`
  await projectCall(`/${ref}/storage/v1/bucket`, { method: 'POST', headers, body: { name: 'bench', public: false } })
  const source = path.join(work, 'source.bin')
  makeFile(source, OBJECT_MB)
  const bytes = fs.statSync(source).size
  const cpStart = process.hrtime.bigint()
  const cp = spawnSync('cp', [source, path.join(work, 'copy.bin')])
  const cpSeconds = seconds(cpStart)
  if (cp.status !== 0) throw new Error(`cp failed: ${cp.stderr}`)
  const syncStart = process.hrtime.bigint()
  spawnSync('sync', [path.join(work, 'copy.bin')])
  const cpSyncSeconds = cpSeconds + seconds(syncStart)

  console.error('storage: uploading')
  const upStart = process.hrtime.bigint()
  const up = await upload(`${storageUrl}/object/bench/big.bin`, { ...headers, 'Content-Type': 'application/octet-stream' }, source)
  const upSeconds = seconds(upStart)
  if (up.status !== 200) throw new Error(`upload: ${up.status} ${up.text}`)

  console.error('storage: downloading')
  const downStart = process.hrtime.bigint()
  const res = await fetch(`${storageUrl}/object/bench/big.bin`, { headers })
  if (!res.ok) throw new Error(`download: ${res.status} ${await res.text()}`)
  let received = 0
  for await (const chunk of res.body) received += chunk.length
  const downSeconds = seconds(downStart)
  if (received !== bytes) throw new Error(`download: ${received} bytes, expected ${bytes}`)
  const rate = (s) => `${(bytes / MB / s).toFixed(0).padStart(5)} MB/s  (${s.toFixed(2)} s)`
  figures.push(
    figure(`storage.upload.${store}`, `storage upload of ${OBJECT_MB} MB on ${store}`, bytes / MB / upSeconds, 'MB/s'),
    figure(`storage.download.${store}`, `storage download of ${OBJECT_MB} MB on ${store}`, bytes / MB / downSeconds, 'MB/s'),
    figure(`storage.cp-sync.${store}`, `cp then sync of the same file (disk, ${store} run)`, bytes / MB / cpSyncSeconds, 'MB/s')
  )
  return [
    `storage upload of ${OBJECT_MB} MB (streamed, written and fsynced by the server)  ${rate(upSeconds)}`,
    `storage download of ${OBJECT_MB} MB (streamed)                                  ${rate(downSeconds)}`,
    `cp of the same file on the same disk                                      ${rate(cpSeconds)}`,
    `cp then sync (the upload's fsync)                                         ${rate(cpSyncSeconds)}`,
  ]
}

/** A subscriber: a raw socket joined to `realtime:{topic}`, calling `onMessage` with each broadcast's payload. */
function subscribe(ref, key, topic, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${projects.replace('http', 'ws')}/${ref}/realtime/v1/websocket?apikey=${key}&vsn=1.0.0`)
    ws.on('error', reject)
    ws.on('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)))
    ws.on('close', (code, reason) => reject(new Error(`socket closed before joining: ${code} ${reason}`)))
    ws.on('open', () => {
      const payload = { config: { broadcast: { self: false, ack: false }, presence: { key: '' }, postgres_changes: [] }, access_token: key }
      ws.send(JSON.stringify({ topic: `realtime:${topic}`, event: 'phx_join', payload, ref: '1', join_ref: '1' }))
    })
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString())
      if (message.event === 'phx_reply' && message.ref === '1') {
        if (message.payload.status !== 'ok') return reject(new Error(`join refused: ${JSON.stringify(message.payload)}`))
        ws.removeAllListeners('close')
        resolve(ws)
      } else if (message.event === 'broadcast') onMessage(message.payload.payload)
    })
  })
}

async function realtimeBench(ref, keys) {
  const latencies = []
  let delivered = 0
  let lastDelivery = 0n
  let everyone = () => {}
  const all = new Promise((resolve) => (everyone = resolve))
  const onMessage = (payload) => {
    const now = process.hrtime.bigint()
    latencies.push(Number(now - BigInt(payload.sent)) / 1e6)
    lastDelivery = now
    if (++delivered === SUBSCRIBERS * MESSAGES) everyone()
  }
  console.error(`realtime: joining ${SUBSCRIBERS} subscribers`)
  const sockets = []
  const joinStart = process.hrtime.bigint()
  for (let i = 0; i < SUBSCRIBERS; i += 50) {
    const batch = Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, () => subscribe(ref, keys.anon, 'bench', onMessage))
    sockets.push(...(await Promise.all(batch)))
  }
  const joinSeconds = seconds(joinStart)
  const heartbeat = setInterval(() => sockets.forEach((ws, i) => ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: `hb${i}` }))), 20_000)
  const publish = (i) =>
    fetch(`${projects}/${ref}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: keys.service_role, Authorization: `Bearer ${keys.service_role}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'bench', event: 'tick', payload: { i, sent: String(process.hrtime.bigint()) } }] }),
    }).then(async (res) => {
      if (res.status !== 202) throw new Error(`broadcast: ${res.status} ${await res.text()}`)
    })
  const start = process.hrtime.bigint()
  let next = 0
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < MESSAGES) await publish(next++)
  }))
  const timeout = setTimeout(() => everyone(), 60_000) // a lost message ends the wait; the count says so
  await all
  clearTimeout(timeout)
  clearInterval(heartbeat)
  const elapsed = Number(lastDelivery - start) / 1e9
  sockets.forEach((ws) => ws.terminate())
  latencies.sort((a, b) => a - b)
  figures.push(
    figure(`realtime.msgs.${store}`, `realtime fan-out, ${SUBSCRIBERS} subscribers, on ${store}`, delivered / elapsed, 'msg/s'),
    figure(`realtime.p99.${store}`, `realtime delivery latency on ${store}, p99`, percentile(latencies, 99), 'ms')
  )
  return [
    `realtime: ${SUBSCRIBERS} subscribers joined one channel in ${joinSeconds.toFixed(1)} s; ${MESSAGES} broadcasts, ${IN_FLIGHT} in flight`,
    `delivered ${delivered} of ${SUBSCRIBERS * MESSAGES} messages in ${elapsed.toFixed(2)} s: ${(delivered / elapsed).toFixed(0)} messages/s`,
    `delivery latency p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms   max ${latencies[latencies.length - 1].toFixed(1)} ms`,
  ]
}

try {
  const { ref, keys } = await benchProject(call)
  const lines = [...(await storageBench(ref, keys)), ...(await realtimeBench(ref, keys))]
  const [load1] = os.loadavg()
  console.log(`\nstorage and realtime on ${store} (1-minute load average at the end: ${load1.toFixed(2)} on ${os.cpus().length} cores)`)
  for (const line of lines) console.log(line)
  reportFigures(figures)
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  fs.rmSync(work, { recursive: true, force: true })
  server.stop()
  process.exit()
}

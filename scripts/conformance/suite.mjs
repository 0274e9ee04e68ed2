// What every conformance runner (postgrest.mjs, storage.mjs) shares: installing a suite's packages
// where it lives, loopback proxies on the ports a suite expects, and running its jest with traffic
// kept on loopback (jest-setup.cjs), then reporting: every failing test, the share of the tests
// that talk to a server, and an exit code that fails below CONFORMANCE_MIN (0.95) or on a failure
// README.md does not list for that suite.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const conformanceRoot = path.resolve(here, '../../../shared/conformance')
const MIN = Number(process.env.CONFORMANCE_MIN ?? 0.95)

/** The suite's folder, its packages installed there (as its README asks) when they are not yet. */
export function suiteFolder(name) {
  const suite = path.join(conformanceRoot, name)
  if (!fs.existsSync(path.join(suite, 'node_modules/.bin/jest'))) {
    console.log(`installing the suite's packages in ${suite}`)
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: suite, stdio: 'inherit' })
  }
  return suite
}

/**
 * Listens on `port` at both loopback addresses, forwarding each request to `target` (the path is
 * the one under the target's prefix, `strip` taken off first) with the headers `headers(req)` gives.
 */
export async function loopbackProxy(port, target, headers, strip = '') {
  const handler = (req, res) => {
    const rest = req.url.startsWith(strip) ? req.url.slice(strip.length) : req.url
    const url = new URL(rest.replace(/^\/+/, ''), target)
    const upstream = http.request(url, { method: req.method, headers: { ...headers(req), host: url.host } }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(String(error))
    })
    req.pipe(upstream)
  }
  const servers = []
  for (const host of ['127.0.0.1', '::1']) {
    const server = http.createServer(handler)
    await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve))
    servers.push(server)
  }
  return servers
}

/** The tests README.md lists in its section `title`, as `- \`file › full test name\`: reason`. */
export function listed(title) {
  const readme = fs.readFileSync(path.join(here, 'README.md'), 'utf8')
  const section = readme.split(new RegExp(`^## ${title}$`, 'm'))[1]?.split(/^## /m)[0] ?? ''
  return new Set([...section.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]))
}

/**
 * Runs the suite's jest (`jestArgs` first, then the runner's own) and prints its report; answers
 * the exit code. `known` and `excluded` are README.md sections: failures it expects, and tests
 * left out of the share (e.g. the PostGIS cases).
 */
export async function runJest({ suite, label, store, started, jestArgs = [], args = [], known, excluded }) {
  const results = path.join(os.tmpdir(), `conformance-${process.pid}.json`)
  const talkedFile = path.join(os.tmpdir(), `conformance-talked-${process.pid}.txt`)
  fs.writeFileSync(talkedFile, '')
  const verbose = process.env.CONFORMANCE_VERBOSE ? 'inherit' : 'ignore'
  const jest = spawn(
    path.join(suite, 'node_modules/.bin/jest'),
    // --setupFilesAfterEnv takes a list: it goes last, so it takes no other argument with it.
    [...jestArgs, ...args, '--runInBand', '--ci', '--coverage=false', '--json', `--outputFile=${results}`, '--setupFilesAfterEnv', path.join(here, 'jest-setup.cjs')],
    { cwd: suite, stdio: ['ignore', verbose, verbose], env: { ...process.env, CONFORMANCE_TALKED: talkedFile } }
  )
  await new Promise((resolve) => jest.on('exit', resolve))
  const report = JSON.parse(fs.readFileSync(results, 'utf8'))
  const talked = new Set(fs.readFileSync(talkedFile, 'utf8').split('\n').filter(Boolean))
  const knownSet = known ? listed(known) : new Set()
  const excludedSet = excluded ? listed(excluded) : new Set()
  const rows = report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      id: `${path.relative(path.join(suite, 'test'), file.name)} › ${test.fullName}`,
      status: test.status,
      server: talked.has(`${file.name}\u0000${test.fullName}`),
      message: (test.failureMessages ?? []).join('\n'),
    }))
  )
  for (const file of report.testResults) if (file.assertionResults.length === 0 && file.message) console.log(`${path.basename(file.name)} did not run: ${file.message.slice(0, 400)}`)
  const serverRows = rows.filter((r) => r.server && !excludedSet.has(r.id))
  const passed = serverRows.filter((r) => r.status === 'passed').length
  const failed = rows.filter((r) => r.status === 'failed')
  const unexpected = failed.filter((r) => !knownSet.has(r.id) && !excludedSet.has(r.id))
  const failedFiles = report.testResults.filter((f) => f.assertionResults.length === 0 && f.status === 'failed')
  console.log(`\n${label} conformance on ${store}: ${rows.filter((r) => r.status === 'passed').length}/${rows.length} tests passed; ` +
    `of the ${serverRows.length} that talk to a server, ${passed} passed (${((100 * passed) / Math.max(1, serverRows.length)).toFixed(1)} %) in ${Math.round((Date.now() - started) / 1000)} s`)
  const details = Number(process.env.CONFORMANCE_DETAILS ?? 0)
  for (const r of failed) {
    console.log(`  ${excludedSet.has(r.id) ? 'excluded' : knownSet.has(r.id) ? 'known' : 'FAILED'}  ${r.id}`)
    if (details) console.log(r.message.split('\n').slice(0, details > 1 ? details : 40).map((l) => `        ${l}`).join('\n'))
  }
  fs.rmSync(results, { force: true })
  fs.rmSync(talkedFile, { force: true })
  return passed / Math.max(1, serverRows.length) >= MIN && unexpected.length === 0 && failedFiles.length === 0 ? 0 : 1
}

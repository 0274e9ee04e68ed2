import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A dashboard server in a process of its own (`tsx`), for tests that kill one mid-request: it
 * serves the project API on the store and DATA_DIR its environment names (those a test platform
 * left, platform.ts `suspend`), and prints `{ "origin", "swept" }` (its project API's origin) once listening. With
 * TEST_SWEEP_REF set it first sweeps that project with no grace, as a later sweep would.
 */
async function main() {
  let swept: unknown = null
  if (process.env.TEST_SWEEP_REF) {
    const { sweepOrphans } = await import('@/server/storage/sweep')
    swept = await sweepOrphans(process.env.TEST_SWEEP_REF, 0, 0)
  }
  const { projectApiGateway } = await import('@/server/project-api/gateway')
  const server = http.createServer((req, res) => void projectApiGateway(req, res))
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo
    process.stdout.write(`${JSON.stringify({ origin: `http://127.0.0.1:${port}`, swept })}\n`)
  })
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})

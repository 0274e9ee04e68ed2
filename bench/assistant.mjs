#!/usr/bin/env node
// The assistant's overhead: from the user's Send to the first token shown in the panel, minus the
// provider's own share (request received → first piece sent, measured by the fake provider), in
// Chromium against a production server (`npm run build` first), self-hosted on the default
// project. Prints each run and the median of 10 (after one warm-up).   npm run bench:assistant
// @bench
import { chromium } from '@playwright/test'
import { figure, reportFigures } from './bench-result.mjs'
import { startFakeOpenAI } from '../tests/fake-openai/fake-openai.mjs'
import { CHROMIUM_ARGS, startServer } from './server.mjs'

const RUNS = 10
// A provider that takes a noticeable while to start answering, so its share is clearly apart.
const PROVIDER_FIRST_TOKEN_MS = 150

const fake = await startFakeOpenAI({ firstDelayMs: PROVIDER_FIRST_TOKEN_MS, delayMs: 5 })
const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 8099),
  env: { IS_PLATFORM: 'false', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'bench-model', AI_REQUESTS_PER_MINUTE: '1000' },
})
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
try {
  const page = await browser.newPage()
  await page.addInitScript(() => localStorage.setItem('dashboard-telemetry-consent', JSON.stringify({ decision: 'opted_out', services: {} })))
  await page.goto(`${server.origin}/dashboard/project/default?aiAssistantPanelOpen=true`)
  const panel = page.getByRole('complementary', { name: 'AI assistant' })
  await panel.getByText('Answers by bench-model').waitFor({ timeout: 60_000 })

  const overheads = []
  for (let run = 0; run <= RUNS; run++) {
    await panel.getByRole('button', { name: 'New chat', exact: true }).click()
    await panel.getByRole('textbox', { name: 'Message' }).fill(`Benchmark question ${run}: list the rows of public.bench`)
    const before = fake.requests.length
    // In the page: the time of the click on Send, and of the first answer text in the log.
    const shown = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const now = () => performance.timeOrigin + performance.now()
          const log = document.querySelector('[role="log"][aria-label="Messages"]')
          const observer = new MutationObserver(() => {
            if (log.textContent.includes('Here')) {
              observer.disconnect()
              resolve({ sentAt, shownAt: now() })
            }
          })
          observer.observe(log, { subtree: true, childList: true, characterData: true })
          const send = [...document.querySelectorAll('aside button[type="submit"]')].find((b) => b.textContent.trim() === 'Send')
          const sentAt = now()
          send.click()
        })
    )
    await panel.getByText('Run it to see them.').waitFor()
    const request = fake.requests[before]
    const provider = request.firstChunkAt - request.receivedAt
    const total = shown.shownAt - shown.sentAt
    if (run === 0) continue // warm-up: loads the answer renderer and the route's code
    overheads.push(total - provider)
    console.log(`run ${String(run).padStart(2)}: send → first token ${total.toFixed(1)} ms, provider ${provider.toFixed(1)} ms, dashboard ${(total - provider).toFixed(1)} ms`)
  }
  const sorted = [...overheads].sort((a, b) => a - b)
  const median = (sorted[RUNS / 2 - 1] + sorted[RUNS / 2]) / 2
  console.log(`\nassistant overhead, send → first token shown minus the provider's own time: median ${median.toFixed(1)} ms of ${RUNS} (aim: under 150 ms)`)
  reportFigures([figure('assistant.overhead', 'assistant: send → first token, minus the provider (median)', median, 'ms', { max: 150 })])
} finally {
  await browser.close()
  server.stop()
  await fake.close()
}

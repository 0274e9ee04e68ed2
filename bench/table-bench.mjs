// What the table editor's benches share (workspace.mjs, table-waterfall.mjs): SQL on the default
// project of a self-hosted server, a table of `rows` rows, and a browser whose pages note when a
// grid first shows a row (`window.__firstRowsAt`, ms from navigation start).
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS } from './server.mjs'

/** Runs SQL on the default project through pg-meta; resolves to the last statement's rows. */
export function defaultProjectSql(origin) {
  return async (query) => {
    const res = await fetch(`${origin}/dashboard/api/platform/pg-meta/default/query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-connection-encrypted': 'bench' },
      body: JSON.stringify({ query }),
    })
    const body = await res.json()
    if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`)
    return body.rows
  }
}

/** (Re)creates public.bench_rows with `rows` rows, analysed; resolves to its table id. */
export async function seedBenchRows(sql, rows) {
  await sql(`drop table if exists public.bench_rows;
create table public.bench_rows (id int8 primary key, name text not null, hash text, created_at timestamptz not null default now());
insert into public.bench_rows (id, name, hash) select i, 'row ' || i, md5(i::text) from generate_series(1, ${rows}) i;
analyze public.bench_rows;`)
  const [{ id }] = await sql(`select 'public.bench_rows'::regclass::oid::int8 as id`)
  return id
}

/** Debian's Chromium and a 1280 × 800 context whose pages set `window.__firstRowsAt`. */
export async function firstRowsBrowser() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript(() => {
    const check = () => {
      if (document.querySelector('[role="table"] [role="row"][aria-rowindex="2"] [role="cell"]')) window.__firstRowsAt = performance.now()
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })
  return { browser, context }
}

/**
 * Where the code editor is loaded from (spec §1, §9; DESIGN "code editor"): on the hosted
 * platform from the CDN (monaco-editor 0.52.2, base URL from the config), falling back to the
 * copy this server serves when the CDN does not answer within MONACO_CDN_TIMEOUT_MS; in
 * self-hosted mode always from the local copy. The choice is made once per page load and handed
 * to `loader.config` before any editor mounts.
 */
import { loader } from '@monaco-editor/react'
import { getConfig } from '@/lib/config'
import { MONACO_CDN_TIMEOUT_MS, MONACO_LOCAL_PATH, MONACO_LOCAL_REMEMBER_MS, MONACO_LOCAL_SINCE_KEY } from './monaco.constants'

export type MonacoSource = {
  /** The `vs` folder the AMD loader reads from. */
  vs: string
  origin: 'cdn' | 'local'
  /** True when the hosted platform wanted the CDN and got the local copy instead. */
  fellBack: boolean
  /** The local copy because the CDN failed on an earlier page load (no new try, no new warning). */
  remembered?: boolean
}

/** Resolves true when `url` can be fetched within `timeoutMs`. */
export type Probe = (url: string, timeoutMs: number) => Promise<boolean>

/**
 * Fetches a script without running it (`<link rel="preload">`), so a late answer from a slow CDN
 * cannot redefine the loader after the local copy was chosen. The loader's own `<script>` later
 * reuses the preloaded response.
 */
export const preloadProbe: Probe = (url, timeoutMs) =>
  new Promise((resolve) => {
    const link = document.createElement('link')
    if (!link.relList?.supports?.('preload')) {
      // No way to test without running it: let the loader try the CDN.
      resolve(true)
      return
    }
    let settled = false
    const finish = (ok: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      link.remove()
      resolve(ok)
    }
    const timer = setTimeout(() => finish(false), timeoutMs)
    link.rel = 'preload'
    link.as = 'script'
    link.href = url
    link.onload = () => finish(true)
    link.onerror = () => finish(false)
    document.head.appendChild(link)
  })

/** Whether the CDN failed within MONACO_LOCAL_REMEMBER_MS before `now` (read from localStorage). */
export function rememberedLocal(now = Date.now(), storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): boolean {
  const since = Number(storage?.getItem(MONACO_LOCAL_SINCE_KEY))
  return Number.isFinite(since) && since > 0 && since <= now && now - since < MONACO_LOCAL_REMEMBER_MS
}

/** Remembers that the CDN failed now, so the next page loads go straight to the local copy. */
export function rememberLocal(now = Date.now(), storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(MONACO_LOCAL_SINCE_KEY, String(now))
  } catch {
    // Without storage the next page load tries the CDN again; nothing better is possible.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** The decision, without side effects (tests give their own probe). */
export async function decideMonacoSource({
  isPlatform,
  cdnBaseUrl,
  probe,
  forceLocal = false,
  timeoutMs = MONACO_CDN_TIMEOUT_MS,
}: {
  isPlatform: boolean
  cdnBaseUrl: string
  probe: Probe
  forceLocal?: boolean
  timeoutMs?: number
}): Promise<MonacoSource> {
  if (!isPlatform) return { vs: MONACO_LOCAL_PATH, origin: 'local', fellBack: false }
  if (forceLocal) return { vs: MONACO_LOCAL_PATH, origin: 'local', fellBack: true, remembered: true }
  const reachable = await probe(`${cdnBaseUrl}/loader.js`, timeoutMs).catch(() => false)
  return reachable ? { vs: cdnBaseUrl, origin: 'cdn', fellBack: false } : { vs: MONACO_LOCAL_PATH, origin: 'local', fellBack: true }
}

let chosen: Promise<MonacoSource> | null = null

/** The source of this page load, configured into the loader (once; later calls share it). */
export function resolveMonacoSource(): Promise<MonacoSource> {
  chosen ??= decideMonacoSource({
    isPlatform: getConfig().isPlatform,
    cdnBaseUrl: getConfig().monacoCdnBaseUrl,
    probe: preloadProbe,
    forceLocal: rememberedLocal(),
  }).then((source) => {
    if (source.fellBack && !source.remembered) rememberLocal()
    // Absolute: Monaco's workers start from a blob and load their language service (tsWorker.js,
    // jsonWorker.js…) with importScripts, which cannot resolve a path without an origin (issue 26:
    // the local copy's TypeScript worker failed, so the functions editor had no checks).
    loader.config({ paths: { vs: new URL(source.vs, window.location.href).href } })
    return source
  })
  return chosen
}

/**
 * The CDN was chosen but the editor never came: remember to use the local copy and reload (the
 * AMD loader cannot be pointed elsewhere once it started).
 */
export function reloadWithLocalEditor(): void {
  rememberLocal()
  window.location.reload()
}

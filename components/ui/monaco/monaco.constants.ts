/** Timings and places of the code editor's loader (not spec numbers). */
import { BASE_PATH } from '@/lib/config'

/** How long the CDN gets to serve the code editor's loader before the local copy is used. */
export const MONACO_CDN_TIMEOUT_MS = 4_000

/** How long the editor may take to appear once its source is chosen before it counts as failed. */
export const MONACO_MOUNT_TIMEOUT_MS = 20_000

/** The local copy of monaco-editor (public/monaco/vs, copied at build time). */
export const MONACO_LOCAL_PATH = `${BASE_PATH}/monaco/vs`

/** sessionStorage flag: the CDN failed once in this tab, so the local copy is used straight away. */
export const MONACO_FORCE_LOCAL_KEY = 'dashboard-monaco-force-local'

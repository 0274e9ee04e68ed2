import type { NextApiRequest, NextApiResponse } from 'next'
import { getConfig } from '@/lib/config'

/**
 * The public configuration as a script that runs before the app hydrates, so the mode is
 * decided when the server starts, not when it is built (DESIGN.md).
 */
export default function handler(_req: NextApiRequest, res: NextApiResponse) {
  res.setHeader('Content-Type', 'application/javascript; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  const json = JSON.stringify(getConfig()).replace(/</g, '\\u003c')
  res.status(200).send(`window.__DASHBOARD_CONFIG__=${json};`)
}

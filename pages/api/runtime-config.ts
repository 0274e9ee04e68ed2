import type { NextApiRequest, NextApiResponse } from 'next'
import { publicConfigScript } from '@/lib/config'

/**
 * The public configuration as a script, as every page inlines it (pages/_document.tsx): for tools
 * and tests that read the running server's settings.
 */
export default function handler(_req: NextApiRequest, res: NextApiResponse) {
  res.setHeader('Content-Type', 'application/javascript; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.status(200).send(publicConfigScript())
}

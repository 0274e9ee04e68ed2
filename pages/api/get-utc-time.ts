import type { NextApiRequest, NextApiResponse } from 'next'

/** spec §7: the clock-skew check compares the browser's clock with this. */
export default function handler(_req: NextApiRequest, res: NextApiResponse) {
  res.setHeader('Cache-Control', 'no-store')
  res.status(200).json({ utcTime: new Date().toISOString() })
}

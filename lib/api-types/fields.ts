/** Fields several request bodies of lib/api-types validate alike. Server-side values: the browser never imports this file. */
import { z } from 'zod'

/** A name the caller gives: trimmed, not empty, at most `max` characters. */
export const givenName = (max: number) =>
  z.string('must be a string').trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`)

import { RestError } from '@/lib/rest'

/** The RestError `run` throws (the test fails when it returns or throws something else). */
export function failure(run: () => unknown): RestError {
  try {
    run()
  } catch (e) {
    expect(e).toBeInstanceOf(RestError)
    return e as RestError
  }
  throw new Error('expected a RestError, nothing was thrown')
}

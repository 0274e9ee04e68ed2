import { execFile } from 'node:child_process'

/** psql's exit code and output. */
export type Psql = { code: number; stdout: string; stderr: string }

/** Runs psql with nothing from the environment but PATH (no PGPASSWORD, no ~/.pgpass). */
export function psql(url: string, command: string): Promise<Psql> {
  return new Promise((resolve) => {
    execFile(
      'psql',
      [url, '-X', '-At', '-v', 'ON_ERROR_STOP=1', '-c', command],
      { env: { NODE_ENV: 'test', PATH: process.env.PATH, PGCONNECT_TIMEOUT: '20', PGPASSFILE: '/dev/null', HOME: '/nonexistent' }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout: String(stdout), stderr: String(stderr) })
    )
  })
}

/** The shown connection string with the password in place of `[YOUR-PASSWORD]`. */
export const withPassword = (connectionString: string, password: string) => connectionString.replace('[YOUR-PASSWORD]', encodeURIComponent(password))

import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3'
import path from 'node:path'
import { getServerConfig, type StorageS3Config } from '@/lib/config'
import { settingProblems } from '@/lib/config/problems'
import { getJwtSecret } from './auth/jwt'
import type { Db } from './db/types'
import { getStore } from './db/store'
import { s3ClientConfig } from './storage/s3-client'
import { openSecret, sealSecret } from './vault/crypto'

/**
 * What the server checks before it serves (issue 26): settings that cannot work stop it with a
 * sentence naming the setting, instead of every later request failing with "Internal server
 * error". The shapes of the settings (lib/config/problems.ts); that JWT_SECRET opens what the store
 * holds sealed; that the S3 store answers with the credentials given.
 */

const SEAL_CHECK_AAD = 'platform/seal-check'
const SEAL_CHECK_VALUE = 'the platform store opens with this JWT secret'
const S3_CHECK_TIMEOUT_MS = 10_000

/**
 * Seals a known value in the store the first time (platform.seal_check, one row), and opens it on
 * every start: a server given another JWT_SECRET than the one the store was set up with cannot.
 */
export async function sealCheckProblem(store: Db, secret: Uint8Array = getJwtSecret()): Promise<string | null> {
  const sealed = sealSecret(SEAL_CHECK_VALUE, SEAL_CHECK_AAD, secret)
  await store.query(
    'insert into platform.seal_check (ciphertext, iv, auth_tag, key_version) values ($1, $2, $3, $4) on conflict (id) do nothing',
    [sealed.ciphertext, sealed.iv, sealed.authTag, sealed.keyVersion]
  )
  const { rows } = await store.query<{ ciphertext: Uint8Array; iv: Uint8Array; auth_tag: Uint8Array; key_version: number }>(
    'select ciphertext, iv, auth_tag, key_version from platform.seal_check'
  )
  const row = rows[0]
  try {
    const opened = openSecret({ ciphertext: Buffer.from(row.ciphertext), iv: Buffer.from(row.iv), authTag: Buffer.from(row.auth_tag), keyVersion: row.key_version }, SEAL_CHECK_AAD, secret)
    if (opened === SEAL_CHECK_VALUE) return null
  } catch {
    // another key: said below
  }
  const config = getServerConfig()
  const generated = config.jwtSecret ? '' : ` This server has no JWT_SECRET, so it generated one in its data folder (${path.resolve(config.dataDir, 'jwt-secret')}).`
  return (
    `JWT_SECRET does not match the one this platform store (${config.databaseUrl ? 'DATABASE_URL' : 'DATA_DIR'}) was set up with, so the secrets it holds sealed (project keys, vault secrets, sessions) cannot be opened: ` +
    `start every server that shares the store with the same JWT_SECRET.${generated}`
  )
}

/** Whether the S3 store answers for its bucket with the credentials given; a sentence naming the setting when not. */
export async function s3Problem(s3: StorageS3Config): Promise<string | null> {
  const where = s3.endpoint ?? 'AWS'
  try {
    // One attempt: a refusal is not worth the SDK's retries, and the server is waiting to start.
    const client = new S3Client({ ...s3ClientConfig(s3), maxAttempts: 1 })
    try {
      await client.send(new HeadBucketCommand({ Bucket: s3.bucket }), { abortSignal: AbortSignal.timeout(S3_CHECK_TIMEOUT_MS) })
    } finally {
      client.destroy()
    }
    return null
  } catch (error) {
    const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number }; cause?: { code?: string } }
    const status = e.$metadata?.httpStatusCode
    const network = e.code ?? e.cause?.code
    if (status === 404 || e.name === 'NotFound' || e.name === 'NoSuchBucket') {
      return `STORAGE_S3_BUCKET (${s3.bucket}): the S3 store at ${where} has no such bucket: create it, or set STORAGE_S3_BUCKET to one it has.`
    }
    if (status === 401 || status === 403 || /InvalidAccessKeyId|SignatureDoesNotMatch|AccessDenied|Forbidden|CredentialsProviderError/.test(e.name ?? '')) {
      return `STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY: the S3 store at ${where} refused them for the bucket ${s3.bucket} (${e.name ?? status}): set the keys of an account that may read and write it.`
    }
    if (network || e.name === 'TimeoutError' || e.name === 'AbortError') {
      return `STORAGE_S3_ENDPOINT (${where}): the S3 store could not be reached (${network ?? 'no answer in 10 s'}): check that it runs and the address is right.`
    }
    return `STORAGE_S3_* settings: the S3 store at ${where} answered ${e.name ?? 'an error'}${status ? ` (${status})` : ''} for the bucket ${s3.bucket}: check its settings.`
  }
}

/** Every problem that stops the server, in the order to fix them; [] when it may serve. */
export async function startupProblems(): Promise<string[]> {
  const config = getServerConfig()
  const shapes = settingProblems(config)
  if (shapes.length) return shapes
  const problems: string[] = []
  const seal = await sealCheckProblem(await getStore())
  if (seal) problems.push(seal)
  if (config.storageS3) {
    const s3 = await s3Problem(config.storageS3)
    if (s3) problems.push(s3)
  }
  return problems
}

/** Stops the process, each problem on a line of its own, when the server cannot serve as set. */
export async function checkStartup(): Promise<void> {
  const problems = await startupProblems()
  if (problems.length === 0) return
  for (const problem of problems) console.error(`[startup] ${problem}`)
  console.error('[startup] The server stops: fix the setting named above and start it again.')
  process.exit(1)
}

import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import type { StorageS3Config } from '@/lib/config'

/**
 * The S3 client of the configured store (lib/config `storageS3`), one per settings, so the disk
 * store's tests and an S3 store's can run in one process. Credentials, when given, go to the SDK
 * only; unset, the SDK finds its own (environment, instance role).
 */

const g = globalThis as typeof globalThis & { __storageS3Clients?: Map<string, S3Client> }
const clients = (g.__storageS3Clients ??= new Map())

/** The SDK's settings for the store (the S3 store of tus uses them too). */
export function s3ClientConfig(config: StorageS3Config): S3ClientConfig {
  return {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // An S3-compatible store (MinIO, R2, ...) gets checksums only where S3 requires them: the SDK's
    // default sends streamed bodies aws-chunked with a checksum trailer, which some of them store
    // as it came, framing and all (a resumable upload's parts are streamed).
    ...(config.endpoint ? { endpoint: config.endpoint, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  }
}

export function s3Client(config: StorageS3Config): S3Client {
  const key = JSON.stringify(config)
  let client = clients.get(key)
  if (!client) {
    client = new S3Client(s3ClientConfig(config))
    clients.set(key, client)
  }
  return client
}

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { addMultipartCalls } from './s3rver-multipart'

/**
 * An S3-compatible store for a test (s3rver on a free port, in a temporary directory) with its
 * bucket made, and the STORAGE_S3_* settings that point a test platform at it.
 */
export async function startS3Store(bucket = 'dashboard-files') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory })
  addMultipartCalls(server)
  const { port } = (await server.run()) as AddressInfo
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } })
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  return {
    bucket,
    client,
    env: {
      STORAGE_S3_BUCKET: bucket, STORAGE_S3_ENDPOINT: endpoint, STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER', STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER', STORAGE_S3_FORCE_PATH_STYLE: 'true',
    },
    /** The keys of the store below `prefix`. */
    keysIn: async (prefix: string) => ((await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!),
    close: async () => {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

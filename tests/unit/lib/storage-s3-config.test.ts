import { describe, expect, it } from 'vitest'
import { parseConfig, toPublicConfig } from '@/lib/config'

describe('STORAGE_S3_* settings', () => {
  it('choose the S3 store only with a bucket, with their defaults', () => {
    expect(parseConfig({}).storageS3).toBeNull()
    expect(parseConfig({ STORAGE_S3_ENDPOINT: 'http://minio:9000' }).storageS3).toBeNull()
    expect(parseConfig({ STORAGE_S3_BUCKET: 'files' }).storageS3).toEqual({
      bucket: 'files', endpoint: null, region: 'us-east-1', accessKeyId: null, secretAccessKey: null, forcePathStyle: false,
    })
    expect(parseConfig({ STORAGE_S3_BUCKET: 'files', STORAGE_S3_ENDPOINT: 'http://minio:9000', STORAGE_S3_REGION: 'eu-west-1', STORAGE_S3_ACCESS_KEY_ID: 'id', STORAGE_S3_SECRET_ACCESS_KEY: 'secret', STORAGE_S3_FORCE_PATH_STYLE: 'true' }).storageS3).toEqual({
      bucket: 'files', endpoint: 'http://minio:9000', region: 'eu-west-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true,
    })
  })

  it('never reach the browser', () => {
    const config = parseConfig({ STORAGE_S3_BUCKET: 'files', STORAGE_S3_SECRET_ACCESS_KEY: 'secret' })
    expect(JSON.stringify(toPublicConfig(config))).not.toContain('secret')
    expect(toPublicConfig(config)).not.toHaveProperty('storageS3')
  })
})

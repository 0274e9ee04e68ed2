import { getServerConfig } from '@/lib/config'
import type { ByteStore } from './byte-store'
import { diskByteStore } from './disk-store'
import { s3ByteStore } from './s3-store'

/** The byte store in use: the S3-compatible store when STORAGE_S3_BUCKET is set (lib/config `storageS3`), else the local disk under DATA_DIR. */
export function byteStore(): ByteStore {
  const s3 = getServerConfig().storageS3
  return s3 ? s3ByteStore(s3) : diskByteStore()
}

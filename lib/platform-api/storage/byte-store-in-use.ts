import type { ByteStore } from './byte-store'
import { diskByteStore } from './disk-store'

/** The byte store in use: the local disk under DATA_DIR (an S3 store, chosen by settings, is the next to add here). */
export function byteStore(): ByteStore {
  return diskByteStore()
}

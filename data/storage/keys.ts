/** Cache keys of a project's storage (Dashboard → Storage). */
export const storageKeys = {
  buckets: (projectRef: string | undefined) => ['projects', projectRef, 'storage', 'buckets'] as const,
  objects: (projectRef: string | undefined, bucket: string | undefined, prefix?: string) =>
    prefix === undefined ? (['projects', projectRef, 'storage', 'objects', bucket] as const) : (['projects', projectRef, 'storage', 'objects', bucket, prefix] as const),
  /** A folder's paged listing for a search; under `objects(ref, bucket)`, so a bucket's changes refetch every one. */
  objectsPage: (projectRef: string | undefined, bucket: string | undefined, prefix: string, search: string) =>
    ['projects', projectRef, 'storage', 'objects', bucket, prefix, { search }] as const,
  signed: (projectRef: string | undefined, bucket: string | undefined, path: string | undefined, kind: 'preview' | 'thumbnail') =>
    ['projects', projectRef, 'storage', 'signed', bucket, path, kind] as const,
}

/** `/platform/storage/{ref}/buckets[/{id}][/{rest}]`; without a ref (or bucket when named) the call cannot be made. */
export function storageUrl(projectRef: string | undefined, bucket?: string | null, rest = ''): string {
  if (!projectRef) throw new Error('Project ref is required')
  if (bucket === null || bucket === '') throw new Error('Bucket id is required')
  const path = `/platform/storage/${encodeURIComponent(projectRef)}/buckets`
  return bucket === undefined ? path : `${path}/${encodeURIComponent(bucket)}${rest}`
}

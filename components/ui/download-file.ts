/** A file name safe on every system: letters, digits, dashes and underscores (`fallback` when nothing is left). */
export function safeFileName(name: string, fallback = 'query'): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
  return cleaned || fallback
}

/**
 * Saves `data` (a Blob, or a data: URL) as a file named `name` through a temporary link:
 * one helper for every download the dashboard offers (query results, diagram images).
 */
export function downloadFile(name: string, data: Blob | { dataUrl: string }): void {
  const url = data instanceof Blob ? URL.createObjectURL(data) : data.dataUrl
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked on the next turn: the download has started by then.
  if (data instanceof Blob) setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Sends `body` with XMLHttpRequest, the one browser API that reports upload progress (fetch reports
 * none): `onProgress` is told the fraction sent, `signal` aborts. Resolves with the answer's status
 * and text whatever the status; rejects only when no answer came (`lost`) or it was aborted
 * (`cancelled`), with those messages.
 */
export function xhrUpload(request: {
  method: 'POST' | 'PUT'
  url: string
  headers: Record<string, string>
  body: Blob
  withCredentials?: boolean
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
  messages: { lost: string; cancelled: string }
}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(request.method, request.url)
    xhr.withCredentials = request.withCredentials ?? false
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText })
    xhr.onerror = () => reject(new Error(request.messages.lost))
    xhr.onabort = () => reject(new Error(request.messages.cancelled))
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(request.body)
  })
}

import { useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'

/** The contents of a text or JSON file by its signed URL, for the preview (cut to `maxChars`). */
export function useObjectTextQuery({ url, maxChars, enabled }: { url?: string; maxChars: number; enabled: boolean }) {
  return useQuery({
    queryKey: ['storage-object-text', url] as const,
    queryFn: async ({ signal }) => {
      const body = await get<unknown>(url!, { signal })
      const text = typeof body === 'string' ? body : JSON.stringify(body)
      return text.length > maxChars ? `${text.slice(0, maxChars)}\n…` : text
    },
    staleTime: 60_000,
    enabled: enabled && Boolean(url),
    retry: false,
  })
}

import { useRouter } from 'next/router'

/** The route's `[name]` segment, or undefined until the router knows it (or when it repeats). */
export function useRouteParam(name: string): string | undefined {
  const value = useRouter().query[name]
  return typeof value === 'string' ? value : undefined
}

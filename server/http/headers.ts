/** A request header's first value (Node gives repeated headers as an array), trimmed; undefined when absent or empty. */
export const firstHeader = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)?.trim() || undefined

export const miscKeys = {
  serverTime: () => ['server-time'] as const,
}

/** Query keys of the consent domain. */
export const consentKeys = {
  categories: () => ['consent', 'categories'] as const,
}

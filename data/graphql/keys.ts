/** Cache keys of the GraphQL explorer. */
export const graphqlKeys = {
  schema: (projectRef: string | undefined) => ['projects', projectRef, 'graphql', 'schema'] as const,
}

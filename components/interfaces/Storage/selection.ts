/** The file browser's selection in words, for its delete button: "2 files", "1 folder", "3 items"; null when empty. */
export function selectionWords(files: number, folders: number): string | null {
  if (files + folders === 0) return null
  if (folders === 0) return `${files} file${files === 1 ? '' : 's'}`
  if (files === 0) return `${folders} folder${folders === 1 ? '' : 's'}`
  return `${files + folders} items`
}

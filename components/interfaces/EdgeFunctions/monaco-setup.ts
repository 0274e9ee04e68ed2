/** How the functions' editors set Monaco up: which language a file is, and which checks run. */
import type { Monaco } from '@monaco-editor/react'

/** Monaco's language of a function file by its extension. */
export function languageOfFile(name: string): string {
  if (name.endsWith('.json')) return 'json'
  if (/\.(?:js|jsx|mjs)$/.test(name)) return 'javascript'
  return 'typescript'
}

/**
 * Syntax errors only: Monaco's type checker knows neither `Deno` nor `npm:` specifiers, so its
 * semantic errors would mark every correct function. The deploy's bundler is the real check.
 */
export function quietTypeScriptChecks(monaco: Monaco): void {
  const options = { noSemanticValidation: true, noSyntaxValidation: false }
  monaco.languages.typescript.typescriptDefaults.setDiagnosticsOptions(options)
  monaco.languages.typescript.javascriptDefaults.setDiagnosticsOptions(options)
}

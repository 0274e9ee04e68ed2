import type { Page } from '@playwright/test'

/** Replaces the editor's whole text (typing through Monaco's input, as a paste would). */
export async function setEditorText(page: Page, text: string) {
  const editor = page.locator('.monaco-editor').first()
  await editor.locator('.view-lines').click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(text)
  await page.keyboard.press('Escape') // closes a suggestion list, if one opened
}

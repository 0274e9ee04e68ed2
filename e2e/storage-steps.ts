/**
 * The storage journey both modes walk (issue 13): create a bucket, upload files by a real drop
 * (a DataTransfer built in the page) with a progress bar per file, preview them, see the grid's
 * thumbnails, then delete them.
 */
import { expect, type Page } from '@playwright/test'
import { axeViolations } from './project-helpers'

/** Drops a generated PNG and a ~1 MB text file on the file browser, as a person dragging them from their desktop would. */
async function dropFiles(page: Page): Promise<void> {
  await page.getByTestId('storage-dropzone').evaluate(async (zone) => {
    const canvas = document.createElement('canvas')
    canvas.width = 240
    canvas.height = 160
    const ctx = canvas.getContext('2d')!
    ctx.fillStyle = '#3ecf8e'
    ctx.fillRect(0, 0, 240, 160)
    ctx.fillStyle = '#1c1c1c'
    ctx.fillRect(60, 40, 120, 80)
    const png = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'))
    const data = new DataTransfer()
    data.items.add(new File([png], 'green.png', { type: 'image/png' }))
    data.items.add(new File([`Hello from the e2e drop\n${'a line of padding text\n'.repeat(48_000)}`], 'notes.txt', { type: 'text/plain' }))
    zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }))
    zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }))
  })
}

export async function storageJourney(page: Page, ref: string, { screenshots }: { screenshots: string }): Promise<void> {
  const name = `e2e-${Date.now().toString(36)}`
  await page.goto(`/dashboard/project/${ref}/storage/buckets`)
  await expect(page.getByRole('heading', { level: 1, name: 'Buckets' })).toBeVisible()
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Policies' }).first()).toBeVisible()

  await page.getByRole('button', { name: 'New bucket' }).first().click()
  const form = page.getByRole('dialog', { name: 'Create bucket' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('File size limit (optional)').fill('10 MB')
  await form.getByRole('button', { name: 'Create bucket' }).click()
  await expect(form).toBeHidden()
  const row = page.getByRole('table', { name: 'Buckets' }).getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('10 MB')
  await expect(row).toContainText('Private')
  expect(await axeViolations(page, ['main'])).toEqual([])
  await page.screenshot({ path: `e2e/screenshots/${screenshots}-buckets.png`, fullPage: true })

  await row.getByRole('link', { name }).click()
  await expect(page.getByText('This bucket is empty')).toBeVisible()
  await dropFiles(page)
  const uploads = page.getByRole('region', { name: 'Uploads' })
  await expect(uploads.getByRole('progressbar', { name: 'Upload of green.png' })).toBeVisible()
  await expect(uploads.getByRole('progressbar', { name: 'Upload of notes.txt' })).toBeVisible()
  await expect(uploads.getByText('Uploads finished')).toBeVisible({ timeout: 30_000 })
  await expect(uploads.getByRole('progressbar', { name: 'Upload of notes.txt' })).toHaveAttribute('value', '100')
  await expect(uploads.getByText('Uploaded')).toHaveCount(2)

  // Previews by short-lived signed URLs: the text, then the image.
  await page.getByRole('button', { name: 'Preview notes.txt' }).click()
  const textPanel = page.getByRole('complementary', { name: 'Preview of notes.txt' })
  await expect(textPanel.getByLabel('Contents of notes.txt')).toContainText('Hello from the e2e drop')
  await page.getByRole('button', { name: 'Preview green.png' }).click()
  const image = page.getByRole('complementary', { name: 'Preview of green.png' }).getByRole('img', { name: 'green.png' })
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)

  // The grid, its thumbnails loaded.
  await page.getByRole('button', { name: 'Grid' }).click()
  const thumb = page.getByRole('list', { name: 'Files' }).getByRole('button', { name: 'Preview green.png' }).locator('img')
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)
  await page.screenshot({ path: `e2e/screenshots/${screenshots}-file-browser-grid.png`, fullPage: true })

  // Both files selected and deleted after a confirm.
  await page.getByRole('button', { name: 'List' }).click()
  await page.getByRole('checkbox', { name: 'Select all files' }).check()
  await page.getByRole('button', { name: 'Delete 2 files' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete 2 files?' })
  await confirm.getByRole('button', { name: 'Delete 2 files' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText('This bucket is empty')).toBeVisible()
}

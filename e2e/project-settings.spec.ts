import { expect, test } from '@playwright/test'
import { signInWithNewProject } from './project-helpers'

// Project settings → General on the hosted platform: rename, then delete with the typed name.
test('rename a project, then delete it by typing its name; it leaves the organization', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { token, ref } = await signInWithNewProject(page, request, { organization: 'Settings', project: 'Short lived' })

  await page.goto(`/dashboard/project/${ref}`)
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'General' }).click()
  await page.waitForURL(new RegExp(`/project/${ref}/settings/general$`))
  await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible()
  const name = page.getByRole('textbox', { name: 'Project name' })
  await expect(name).toHaveValue('Short lived')
  await name.fill('Renamed project')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Project renamed to Renamed project')).toBeVisible()
  await page.screenshot({ path: 'e2e/screenshots/project-settings-general.png', fullPage: true })

  await page.getByRole('button', { name: 'Delete project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Renamed project?' })
  const confirm = dialog.getByRole('button', { name: 'I understand, delete this project' })
  await expect(confirm).toBeDisabled()
  await dialog.getByRole('textbox').fill('Renamed project')
  await confirm.click()
  await expect(page.getByText('Project Renamed project is being deleted')).toBeVisible()
  await page.waitForURL(/\/dashboard\/org\/[^/]+$/)
  // Shut down in the background: going down, then gone (404).
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dashboard/api/platform/projects/${ref}`, { headers: { Authorization: `Bearer ${token}` } })
        return res.status() === 404 ? 'gone' : ((await res.json()) as { status: string }).status
      },
      { timeout: 60_000 }
    )
    .toMatch(/^(GOING_DOWN|gone)$/)
})

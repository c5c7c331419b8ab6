import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './console-errors';

test('the home page is built from its content modules', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'See every ripple in the snow' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'New this season' })).toBeVisible();
  const newThisSeason = page.getByRole('group', { name: 'New this season' });
  await expect(newThisSeason.getByRole('article').first()).toBeVisible();
  await page.getByRole('link', { name: 'Shop goggles' }).first().click();
  await expect(page).toHaveURL(/\/en-us\/c\/goggles/);
});

test('a German visitor gets the German home page', async ({ page }) => {
  await page.goto('/de-de');
  await expect(page.getByRole('heading', { level: 2, name: 'Jede Welle im Schnee sehen' })).toBeVisible();
});

test('hotspots open one at a time, say what they show and close again', async ({ page }) => {
  await page.goto('/');
  const helmet = page.getByRole('button', { name: 'Show Kestrel MIPS Helmet' });
  await helmet.scrollIntoViewIfNeeded();
  const markers = page.getByRole('button', { name: /^Show (?!slide group)/ });
  // Spec §5: the hotspot without a data type and the one without a title are dropped, and
  // on a phone the square crop hides the two that lie outside it.
  await expect(markers).toHaveCount(test.info().project.name === 'mobile' ? 3 : 5);

  await helmet.click();
  const popup = page.getByRole('dialog', { name: 'Kestrel MIPS Helmet' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Shop the helmet' })).toHaveAttribute(
    'href',
    /\/en-us\/p\/kestrel-mips-helmet\?colour=/,
  );
  await expect(page.getByRole('button', { name: 'Hide Kestrel MIPS Helmet' })).toHaveAttribute('aria-expanded', 'true');

  if (test.info().project.name === 'mobile') {
    // The popup takes over the image with its own close control (spec §4).
    await popup.getByRole('button', { name: 'Close' }).click();
  } else {
    await page.keyboard.press('Escape');
  }
  await expect(popup).toBeHidden();
  await expect(helmet).toBeFocused();

  // At most one is active: the takeover covers the other markers until it is closed.
  await helmet.click();
  await popup.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Show Couloir Carbon Binding' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Couloir Carbon Binding' })).toBeVisible();
});

test('a missing page shows the content-managed 404 page', async ({ page }) => {
  const response = await page.goto('/en-us/this-trail-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Looks like you’ve gone off-piste' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'You might like' })).toBeVisible();
});

test('the home page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
});
